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

	/** Up to this many keyword matches, a page is sorted from the matches rather than walked to. */
	private const SORTED_MATCHES_MAX = 2000;

	/** Filter key => lookup column, for the exact-match facet filters. */
	private const EXACT_COLUMNS = array(
		'bodyType'     => 'body_type',
		'fuelType'     => 'fuel_type',
		'transmission' => 'transmission',
		'brand'        => 'brand',
		'model'        => 'model',
		'drive'        => 'drive_type',
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
		list( $where, $params ) = self::where( $this->filter );

		$total  = self::count( $this->filter );
		$offset = ( $this->page - 1 ) * $this->per_page;
		if ( $offset >= $total ) {
			// Past the last page there is nothing to fetch: save the second query.
			return array(
				'ids'   => array(),
				'total' => $total,
			);
		}

		// An OFFSET walks every row before it, so a page in the back half is read from the other
		// end of the same order (the last page costs what the first does) and turned round.
		list( $limit, $offset, $reversed ) = self::window( $offset, $this->per_page, $total );
		$order_sql                         = $this->order_sql( $reversed );
		$params[]                          = $limit;
		$params[]                          = $offset;
		$index                             = self::page_index( $this->filter, $total );
		// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table name, index hint, ORDER BY and placeholders are ours.
		$ids = array_map( 'intval', $wpdb->get_col( $wpdb->prepare( "SELECT car_id FROM {$table}{$index} WHERE {$where} ORDER BY {$order_sql} LIMIT %d OFFSET %d", $params ) ) );
		self::assert_no_db_error();

		return array(
			'ids'   => $reversed ? array_reverse( $ids ) : $ids,
			'total' => $total,
		);
	}

	/**
	 * How a keyword search's page is read. Few matches: found in the search index and sorted (a walk
	 * down the sort order would read row after row that does not match). Many: the walk down the sort
	 * order meets a page of them within a few rows, where sorting every match would not.
	 *
	 * @param Filter $filter
	 */
	public static function page_index( array $filter, int $total ): string {
		if ( ! self::has_keyword( $filter ) ) {
			return '';
		}
		return $total <= self::SORTED_MATCHES_MAX ? ' FORCE INDEX (status_search)' : ' IGNORE INDEX (status_search)';
	}

	/**
	 * The index that answers a count of $filter's cars: for a keyword the search index, which holds the
	 * text and every column a count reads, so no table row is read; otherwise the planner's choice.
	 *
	 * @param Filter $filter
	 */
	public static function count_index( array $filter ): string {
		return self::has_keyword( $filter ) ? ' FORCE INDEX (status_search)' : '';
	}

	/**
	 * Whether $filter searches by keyword: a blank one is none.
	 *
	 * @param Filter $filter
	 */
	public static function has_keyword( array $filter ): bool {
		return array() !== self::terms( (string) ( $filter['search'] ?? '' ) );
	}

	/**
	 * LIMIT and OFFSET that fetch rows [$offset, $offset + $per_page) of $total, and whether they
	 * are counted from the end (the order reversed) because that end is nearer.
	 *
	 * @return array{0: int, 1: int, 2: bool}
	 */
	public static function window( int $offset, int $per_page, int $total ): array {
		$end = min( $total, $offset + $per_page );
		if ( $offset <= $total - $end ) {
			return array( $per_page, $offset, false );
		}
		return array( $end - $offset, $total - $end, true );
	}

	/**
	 * How many cars $filter matches.
	 *
	 * @param Filter $filter
	 */
	public static function count( array $filter ): int {
		// The counts kept on every save answer the common case without counting rows.
		$kept = FacetCounts::total( $filter );
		if ( null !== $kept ) {
			return $kept;
		}
		global $wpdb;
		$table                  = LookupTable::name();
		list( $where, $params ) = self::where( $filter );
		$index                  = self::count_index( $filter );
		// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table name, index hint and placeholders are ours.
		$total = (int) $wpdb->get_var( $wpdb->prepare( "SELECT COUNT(*) FROM {$table}{$index} WHERE {$where}", $params ) );
		self::assert_no_db_error();
		return $total;
	}

	/**
	 * Whether the search $filter would list the car: the search's own WHERE clause, narrowed to it.
	 *
	 * @param Filter $filter
	 */
	public static function matches( array $filter, int $car_id ): bool {
		global $wpdb;
		$table                  = LookupTable::name();
		list( $where, $params ) = self::where( $filter );
		$params[]               = $car_id;
		// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table name and placeholders are ours.
		$found = $wpdb->get_var( $wpdb->prepare( "SELECT car_id FROM {$table} WHERE {$where} AND car_id = %d", $params ) );
		self::assert_no_db_error();
		return null !== $found;
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
	 * A failed query must not look like "no cars": raise it, and the GraphQL layer logs the
	 * details and tells the client only "Internal server error".
	 */
	public static function assert_no_db_error(): void {
		global $wpdb;
		if ( '' !== $wpdb->last_error ) {
			throw new \RuntimeException( 'Car lookup query failed: ' . $wpdb->last_error );
		}
	}

	/**
	 * The WHERE clause (with its placeholders' values) of the cars $filter matches.
	 *
	 * @param Filter $filter
	 * @return array{0: string, 1: list<string|int>}
	 */
	public static function where( array $filter ): array {
		global $wpdb;
		$clauses = array( 'status = %s' );
		$params  = array( 'publish' );
		if ( empty( $filter['includeSold'] ) ) {
			$clauses[] = 'sale_status <> %s';
			$params[]  = SaleStatus::SOLD;
		}

		foreach ( self::EXACT_COLUMNS as $key => $column ) {
			$value = trim( (string) ( $filter[ $key ] ?? '' ) );
			if ( '' !== $value ) {
				// The table's collation is case-insensitive, so "suv" finds "SUV".
				$clauses[] = "{$column} = %s";
				$params[]  = $value;
			}
		}
		if ( isset( $filter['year'] ) ) {
			$clauses[] = 'year = %d';
			$params[]  = (int) $filter['year'];
		}
		list( $bounds, $limits ) = self::price_bounds( $filter );
		$clauses                 = array_merge( $clauses, $bounds );
		$params                  = array_merge( $params, $limits );
		foreach ( self::terms( (string) ( $filter['search'] ?? '' ) ) as $term ) {
			$clauses[] = 'search_text LIKE %s';
			$params[]  = '%' . $wpdb->esc_like( $term ) . '%';
		}

		return array( implode( ' AND ', $clauses ), $params );
	}

	/**
	 * The price bounds of $filter as conditions with their values. A bound means "cars with a known
	 * price in range": Contact for Price (NULL) never matches one.
	 *
	 * @param Filter $filter
	 * @return array{0: list<string>, 1: list<int>}
	 */
	public static function price_bounds( array $filter ): array {
		$clauses = array();
		$limits  = array();
		if ( isset( $filter['minPrice'] ) ) {
			$clauses[] = 'price >= %d';
			$limits[]  = (int) $filter['minPrice'];
		}
		if ( isset( $filter['maxPrice'] ) ) {
			$clauses[] = 'price <= %d';
			$limits[]  = (int) $filter['maxPrice'];
		}
		return array( $clauses, $limits );
	}

	/**
	 * The keyword's terms as the search applies them: unique, at most MAX_TERMS.
	 *
	 * @return list<string>
	 */
	public static function terms( string $search ): array {
		$terms = preg_split( '/\s+/u', trim( $search ), -1, PREG_SPLIT_NO_EMPTY );
		if ( ! is_array( $terms ) ) {
			return array();
		}
		return array_slice( array_values( array_unique( $terms ) ), 0, self::MAX_TERMS );
	}

	private function order_sql( bool $reversed ): string {
		$direction = $this->ascending !== $reversed ? 'ASC' : 'DESC';
		if ( self::ORDER_PRICE === $this->order_by && array() !== self::price_bounds( $this->filter )[0] ) {
			// A price bound already leaves out cars without a price: the order is the price index's own.
			return "price {$direction}, car_id {$direction}";
		}
		if ( self::ORDER_PRICE === $this->order_by ) {
			// "Contact for Price" (NULL) sorts last in both directions; the id keeps pages stable.
			$nulls = $reversed ? 'DESC' : 'ASC';
			return "price IS NULL {$nulls}, price {$direction}, car_id {$direction}";
		}
		return "post_date {$direction}, car_id {$direction}";
	}
}
