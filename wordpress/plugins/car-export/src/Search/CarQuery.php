<?php
declare(strict_types=1);

namespace CarExport\Search;

use CarExport\Cars\SaleStatus;

/**
 * Catalogue search over the typed lookup table: one COUNT and one LIMIT query per page,
 * whatever the filters, so the cost does not depend on how many postmeta rows a car has.
 *
 * @phpstan-type Filter array{search?: string, bodyType?: string, fuelType?: string, transmission?: string, brand?: string, model?: string, drive?: string, year?: int, minPrice?: int, maxPrice?: int, includeSold?: bool}
 * @phpstan-type Facets array{brands: list<string>, models: list<string>, bodyTypes: list<string>, fuelTypes: list<string>, transmissions: list<string>, driveTypes: list<string>, years: list<int>, priceRange: array{min: int, max: int}}
 */
final class CarQuery {

	public const ORDER_DATE  = 'date';
	public const ORDER_PRICE = 'price';

	public const MAX_PER_PAGE = 100;

	/** More terms than this add no precision, only LIKE scans. */
	private const MAX_TERMS = 8;

	/** Filter key => lookup column, for the exact-match facet filters. */
	private const EXACT_COLUMNS = array(
		'bodyType'     => 'body_type',
		'fuelType'     => 'fuel_type',
		'transmission' => 'transmission',
		'brand'        => 'brand',
		'model'        => 'model',
		'drive'        => 'drive_type',
	);

	/** Facet name in the result => lookup column. */
	private const FACET_COLUMNS = array(
		'brands'        => 'brand',
		'models'        => 'model',
		'bodyTypes'     => 'body_type',
		'fuelTypes'     => 'fuel_type',
		'transmissions' => 'transmission',
		'driveTypes'    => 'drive_type',
	);

	/** @var Filter */
	private array $filter;
	private string $order_by;
	private bool $ascending;
	private int $page;
	private int $per_page;

	/**
	 * @param Filter $filter already validated; empty strings mean "no filter".
	 */
	public function __construct( array $filter, string $order_by = self::ORDER_DATE, string $order = 'DESC', int $page = 1, int $per_page = 12 ) {
		$this->filter    = $filter;
		$this->order_by  = self::ORDER_PRICE === $order_by ? self::ORDER_PRICE : self::ORDER_DATE;
		$this->ascending = 'ASC' === strtoupper( $order );
		$this->page      = max( 1, $page );
		$this->per_page  = min( self::MAX_PER_PAGE, max( 1, $per_page ) );
	}

	/**
	 * @return array{ids: list<int>, total: int}
	 */
	public function run(): array {
		global $wpdb;
		$table                  = LookupTable::name();
		list( $where, $params ) = $this->where();

		// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table name and placeholders are ours.
		$total = (int) $wpdb->get_var( $wpdb->prepare( "SELECT COUNT(*) FROM {$table} WHERE {$where}", $params ) );
		self::assert_no_db_error();
		$offset = ( $this->page - 1 ) * $this->per_page;
		if ( $offset >= $total ) {
			// Past the last page there is nothing to fetch: save the second query.
			return array(
				'ids'   => array(),
				'total' => $total,
			);
		}

		$order_sql = $this->order_sql();
		$params[]  = $this->per_page;
		$params[]  = $offset;
		// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table name, ORDER BY and placeholders are ours.
		$ids = $wpdb->get_col( $wpdb->prepare( "SELECT car_id FROM {$table} WHERE {$where} ORDER BY {$order_sql} LIMIT %d OFFSET %d", $params ) );
		self::assert_no_db_error();

		return array(
			'ids'   => array_map( 'intval', $ids ),
			'total' => $total,
		);
	}

	/**
	 * Published featured cars that are not sold, newest first.
	 *
	 * @return list<int>
	 */
	public static function featured( int $limit ): array {
		global $wpdb;
		$table = LookupTable::name();
		// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table name is ours.
		$ids = $wpdb->get_col( $wpdb->prepare( "SELECT car_id FROM {$table} WHERE status = %s AND featured = 1 AND sale_status <> %s ORDER BY post_date DESC, car_id DESC LIMIT %d", 'publish', SaleStatus::SOLD, max( 1, $limit ) ) );
		self::assert_no_db_error();
		return array_map( 'intval', $ids );
	}

