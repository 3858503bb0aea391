<?php
declare(strict_types=1);

namespace CarExport\Tests\Unit;

use CarExport\Search\CarQuery;
use CarExport\Search\FacetCounts;
use CarExport\Search\FacetRules;
use CarExport\Search\LookupTable;
use CarExport\Tests\Unit\Support\WithFakeWpdb;
use PHPUnit\Framework\Attributes\CoversClass;
use PHPUnit\Framework\Attributes\DataProvider;
use PHPUnit\Framework\TestCase;

/**
 * The catalogue search's SQL, read as it is sent: the ORDER BY of every sort the site offers (the
 * explore page's Sort select maps onto these), with the car id as the tie-breaker that keeps pages
 * stable, "Contact for Price" last both ways, and a page in the back half read from the far end.
 */
#[CoversClass( CarQuery::class )]
#[CoversClass( FacetCounts::class )]
#[CoversClass( FacetRules::class )]
#[CoversClass( LookupTable::class )]
final class CatalogueOrderTest extends TestCase {

	use WithFakeWpdb;

	/**
	 * Runs one page of a search over $total matching cars; the database answers $ids.
	 *
	 * @param array<string, mixed> $filter
	 * @param list<int>            $ids
	 * @return array{ids: list<int>, total: int, sql: string}
	 */
	private function page( array $filter, string $order_by, string $order, int $page, int $total, array $ids ): array {
		$this->db->answers = array( (string) $total, $ids );
		$result            = ( new CarQuery( $filter, $order_by, $order, $page, 12 ) )->run();
		$select            = array_values( array_filter( $this->db->statements, static fn ( string $s ): bool => str_starts_with( $s, 'SELECT car_id' ) ) );
		$this->assertCount( 1, $select, 'One SELECT of ids per page.' );
		return $result + array( 'sql' => $select[0] );
	}

	/** @return array<string, array{0: string, 1: string, 2: string}> */
	public static function sorts(): array {
		return array(
			'price, cheapest first'   => array( 'price', 'ASC', 'ORDER BY price IS NULL ASC, price ASC, car_id ASC LIMIT 12 OFFSET 0' ),
			'price, dearest first'    => array( 'price', 'DESC', 'ORDER BY price IS NULL ASC, price DESC, car_id DESC LIMIT 12 OFFSET 0' ),
			'newest first'            => array( 'date', 'DESC', 'ORDER BY post_date DESC, car_id DESC LIMIT 12 OFFSET 0' ),
			'oldest first'            => array( 'date', 'ASC', 'ORDER BY post_date ASC, car_id ASC LIMIT 12 OFFSET 0' ),
			'direction in any case'   => array( 'price', 'asc', 'ORDER BY price IS NULL ASC, price ASC, car_id ASC LIMIT 12 OFFSET 0' ),
			'unknown order is newest' => array( 'mileage', 'DESC', 'ORDER BY post_date DESC, car_id DESC LIMIT 12 OFFSET 0' ),
		);
	}

	#[DataProvider( 'sorts' )]
	public function test_each_sort_orders_by_its_column_then_the_car_id_the_same_way( string $order_by, string $order, string $expected ): void {
		$result = $this->page( array(), $order_by, $order, 1, 40, array( 5, 9, 2 ) );
		$this->assertStringEndsWith( $expected, $result['sql'] );
		$this->assertStringStartsWith( "SELECT car_id FROM wp_car_lookup WHERE status = 'publish' AND sale_status <> 'sold' ORDER BY", $result['sql'] );
		$this->assertSame( array( 5, 9, 2 ), $result['ids'], 'The database order is the page order.' );
		$this->assertSame( 40, $result['total'] );
	}

