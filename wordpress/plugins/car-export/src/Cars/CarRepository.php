<?php
declare(strict_types=1);

namespace CarExport\Cars;

use CarExport\Media\ImageData;

/**
 * Loads cars as plain arrays for the read APIs. A batch of any size costs the same few queries:
 * the posts with their meta, then every image they use with its meta.
 *
 * @phpstan-import-type Image from ImageData
 * @phpstan-type Car array<string, mixed>
 */
final class CarRepository {

	/**
	 * The fields of a car card (lists, favourites), named as the GraphQL Car type names them.
	 */
	public const CARD_FIELDS = array( 'databaseId', 'title', 'price', 'priceText', 'brand', 'model', 'year', 'mileage', 'bodyType', 'fuelType', 'transmission', 'features', 'description', 'image', 'saleStatus' );

	/**
	 * Published cars in the order of $ids; unknown, unpublished and non-car ids are left out.
	 *
	 * @param array<int|string> $ids
	 * @return list<Car>
	 */
	public function find_many( array $ids ): array {
		$ids = self::positive_ids( $ids );
		if ( array() === $ids ) {
			return array();
		}
		_prime_post_caches( $ids, false, true );

		$posts = array();
		foreach ( $ids as $id ) {
			$post = get_post( $id );
			if ( self::is_public_car( $post ) ) {
				$posts[] = $post;
			}
		}
		ImageData::prime( self::image_ids( $posts ) );

		return array_map( array( $this, 'to_array' ), $posts );
	}

	/**
	 * The ids of $ids that are published cars, in the same order, without loading their fields.
	 *
	 * @param array<int|string> $ids
	 * @return list<int>
	 */
	public function public_ids( array $ids ): array {
		$ids = self::positive_ids( $ids );
		if ( array() === $ids ) {
			return array();
		}
		_prime_post_caches( $ids, false, false );
		return array_values( array_filter( $ids, static fn ( int $id ): bool => self::is_public_car( get_post( $id ) ) ) );
	}

	/**
	 * A car's card: the CARD_FIELDS of its full array, values exactly as GraphQL returns them.
	 *
	 * @param Car $car
	 * @return Car
	 */
	public static function card( array $car ): array {
		$card = array_intersect_key( $car, array_flip( self::CARD_FIELDS ) );
		// GraphQL answers an enum by its name (AVAILABLE), not by the stored value (available).
		if ( isset( $card['saleStatus'] ) ) {
			$card['saleStatus'] = strtoupper( (string) $card['saleStatus'] );
		}
		return $card;
	}

	/**
	 * @param array<int|string> $ids
	 * @return list<int>
	 */
	private static function positive_ids( array $ids ): array {
		return array_values( array_unique( array_filter( array_map( 'intval', $ids ), static fn ( int $id ): bool => $id > 0 ) ) );
	}

	/**
	 * @return Car|null
	 */
	public function find( int $id ): ?array {
		$cars = $this->find_many( array( $id ) );
		return $cars[0] ?? null;
	}

	/**
	 * @phpstan-assert-if-true \WP_Post $post
	 */
	public static function is_public_car( mixed $post ): bool {
		return $post instanceof \WP_Post
			&& CarFields::POST_TYPE === $post->post_type
			&& 'publish' === $post->post_status;
	}

	/**
	 * @param list<\WP_Post> $posts
	 * @return list<int>
	 */
	private static function image_ids( array $posts ): array {
		$ids = array();
		foreach ( $posts as $post ) {
			$ids[] = (int) get_post_meta( $post->ID, '_thumbnail_id', true );
			foreach ( self::gallery_ids( $post->ID ) as $gallery_id ) {
				$ids[] = $gallery_id;
			}
		}
		return $ids;
	}

	/**
	 * @return list<int>
	 */
	private static function gallery_ids( int $post_id ): array {
		$gallery = get_post_meta( $post_id, CarFields::meta_key( 'gallery' ), true );
		if ( is_string( $gallery ) ) {
			// Tolerate a comma-separated list, the shape a hand-made import might store.
			$gallery = explode( ',', $gallery );
		}
		if ( ! is_array( $gallery ) ) {
			return array();
		}
		return array_values( array_filter( array_map( 'intval', $gallery ), static fn ( int $id ): bool => $id > 0 ) );
	}

	/**
	 * The array the GraphQL Car type (and any other reader) resolves from: post fields plus
	 * every CarFields entry cast to its type. $fields replaces stored values (a preview's unsaved
	 * edits); the gallery is always the stored one, since images are saved as soon as they are chosen.
	 *
	 * @param array<string, mixed> $fields Field key => value as the car form stores it.
	 * @return Car
	 */
	public function to_array( \WP_Post $post, array $fields = array() ): array {
		$car = array(
			'id'          => (string) $post->ID,
			'databaseId'  => $post->ID,
			'slug'        => $post->post_name,
			'title'       => self::plain( $post->post_title ),
			'description' => self::render_content( $post->post_content ),
			'date'        => self::iso_date( $post->post_date_gmt, $post->post_date ),
			'modified'    => self::iso_date( $post->post_modified_gmt, $post->post_modified ),
		);
		foreach ( CarFields::all() as $key => $field ) {
			$stored      = 'ids' !== $field['type'] && array_key_exists( $key, $fields ) ? $fields[ $key ] : get_post_meta( $post->ID, $field['meta'], true );
			$car[ $key ] = self::cast( $stored, $field['type'] );
		}
		$car['featured']   = (bool) $car['featured'];
		$car['saleStatus'] = SaleStatus::normalize( $car['saleStatus'] );
		$car['priceText']  = self::price_text( $car['price'] );

		$gallery = ImageData::from_attachments( self::gallery_ids( $post->ID ) );
		$image   = ImageData::from_attachment( (int) get_post_meta( $post->ID, '_thumbnail_id', true ) ) ?? ( $gallery[0] ?? null );

		$car['image']  = $image;
		$car['images'] = array() === $gallery && null !== $image ? array( $image ) : $gallery;
		unset( $car['gallery'] );

		return $car;
	}

