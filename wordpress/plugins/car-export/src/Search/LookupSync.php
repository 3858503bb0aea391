<?php
declare(strict_types=1);

namespace CarExport\Search;

use CarExport\Cars\CarFields;
use CarExport\Cars\CarRepository;
use CarExport\Cars\SaleStatus;
use CarExport\Service;

/**
 * Keeps one LookupTable row per car in step with the car's post and meta.
 *
 * A save touches many meta keys; syncing on each would rewrite the row two dozen times. So meta
 * changes only mark the car as pending, and the row is written once: right away on
 * wp_after_insert_post (which core fires after the meta of an admin, REST or meta_input save),
 * or at shutdown for meta changed on its own.
 */
final class LookupSync implements Service {


	/** Statuses of posts that are not cars yet; they get no row. */
	private const SKIPPED_STATUSES = array( 'auto-draft', 'inherit' );

	/** @var array<int, true> Cars whose row is out of date. */
	private static array $pending = array();

	/** @var array<int, string> Car id => post status written to its row during this request. */
	private static array $synced = array();

	public function register(): void {
		add_action( 'wp_after_insert_post', array( $this, 'on_after_insert' ), 10, 4 );
		add_action( 'added_post_meta', array( $this, 'on_meta_change' ), 10, 3 );
		add_action( 'updated_post_meta', array( $this, 'on_meta_change' ), 10, 3 );
		add_action( 'deleted_post_meta', array( $this, 'on_meta_change' ), 10, 3 );
		add_action( 'transition_post_status', array( $this, 'on_status_transition' ), 10, 3 );
		add_action( 'trashed_post', array( $this, 'on_status_change' ) );
		add_action( 'untrashed_post', array( $this, 'on_status_change' ) );
		add_action( 'deleted_post', array( $this, 'on_deleted' ), 10, 2 );
		add_action( 'shutdown', array( $this, 'flush' ) );
	}

	public function on_after_insert( int $post_id, \WP_Post $post, bool $update, ?\WP_Post $post_before ): void {
		$was_car = null !== $post_before && CarFields::POST_TYPE === $post_before->post_type;
		if ( CarFields::POST_TYPE === $post->post_type || $was_car ) {
			self::sync( $post_id );
		}
	}

	/**
	 * @param int|array<int, int> $meta_ids Unused; core passes one id or, on delete, a list.
	 */
	public function on_meta_change( $meta_ids, int $object_id, string $meta_key ): void {
		if ( $object_id > 0 && str_starts_with( $meta_key, '_car_' ) && CarFields::POST_TYPE === get_post_type( $object_id ) ) {
			self::$pending[ $object_id ] = true;
		}
	}

	public function on_status_transition( string $new_status, string $old_status, \WP_Post $post ): void {
		if ( CarFields::POST_TYPE === $post->post_type && $new_status !== $old_status ) {
			$this->mark_if_status_differs( $post->ID, $new_status );
		}
	}

	public function on_status_change( int $post_id ): void {
		$status = get_post_status( $post_id );
		if ( false !== $status && CarFields::POST_TYPE === get_post_type( $post_id ) ) {
			$this->mark_if_status_differs( $post_id, $status );
		}
	}

	public function on_deleted( int $post_id, ?\WP_Post $post = null ): void {
		// Deleting a post first deletes its meta, which marked it pending; nothing is left to sync.
		unset( self::$pending[ $post_id ], self::$synced[ $post_id ] );
		if ( null === $post || CarFields::POST_TYPE === $post->post_type ) {
			self::delete_row( $post_id );
		}
	}

	public function flush(): void {
		// sync() may trigger hooks that mark more cars, so drain until nothing is left.
		while ( array() !== self::$pending ) {
			$post_id = (int) array_key_first( self::$pending );
			self::sync( $post_id );
		}
	}

	/**
	 * Writes (or removes) the lookup row of one post from its current post and meta.
	 */
	public static function sync( int $post_id ): void {
		self::write( $post_id );
	}

	/**
	 * Rebuilds every row from the posts table, in batches so memory stays flat at 100,000 cars,
	 * and drops rows whose car no longer exists.
	 *
	 * @return int Number of car rows written.
	 */
	public static function rebuild_all(): int {
		global $wpdb;
		$count = CarRepository::walk( false, static fn ( int $id ): bool => self::write( $id ) );

		// The table's name written out (LookupTable::name()) so the statement is checkable as a literal.
		$wpdb->query(
			$wpdb->prepare(
				"DELETE l FROM {$wpdb->prefix}car_lookup AS l LEFT JOIN {$wpdb->posts} AS p ON p.ID = l.car_id AND p.post_type = %s WHERE p.ID IS NULL",
				CarFields::POST_TYPE
			)
		);
		FacetCounts::rebuild();
		SearchCache::bump();
		return $count;
	}

