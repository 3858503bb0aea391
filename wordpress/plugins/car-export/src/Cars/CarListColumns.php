<?php
declare(strict_types=1);

namespace CarExport\Cars;

use CarExport\Admin\Assets;
use CarExport\Search\LookupTable;
use CarExport\Service;

/**
 * Image, price, stock number, sale status, brand, year, mileage and featured columns on the Cars
 * list screen, sortable through the typed lookup table (the stock number by its own indexed column): postmeta holds numbers as strings (so
 * "9000" > "45000") and has no row for an empty price, which the list must show last rather than
 * drop. The list's search also finds a car by stock number, brand or model.
 */
final class CarListColumns implements Service {

	/** Column key => orderby value it sorts by. */
	private const SORTABLE = array(
		'car_price'    => 'car_price',
		'car_brand'    => 'car_brand',
		'car_year'     => 'car_year',
		'car_featured' => 'car_featured',
		'car_status'   => 'car_status',
		'car_mileage'  => 'car_mileage',
		'car_stock'    => 'car_stock',
	);

	private bool $thumbnails_primed = false;

	public function register(): void {
		$type = CarFields::POST_TYPE;
		add_filter( "manage_{$type}_posts_columns", array( $this, 'columns' ) );
		add_action( "manage_{$type}_posts_custom_column", array( $this, 'render_column' ), 10, 2 );
		add_filter( "manage_edit-{$type}_sortable_columns", array( $this, 'sortable_columns' ) );
		add_filter( 'posts_clauses', array( $this, 'order_clauses' ), 10, 2 );
		add_filter( 'posts_search', array( $this, 'search_clause' ), 10, 2 );
		add_action( 'admin_enqueue_scripts', array( $this, 'enqueue_styles' ) );
	}

	/**
	 * @param array<string, string> $columns
	 * @return array<string, string>
	 */
	public function columns( array $columns ): array {
		$result = array();
		foreach ( $columns as $key => $label ) {
			if ( 'title' === $key ) {
				$result['car_image'] = __( 'Image', 'car-export' );
			}
			if ( 'date' === $key ) {
				$result['car_stock']    = __( 'Stock no.', 'car-export' );
				$result['car_status']   = __( 'Sale status', 'car-export' );
				$result['car_price']    = __( 'Price', 'car-export' );
				$result['car_brand']    = __( 'Brand', 'car-export' );
				$result['car_year']     = __( 'Year', 'car-export' );
				$result['car_mileage']  = __( 'Mileage', 'car-export' );
				$result['car_featured'] = __( 'Featured', 'car-export' );
			}
			$result[ $key ] = $label;
		}
		return $result;
	}

	/**
	 * First click sorts prices and brands up, years and the featured flag down (newest, starred first).
	 *
	 * @param array<string, string|array{0: string, 1?: bool}> $columns
	 * @return array<string, string|array{0: string, 1?: bool}>
	 */
	public function sortable_columns( array $columns ): array {
		$columns['car_price']    = array( 'car_price', false );
		$columns['car_brand']    = array( 'car_brand', false );
		$columns['car_year']     = array( 'car_year', true );
		$columns['car_featured'] = array( 'car_featured', true );
		$columns['car_status']   = array( 'car_status', false );
		$columns['car_mileage']  = array( 'car_mileage', false );
		$columns['car_stock']    = array( 'car_stock', false );
		return $columns;
	}

	public function render_column( string $column, int $post_id ): void {
		switch ( $column ) {
			case 'car_image':
				$this->render_image( $post_id );
				break;
			case 'car_price':
				echo esc_html( self::price_text( (string) get_post_meta( $post_id, CarFields::meta_key( 'price' ), true ) ) );
				break;
			case 'car_brand':
			case 'car_year':
				$value = (string) get_post_meta( $post_id, CarFields::meta_key( substr( $column, 4 ) ), true );
				$this->render_text_or_dash( $value );
				break;
			case 'car_stock':
				$this->render_text_or_dash( (string) get_post_meta( $post_id, CarFields::meta_key( 'stockNumber' ), true ) );
				break;
			case 'car_mileage':
				$mileage = (string) get_post_meta( $post_id, CarFields::meta_key( 'mileage' ), true );
				$new     = 'New' === get_post_meta( $post_id, CarFields::meta_key( 'condition' ), true );
				// A new car has no mileage to speak of: "0 mi 0 km" read as a missing value.
				if ( $new && ( '' === $mileage || '0' === $mileage ) ) {
					echo esc_html__( 'New', 'car-export' );
					break;
				}
				if ( ! preg_match( '/^\d+$/', $mileage ) ) {
					$this->render_text_or_dash( '' );
					break;
				}
				// Stored in miles; staff who think in kilometres read both, as on the car form. One unit a
				// line: the column is narrow, and a wrap inside "12,553 km" would part a figure from its unit.
				echo esc_html( number_format( (int) $mileage ) . ' mi' ) . '<br>' . esc_html( number_format( Mileage::to_km( (int) $mileage ) ) . ' km' );
				break;
			case 'car_status':
				$status = SaleStatus::normalize( get_post_meta( $post_id, CarFields::meta_key( 'saleStatus' ), true ) );
				printf( '<span class="car-status car-status-%s">%s</span>', esc_attr( $status ), esc_html( CarFields::SALE_STATUSES[ $status ] ?? $status ) );
				break;
			case 'car_featured':
				$this->render_featured( '1' === get_post_meta( $post_id, CarFields::meta_key( 'featured' ), true ) );
				break;
		}
	}

	/** "$45,000", or the catalogue's wording when no price is set. */
	public static function price_text( string $price ): string {
		if ( ! preg_match( '/^\d+$/', $price ) ) {
			return __( 'Contact for Price', 'car-export' );
		}
		return '$' . number_format( (int) $price );
	}