	/**
	 * Meta is stored as strings; the API wants real types and null for "not set".
	 */
	private static function cast( mixed $value, string $type ): mixed {
		switch ( $type ) {
			case 'int':
				return is_numeric( $value ) ? (int) $value : null;
			case 'bool':
				return '1' === (string) ( is_scalar( $value ) ? $value : '' );
			case 'list':
				return is_array( $value )
					? array_values( array_filter( array_map( array( self::class, 'plain' ), array_filter( $value, 'is_scalar' ) ), static fn ( string $item ): bool => '' !== $item ) )
					: array();
			case 'ids':
				return is_array( $value ) ? array_values( array_map( 'intval', $value ) ) : array();
			default:
				$text = is_scalar( $value ) ? self::plain( (string) $value ) : '';
				return '' === $text ? null : $text;
		}
	}

	public static function price_text( mixed $price ): string {
		return is_int( $price ) ? '$' . number_format( $price ) : 'Contact for Price';
	}

	/**
	 * Titles and meta are plain text; kses may have stored "&amp;", which a JSON client would show.
	 */
	public static function plain( mixed $text ): string {
		return trim( html_entity_decode( wp_strip_all_tags( (string) $text ), ENT_QUOTES | ENT_HTML5, 'UTF-8' ) );
	}

	/**
	 * The_content's core steps without theme or plugin filters, which assume a rendered page.
	 */
	public static function render_content( string $content ): string {
		if ( '' === trim( $content ) ) {
			return '';
		}
		if ( has_blocks( $content ) ) {
			$content = do_blocks( $content );
		}
		return trim( do_shortcode( shortcode_unautop( wpautop( $content ) ) ) );
	}

	public static function iso_date( string $gmt, string $local ): string {
		if ( '' === $gmt || str_starts_with( $gmt, '0000-00-00' ) ) {
			$gmt = get_gmt_from_date( $local );
		}
		$time = strtotime( $gmt . ' UTC' );
		return gmdate( 'Y-m-d\TH:i:s\Z', false === $time ? 0 : $time );
	}

	/** Cars per batch when a job walks the whole catalogue. */
	private const WALK_BATCH = 500;

	/**
	 * Visits every car post in id order, a batch at a time, so a job over the whole catalogue
	 * (rebuilding the search table) keeps memory flat at 100,000 cars: each batch's posts and meta
	 * load in two queries, and each car's are released once it has been visited.
	 *
	 * @param bool                $editable_only only the statuses staff edit (published, draft,
	 *                                           pending, private, scheduled); else every car post.
	 * @param callable(int): bool $visit         called with each car's id; returns whether it counts.
	 * @return int How many visits counted.
	 */
	public static function walk( bool $editable_only, callable $visit ): int {
		$count = 0;
		foreach ( self::batches( $editable_only ) as $ids ) {
			_prime_post_caches( $ids, false, true );
			foreach ( $ids as $id ) {
				if ( $visit( $id ) ) {
					++$count;
				}
			}
			// Whatever the batch loaded (posts, meta, anything a visit read) goes before the next one.
			wp_cache_flush_runtime();
		}
		return $count;
	}

	/**
	 * The ids of every car post in id order, a batch at a time, for a job that reads each batch's
	 * posts and meta itself.
	 *
	 * @param bool $editable_only as walk() takes it.
	 * @return \Generator<int, list<int>>
	 */
	public static function batches( bool $editable_only ): \Generator {
		$last_id = 0;
		do {
			$ids = self::ids_after( $last_id, $editable_only );
			if ( array() !== $ids ) {
				yield $ids;
			}
			$fetched = count( $ids );
			$last_id = 0 === $fetched ? $last_id : (int) end( $ids );
		} while ( self::WALK_BATCH === $fetched );
	}

	/**
	 * @return list<int>
	 */
	private static function ids_after( int $last_id, bool $editable_only ): array {
		global $wpdb;
		// In id order along the primary key: by the type and status index MariaDB gathered and sorted
		// every car again for each batch (30 ms a batch, 6 s of a 100,000-car export).
		$ids = $editable_only
			? $wpdb->get_col(
				$wpdb->prepare(
					"SELECT ID FROM {$wpdb->posts} FORCE INDEX (PRIMARY) WHERE post_type = %s AND post_status IN ('publish','draft','pending','private','future') AND ID > %d ORDER BY ID ASC LIMIT %d",
					CarFields::POST_TYPE,
					$last_id,
					self::WALK_BATCH
				)
			)
			: $wpdb->get_col(
				$wpdb->prepare(
					"SELECT ID FROM {$wpdb->posts} FORCE INDEX (PRIMARY) WHERE post_type = %s AND ID > %d ORDER BY ID ASC LIMIT %d",
					CarFields::POST_TYPE,
					$last_id,
					self::WALK_BATCH
				)
			);
		return array_values( array_map( 'intval', $ids ) );
	}
}