	/**
	 * @return bool Whether a car row was written (false when the row was removed or the write failed).
	 */
	private static function write( int $post_id ): bool {
		unset( self::$pending[ $post_id ] );
		$post = get_post( $post_id );
		if ( ! $post instanceof \WP_Post || CarFields::POST_TYPE !== $post->post_type || in_array( $post->post_status, self::SKIPPED_STATUSES, true ) ) {
			unset( self::$synced[ $post_id ] );
			self::delete_row( $post_id );
			return false;
		}

		global $wpdb;
		$row    = self::row( $post );
		$before = self::current_row( $post_id );
		if ( false === $wpdb->replace( LookupTable::name(), $row, self::formats( $row ) ) ) {
			unset( self::$synced[ $post_id ] );
			return false;
		}
		self::$synced[ $post_id ] = $post->post_status;
		self::changed( $before, $row );
		return true;
	}

	private function mark_if_status_differs( int $post_id, string $status ): void {
		// wp_after_insert_post has usually written this status already; skip a second write.
		if ( ( self::$synced[ $post_id ] ?? null ) !== $status ) {
			self::$pending[ $post_id ] = true;
		}
	}

	private static function delete_row( int $post_id ): void {
		global $wpdb;
		$before = self::current_row( $post_id );
		if ( null !== $before ) {
			$wpdb->delete( LookupTable::name(), array( 'car_id' => $post_id ), array( '%d' ) );
			self::changed( $before, null );
		}
	}

	/**
	 * The car's row as stored (the columns the facet counts and the search rules read), or null when it has none.
	 *
	 * @return array<string, mixed>|null
	 */
	private static function current_row( int $post_id ): ?array {
		global $wpdb;
		$row = $wpdb->get_row( $wpdb->prepare( "SELECT status, sale_status, brand, model, body_type, fuel_type, transmission, drive_type, year, price, search_text FROM {$wpdb->prefix}car_lookup WHERE car_id = %d", $post_id ), ARRAY_A );
		return is_array( $row ) ? $row : null;
	}

	/**
	 * A row changed: the facet counts follow it, and the kept search answers it can be part of go.
	 *
	 * @param array<string, mixed>|null $before
	 * @param array<string, mixed>|null $after
	 */
	private static function changed( ?array $before, ?array $after ): void {
		SearchCache::changed( $before, $after, FacetCounts::apply( $before, $after ) );
	}

	/**
	 * @return array<string, int|string|null>
	 */
	private static function row( \WP_Post $post ): array {
		$meta  = static fn ( string $key ): string => self::meta_text( $post->ID, $key );
		$title = self::clip( wp_strip_all_tags( $post->post_title ), 255 );
		$brand = self::clip( $meta( 'brand' ), 100 );
		$model = self::clip( $meta( 'model' ), 100 );
		$year  = self::number( $meta( 'year' ), 65535 );
		// The search text is kept to what its indexed column holds, so the words a buyer searches by
		// most (make, model, trim, year) come first and the free-text subtitle last.
		$haystack = array( $brand, $model, $meta( 'trim' ), null === $year ? '' : (string) $year, $title, $meta( 'subtitle' ) );

		return array(
			'car_id'       => $post->ID,
			'status'       => $post->post_status,
			'post_date'    => $post->post_date,
			'title'        => $title,
			'stock_number' => self::clip( $meta( 'stockNumber' ), LookupTable::STOCK_NUMBER_LENGTH ),
			'search_text'  => self::clip( mb_strtolower( trim( (string) preg_replace( '/\s+/u', ' ', implode( ' ', $haystack ) ) ) ), LookupTable::SEARCH_TEXT_LENGTH ),
			'price'        => self::number( $meta( 'price' ), PHP_INT_MAX ),
			'brand'        => $brand,
			'model'        => $model,
			'year'         => $year,
			'mileage'      => self::number( $meta( 'mileage' ), 4294967295 ),
			'body_type'    => self::clip( $meta( 'bodyType' ), 50 ),
			'fuel_type'    => self::clip( $meta( 'fuelType' ), 50 ),
			'transmission' => self::clip( $meta( 'transmission' ), 50 ),
			'drive_type'   => self::clip( $meta( 'driveType' ), 20 ),
			'featured'     => '1' === $meta( 'featured' ) ? 1 : 0,
			'sale_status'  => SaleStatus::normalize( $meta( 'saleStatus' ) ),
		);
	}

	/**
	 * @param array<string, int|string|null> $row
	 * @return list<string>
	 */
	private static function formats( array $row ): array {
		$formats = array();
		foreach ( $row as $value ) {
			// wpdb writes NULL for a null value whatever its format says.
			$formats[] = is_int( $value ) ? '%d' : '%s';
		}
		return $formats;
	}

	private static function meta_text( int $post_id, string $field_key ): string {
		$value = get_post_meta( $post_id, CarFields::meta_key( $field_key ), true );
		return is_scalar( $value ) ? trim( (string) $value ) : '';
	}

	/** A non-negative whole number, or null when unset or unusable (NULL sorts as "unknown"). */
	private static function number( string $value, int $max ): ?int {
		if ( ! preg_match( '/^\d{1,18}$/', $value ) ) {
			return null;
		}
		$number = (int) $value;
		return $number <= $max ? $number : null;
	}

	private static function clip( string $text, int $length ): string {
		return mb_substr( $text, 0, $length );
	}
}