	public function test_a_price_bound_already_leaves_out_contact_for_price_so_the_order_is_the_price_alone(): void {
		$cheap = $this->page( array( 'minPrice' => 10000 ), 'price', 'ASC', 1, 40, array( 1 ) );
		$this->assertStringEndsWith( 'WHERE status = \'publish\' AND sale_status <> \'sold\' AND price >= 10000 ORDER BY price ASC, car_id ASC LIMIT 12 OFFSET 0', $cheap['sql'] );
		$this->setUp();
		$dear = $this->page( array( 'maxPrice' => 50000 ), 'price', 'DESC', 1, 40, array( 1 ) );
		$this->assertStringEndsWith( 'AND price <= 50000 ORDER BY price DESC, car_id DESC LIMIT 12 OFFSET 0', $dear['sql'] );
	}

	public function test_a_back_half_page_is_read_in_the_opposite_order_and_turned_round(): void {
		// Page 9 of 100 cars (rows 96–99): the last 4 rows counted from the end, then reversed, so the
		// visitor still sees them cheapest first and "Contact for Price" still comes last.
		$cheapest = $this->page( array(), 'price', 'ASC', 9, 100, array( 40, 30, 20, 10 ) );
		$this->assertStringEndsWith( 'ORDER BY price IS NULL DESC, price DESC, car_id DESC LIMIT 4 OFFSET 0', $cheapest['sql'] );
		$this->assertSame( array( 10, 20, 30, 40 ), $cheapest['ids'] );

		$this->setUp();
		$dearest = $this->page( array(), 'price', 'DESC', 6, 100, array( 7, 8 ) );
		// Rows 60–71 of 100 are rows 28–39 from the end.
		$this->assertStringEndsWith( 'ORDER BY price IS NULL DESC, price ASC, car_id ASC LIMIT 12 OFFSET 28', $dearest['sql'] );
		$this->assertSame( array( 8, 7 ), $dearest['ids'] );

		$this->setUp();
		$newest = $this->page( array(), 'date', 'DESC', 9, 100, array( 1, 2 ) );
		$this->assertStringEndsWith( 'ORDER BY post_date ASC, car_id ASC LIMIT 4 OFFSET 0', $newest['sql'] );
	}

	public function test_a_keyword_is_matched_in_the_search_index_and_a_few_matches_are_sorted_there(): void {
		$result = $this->page( array( 'search' => 'u9' ), 'date', 'DESC', 1, 3, array( 7, 4, 1 ) );
		$count  = array_values( array_filter( $this->db->statements, static fn ( string $s ): bool => str_starts_with( $s, 'SELECT COUNT(*)' ) ) );
		$this->assertSame( array( "SELECT COUNT(*) FROM wp_car_lookup FORCE INDEX (status_search) WHERE status = 'publish' AND sale_status <> 'sold' AND search_text LIKE '%u9%'" ), $count );
		$this->assertStringStartsWith( 'SELECT car_id FROM wp_car_lookup FORCE INDEX (status_search) WHERE', $result['sql'] );
		$this->assertSame( array( 7, 4, 1 ), $result['ids'] );
	}

	public function test_a_keyword_with_many_matches_walks_the_sort_order_instead(): void {
		$result = $this->page( array( 'search' => 'sport' ), 'date', 'DESC', 1, 26000, array( 9, 8 ) );
		$this->assertStringStartsWith( 'SELECT car_id FROM wp_car_lookup IGNORE INDEX (status_search) WHERE', $result['sql'] );
		$this->assertStringEndsWith( 'ORDER BY post_date DESC, car_id DESC LIMIT 12 OFFSET 0', $result['sql'] );
		// The bound between the two ways: 2,000 matches are still sorted, one more is walked to.
		$this->assertSame( ' FORCE INDEX (status_search)', CarQuery::page_index( array( 'search' => 'sport' ), 2000 ) );
		$this->assertSame( ' IGNORE INDEX (status_search)', CarQuery::page_index( array( 'search' => 'sport' ), 2001 ) );
		$this->assertSame( '', CarQuery::page_index( array( 'search' => '   ' ), 5 ), 'Blank is no keyword: the planner chooses.' );
		$this->assertSame( '', CarQuery::count_index( array( 'brand' => 'BYD' ) ) );
	}