	/**
	 * Replaces the ORDER BY of the admin Cars list when it is sorted by one of these columns.
	 * Unset values (NULL, or an empty brand) always go last, whatever the direction.
	 *
	 * @param array<string, string> $clauses
	 * @return array<string, string>
	 */
	public function order_clauses( array $clauses, \WP_Query $query ): array {
		$orderby = $query->get( 'orderby' );
		if ( ! is_admin() || ! $query->is_main_query() || ! is_string( $orderby ) || ! in_array( $orderby, self::SORTABLE, true ) ) {
			return $clauses;
		}
		if ( CarFields::POST_TYPE !== $query->get( 'post_type' ) ) {
			return $clauses;
		}

		global $wpdb;
		$table     = LookupTable::name();
		$direction = 'ASC' === strtoupper( (string) $query->get( 'order' ) ) ? 'ASC' : 'DESC';
		$posts     = $wpdb->posts;
		$sort      = match ( $orderby ) {
			'car_price' => "car_lookup.price IS NULL ASC, car_lookup.price {$direction}",
			'car_brand' => "COALESCE(car_lookup.brand, '') = '' ASC, car_lookup.brand {$direction}",
			'car_year' => "car_lookup.year IS NULL ASC, car_lookup.year {$direction}",
			'car_mileage' => "car_lookup.mileage IS NULL ASC, car_lookup.mileage {$direction}",
			'car_status' => "COALESCE(car_lookup.sale_status, 'available') {$direction}",
			'car_stock' => "COALESCE(car_lookup.stock_number, '') = '' ASC, car_lookup.stock_number {$direction}",
			default => "COALESCE(car_lookup.featured, 0) {$direction}",
		};

		$clauses['join']   .= " LEFT JOIN {$table} AS car_lookup ON car_lookup.car_id = {$posts}.ID";
		$clauses['orderby'] = "{$sort}, {$posts}.post_date DESC, {$posts}.ID DESC";
		return $clauses;
	}

	/**
	 * The Cars list's search: a car whose title, brand, model or stock number contains what was typed
	 * (core searches title and text only, and staff look a car up by its stock number, often by its
	 * last digits). Both are read from the lookup table: words from its search text (make, model,
	 * trim, year, title and subtitle), the stock number from its own narrow index, which MariaDB
	 * reads whole for a part of a number in a few milliseconds. Neither reads the posts table's rows
	 * (the title there sits beside the description) or every car's meta: at 100,000 cars those
	 * scans took most of a second.
	 *
	 * @param string $search The search clause core built.
	 */
	public function search_clause( string $search, \WP_Query $query ): string {
		$term = $query->get( 's' );
		if ( ! is_admin() || ! $query->is_main_query() || CarFields::POST_TYPE !== $query->get( 'post_type' ) || ! is_string( $term ) || '' === trim( $term ) ) {
			return $search;
		}
		global $wpdb;
		$words  = '%' . $wpdb->esc_like( mb_strtolower( trim( $term ) ) ) . '%';
		$part   = '%' . $wpdb->esc_like( trim( $term ) ) . '%';
		$lookup = LookupTable::name();
		$posts  = $wpdb->posts;
		// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table names are ours and WordPress's.
		return $wpdb->prepare( " AND ({$posts}.ID IN (SELECT car_id FROM {$lookup} WHERE search_text LIKE %s) OR {$posts}.ID IN (SELECT car_id FROM {$lookup} WHERE stock_number LIKE %s))", $words, $part );
	}

	/**
	 * The column widths and thumbnails, on the Cars list only.
	 *
	 * @param string $hook_suffix The admin page being loaded.
	 */
	public function enqueue_styles( string $hook_suffix ): void {
		if ( Assets::is_list_screen( $hook_suffix, CarFields::POST_TYPE ) ) {
			Assets::style( 'admin-car-list.css' );
		}
	}

	private function render_image( int $post_id ): void {
		if ( ! $this->thumbnails_primed ) {
			// One query for every row's image instead of one per row.
			$this->thumbnails_primed = true;
			global $wp_query;
			// Quick edit redraws one row over AJAX, where the main query has no posts.
			if ( $wp_query instanceof \WP_Query && is_array( $wp_query->posts ) ) {
				update_post_thumbnail_cache( $wp_query );
			}
		}
		$thumbnail_id = (int) get_post_thumbnail_id( $post_id );
		$source       = $thumbnail_id > 0 ? wp_get_attachment_image_src( $thumbnail_id, CarPostType::IMAGE_SIZE ) : false;
		if ( false === $source ) {
			echo '<span class="car-no-image" aria-hidden="true"></span>';
			return;
		}
		// The 300px crop, drawn at 48px: sharp on high-density screens and already square.
		printf( '<img src="%s" width="48" height="48" alt="" loading="lazy" decoding="async">', esc_url( $source[0] ) );
	}

	private function render_text_or_dash( string $value ): void {
		if ( '' === $value ) {
			echo '<span aria-hidden="true">&mdash;</span><span class="screen-reader-text">' . esc_html__( 'Not set', 'car-export' ) . '</span>';
			return;
		}
		echo esc_html( $value );
	}

	private function render_featured( bool $featured ): void {
		if ( $featured ) {
			echo '<span class="car-star" aria-hidden="true">&#9733;</span><span class="screen-reader-text">' . esc_html__( 'Featured', 'car-export' ) . '</span>';
			return;
		}
		echo '<span aria-hidden="true">&mdash;</span><span class="screen-reader-text">' . esc_html__( 'Not featured', 'car-export' ) . '</span>';
	}
}