	/**
	 * Cars like the given one: the same body type, a price within PRICE_BAND of its price, available
	 * (not reserved, not sold), itself excluded; the closest price first, then the newest. A car
	 * without a price has no band: its similar cars are the newest available ones of its body type.
	 *
	 * @return list<int>
	 */
	public static function similar( int $car_id, string $body_type, ?int $price, int $limit ): array {
		global $wpdb;
		if ( '' === trim( $body_type ) ) {
			return array();
		}
		$table  = LookupTable::name();
		$where  = 'status = %s AND sale_status = %s AND body_type = %s AND car_id <> %d';
		$params = array( 'publish', SaleStatus::AVAILABLE, $body_type, $car_id );
		$order  = 'post_date DESC, car_id DESC';
		if ( null !== $price ) {
			list( $low, $high ) = self::price_band( $price );
			$where             .= ' AND price BETWEEN %d AND %d';
			$params[]           = $low;
			$params[]           = $high;
			$order              = 'ABS(CAST(price AS SIGNED) - %d) ASC, ' . $order;
		}
		$sql = "SELECT car_id FROM {$table} WHERE {$where} ORDER BY {$order} LIMIT %d";
		if ( null !== $price ) {
			$params[] = $price;
		}
		$params[] = max( 1, $limit );
		// phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared -- table name and placeholders are ours.
		$ids = $wpdb->get_col( $wpdb->prepare( $sql, $params ) );
		self::assert_no_db_error();
		return array_map( 'intval', $ids );
	}

	/** How far a similar car's price may be from the car's own, as a share of it. */
	public const PRICE_BAND = 0.25;

	/**
	 * The inclusive price range of similar cars: ±25 %, the low end rounded up and the high end
	 * down to whole dollars, so a car at exactly 75 % or 125 % is in.
	 *
	 * @return array{0: int, 1: int}
	 */
	public static function price_band( int $price ): array {
		return array( (int) ceil( $price * ( 1 - self::PRICE_BAND ) ), (int) floor( $price * ( 1 + self::PRICE_BAND ) ) );
	}

	/**
	 * Every distinct non-empty facet value and the price range over published cars, in one query
	 * (a UNION of small GROUP BYs that each read one index). Sold cars count only when asked for,
	 * so a filter never offers a value that lists no car.
	 *
	 * @return Facets
	 */
	public static function facets( bool $include_sold = false ): array {
		global $wpdb;
		$table  = LookupTable::name();
		$parts  = array();
		$params = array();
		$sold   = $include_sold ? '' : ' AND sale_status <> ' . $wpdb->prepare( '%s', SaleStatus::SOLD );
		foreach ( self::FACET_COLUMNS as $facet => $column ) {
			// A text column and a NULL number column keep one collation per UNION column.
			$parts[]  = "SELECT %s AS facet, {$column} AS text_value, NULL AS number_value FROM {$table} WHERE status = %s{$sold} AND {$column} <> '' GROUP BY {$column}";
			$params[] = $facet;
			$params[] = 'publish';
		}
		$parts[]  = "SELECT %s, '', year FROM {$table} WHERE status = %s{$sold} AND year IS NOT NULL GROUP BY year";
		$params[] = 'years';
		$params[] = 'publish';
		$parts[]  = "SELECT %s, '', MIN(price) FROM {$table} WHERE status = %s{$sold} AND price IS NOT NULL";
		$params[] = 'priceMin';
		$params[] = 'publish';
		$parts[]  = "SELECT %s, '', MAX(price) FROM {$table} WHERE status = %s{$sold} AND price IS NOT NULL";
		$params[] = 'priceMax';
		$params[] = 'publish';

		// phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared -- every part is a literal with placeholders.
		$rows = $wpdb->get_results( $wpdb->prepare( implode( ' UNION ALL ', $parts ), $params ) );
		self::assert_no_db_error();

		return self::facets_from_rows( is_array( $rows ) ? $rows : array() );
	}