	public function test_past_the_last_page_nothing_is_fetched(): void {
		$this->db->answers = array( '24' );
		$result            = ( new CarQuery( array(), 'price', 'ASC', 3, 12 ) )->run();
		$this->assertSame(
			array(
				'ids'   => array(),
				'total' => 24,
			),
			$result
		);
		$this->assertCount( 1, $this->db->statements, 'Only the count was asked.' );
	}

	public function test_featured_cars_are_the_newest_published_unsold_ones_and_at_least_one_is_asked_for(): void {
		$this->db->answers = array( array( '7', '3' ) );
		$this->assertSame( array( 7, 3 ), CarQuery::featured( 6 ) );
		$this->assertSame( "SELECT car_id FROM wp_car_lookup WHERE status = 'publish' AND featured = 1 AND sale_status <> 'sold' ORDER BY post_date DESC, car_id DESC LIMIT 6", $this->db->statements[0] );
		$this->db->answers = array( array() );
		CarQuery::featured( 0 );
		$this->assertStringEndsWith( 'LIMIT 1', $this->db->statements[1] );
	}

	public function test_similar_cars_share_the_body_type_sit_in_the_price_band_and_come_closest_price_first(): void {
		$this->db->answers = array( array( '4', '8' ) );
		$this->assertSame( array( 4, 8 ), CarQuery::similar( 12, 'SUV', 20000, 4 ) );
		$this->assertSame(
			"SELECT car_id FROM wp_car_lookup WHERE status = 'publish' AND sale_status = 'available' AND body_type = 'SUV' AND car_id <> 12 AND price BETWEEN 15000 AND 25000 ORDER BY ABS(CAST(price AS SIGNED) - 20000) ASC, post_date DESC, car_id DESC LIMIT 4",
			$this->db->statements[0]
		);
	}

	public function test_a_car_without_a_price_gets_the_newest_of_its_body_type_and_one_without_a_body_type_gets_none(): void {
		$this->db->answers = array( array( '5' ) );
		$this->assertSame( array( 5 ), CarQuery::similar( 12, 'Sedan', null, 0 ) );
		$this->assertSame( "SELECT car_id FROM wp_car_lookup WHERE status = 'publish' AND sale_status = 'available' AND body_type = 'Sedan' AND car_id <> 12 ORDER BY post_date DESC, car_id DESC LIMIT 1", $this->db->statements[0] );
		$this->assertSame( array(), CarQuery::similar( 12, '  ', 20000, 4 ) );
		$this->assertCount( 1, $this->db->statements, 'No query without a body type.' );
	}

	public function test_a_page_size_is_at_least_one_car(): void {
		$this->db->answers = array( '40', array( 1 ) );
		( new CarQuery( array(), 'date', 'DESC', 1, 0 ) )->run();
		$select = array_values( array_filter( $this->db->statements, static fn ( string $s ): bool => str_starts_with( $s, 'SELECT car_id' ) ) );
		$this->assertStringEndsWith( 'LIMIT 1 OFFSET 0', $select[0] );
	}

	public function test_a_search_without_a_sort_or_page_is_page_one_of_twelve_newest_first(): void {
		$this->db->answers = array( '40', array( 1 ) );
		( new CarQuery( array() ) )->run();
		$select = array_values( array_filter( $this->db->statements, static fn ( string $s ): bool => str_starts_with( $s, 'SELECT car_id' ) ) );
		$this->assertStringEndsWith( 'ORDER BY post_date DESC, car_id DESC LIMIT 12 OFFSET 0', $select[0] );
	}

	public function test_a_car_matches_a_saved_search_only_when_the_search_would_list_it(): void {
		$this->db->answers = array( '31', null );
		$this->assertTrue( CarQuery::matches( array( 'brand' => 'BYD' ), 31 ) );
		$this->assertFalse( CarQuery::matches( array( 'brand' => 'BYD' ), 32 ) );
		$this->assertStringEndsWith( 'AND car_id = 32', $this->db->statements[1] );
		$this->assertStringContainsString( "status = 'publish' AND sale_status <> 'sold'", $this->db->statements[1] );
	}
}