	/**
	 * @param array<mixed> $rows stdClass rows with facet, text_value and number_value.
	 * @return Facets
	 */
	private static function facets_from_rows( array $rows ): array {
		$text  = array_fill_keys( array_keys( self::FACET_COLUMNS ), array() );
		$years = array();
		$price = array(
			'min' => 0,
			'max' => 0,
		);
		foreach ( $rows as $row ) {
			if ( ! is_object( $row ) ) {
				continue;
			}
			$facet  = (string) $row->facet;
			$number = $row->number_value;
			if ( isset( $text[ $facet ] ) ) {
				$text[ $facet ][] = (string) $row->text_value;
			} elseif ( 'years' === $facet ) {
				$years[] = (int) $number;
			} elseif ( 'priceMin' === $facet && null !== $number ) {
				$price['min'] = (int) $number;
			} elseif ( 'priceMax' === $facet && null !== $number ) {
				$price['max'] = (int) $number;
			}
		}
		foreach ( $text as $facet => $values ) {
			usort( $values, 'strnatcasecmp' );
			$text[ $facet ] = $values;
		}
		rsort( $years, SORT_NUMERIC );

		return array(
			'brands'        => $text['brands'],
			'models'        => $text['models'],
			'bodyTypes'     => $text['bodyTypes'],
			'fuelTypes'     => $text['fuelTypes'],
			'transmissions' => $text['transmissions'],
			'driveTypes'    => $text['driveTypes'],
			'years'         => $years,
			'priceRange'    => $price,
		);
	}

	/**
	 * A failed query must not look like "no cars": raise it, and the GraphQL layer logs the
	 * details and tells the client only "Internal server error".
	 */
	private static function assert_no_db_error(): void {
		global $wpdb;
		if ( '' !== $wpdb->last_error ) {
			throw new \RuntimeException( 'Car lookup query failed: ' . $wpdb->last_error );
		}
	}

	/**
	 * @return array{0: string, 1: list<string|int>}
	 */
	private function where(): array {
		global $wpdb;
		$clauses = array( 'status = %s' );
		$params  = array( 'publish' );
		if ( empty( $this->filter['includeSold'] ) ) {
			$clauses[] = 'sale_status <> %s';
			$params[]  = SaleStatus::SOLD;
		}

		foreach ( self::EXACT_COLUMNS as $key => $column ) {
			$value = trim( (string) ( $this->filter[ $key ] ?? '' ) );
			if ( '' !== $value ) {
				// The table's collation is case-insensitive, so "suv" finds "SUV".
				$clauses[] = "{$column} = %s";
				$params[]  = $value;
			}
		}
		if ( isset( $this->filter['year'] ) ) {
			$clauses[] = 'year = %d';
			$params[]  = (int) $this->filter['year'];
		}
		// A price bound means "cars with a known price in range": Contact for Price never matches.
		if ( isset( $this->filter['minPrice'] ) ) {
			$clauses[] = 'price >= %d';
			$params[]  = (int) $this->filter['minPrice'];
		}
		if ( isset( $this->filter['maxPrice'] ) ) {
			$clauses[] = 'price <= %d';
			$params[]  = (int) $this->filter['maxPrice'];
		}
		foreach ( self::terms( (string) ( $this->filter['search'] ?? '' ) ) as $term ) {
			$clauses[] = 'search_text LIKE %s';
			$params[]  = '%' . $wpdb->esc_like( $term ) . '%';
		}

		return array( implode( ' AND ', $clauses ), $params );
	}

	/**
	 * @return list<string>
	 */
	private static function terms( string $search ): array {
		$terms = preg_split( '/\s+/u', trim( $search ), -1, PREG_SPLIT_NO_EMPTY );
		if ( ! is_array( $terms ) ) {
			return array();
		}
		return array_slice( array_values( array_unique( $terms ) ), 0, self::MAX_TERMS );
	}

	private function order_sql(): string {
		$direction = $this->ascending ? 'ASC' : 'DESC';
		if ( self::ORDER_PRICE === $this->order_by ) {
			// "Contact for Price" (NULL) sorts last in both directions; the id keeps pages stable.
			return "price IS NULL ASC, price {$direction}, car_id {$direction}";
		}
		return "post_date {$direction}, car_id {$direction}";
	}
}
