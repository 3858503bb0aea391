<?php
declare(strict_types=1);

namespace CarExport\Tests\Unit;

use CarExport\GraphQL\CatalogueResponseCache;
use CarExport\Search\CarQuery;
use CarExport\Search\FacetRules;
use PHPUnit\Framework\TestCase;

/**
 * The filter panel's counting rules: which filter an option's count is taken over (the search
 * without that list's own choice), how counts meet the listed values, the cache fingerprint of a
 * filter, the window of a deep page, and which GraphQL answers the lean read path may keep.
 */
final class FacetRulesTest extends TestCase {

	public function test_an_options_count_drops_only_its_own_lists_choice(): void {
		$filter = array(
			'brand'    => 'BYD',
			'bodyType' => 'SUV',
			'search'   => 'seal',
			'minPrice' => 10000,
		);
		$this->assertSame(
			array(
				'brand'    => 'BYD',
				'search'   => 'seal',
				'minPrice' => 10000,
			),
			FacetRules::without( $filter, 'bodyTypes' )
		);
		$this->assertSame(
			array(
				'bodyType' => 'SUV',
				'search'   => 'seal',
				'minPrice' => 10000,
			),
			FacetRules::without( $filter, 'brands' )
		);
		$this->assertSame( array( 'year' => 2021 ), FacetRules::without( array( 'year' => 2021 ), 'bodyTypes' ) );
		$this->assertSame( array(), FacetRules::without( array( 'year' => 2021 ), 'years' ) );
		$this->assertSame( array(), FacetRules::without( array( 'drive' => 'AWD' ), 'driveTypes' ) );
	}

	public function test_the_price_range_drops_both_bounds_and_keeps_everything_else(): void {
		$this->assertSame(
			array(
				'brand'       => 'BYD',
				'includeSold' => true,
			),
			FacetRules::without(
				array(
					'brand'       => 'BYD',
					'minPrice'    => 1,
					'maxPrice'    => 2,
					'includeSold' => true,
				),
				FacetRules::PRICE
			)
		);
	}

	public function test_only_a_filter_with_no_choice_but_sold_cars_is_unfiltered(): void {
		$this->assertTrue( FacetRules::is_unfiltered( array() ) );
		$this->assertTrue( FacetRules::is_unfiltered( array( 'includeSold' => true ) ) );
		$this->assertTrue( FacetRules::is_unfiltered( array( 'search' => '  ' ) ) );
		$this->assertFalse( FacetRules::is_unfiltered( array( 'search' => 'u9' ) ) );
		$this->assertFalse( FacetRules::is_unfiltered( array( 'minPrice' => 0 ) ) );
		$this->assertFalse( FacetRules::is_unfiltered( array( 'year' => 2024 ) ) );
	}

	public function test_every_listed_value_gets_its_count_and_a_missing_one_counts_zero(): void {
		$this->assertSame(
			array(
				array(
					'value' => 'Sedan',
					'count' => 0,
				),
				array(
					'value' => 'SUV',
					'count' => 2085,
				),
			),
			FacetRules::options( array( 'Sedan', 'SUV' ), array( 'suv' => 2085 ) )
		);
		// Years are listed as numbers and counted by their text.
		$this->assertSame(
			array(
				array(
					'value' => '2024',
					'count' => 7,
				),
			),
			FacetRules::options( array( 2024 ), array( '2024' => 7 ) )
		);
		// A value counted but no longer listed is left out: the list decides what is offered.
		$this->assertSame( array(), FacetRules::options( array(), array( 'Pickup' => 3 ) ) );
	}

	public function test_the_fingerprint_ignores_order_case_and_empty_choices(): void {
		$this->assertSame(
			FacetRules::fingerprint(
				array(
					'brand'    => 'BYD',
					'bodyType' => 'SUV',
				)
			),
			FacetRules::fingerprint(
				array(
					'bodyType' => 'suv',
					'brand'    => ' byd ',
					'model'    => '',
				)
			)
		);
		$this->assertNotSame( FacetRules::fingerprint( array( 'brand' => 'BYD' ) ), FacetRules::fingerprint( array( 'model' => 'BYD' ) ) );
		$this->assertNotSame( FacetRules::fingerprint( array() ), FacetRules::fingerprint( array( 'includeSold' => true ) ) );
	}

	public function test_a_page_in_the_back_half_is_read_from_the_end(): void {
		// First page: from the start.
		$this->assertSame( array( 12, 0, false ), CarQuery::window( 0, 12, 100000 ) );
		// The last, short page (rows 99,996–99,999): the first 4 rows from the end.
		$this->assertSame( array( 4, 0, true ), CarQuery::window( 99996, 12, 100000 ) );
		// Rows 60–71 of 100 are rows 28–39 counted from the end.
		$this->assertSame( array( 12, 28, true ), CarQuery::window( 60, 12, 100 ) );
		// The middle page stays forward.
		$this->assertSame( array( 12, 44, false ), CarQuery::window( 44, 12, 100 ) );
	}

	public function test_only_public_catalogue_queries_may_be_kept_for_everyone(): void {
		$this->assertTrue( CatalogueResponseCache::is_public_catalogue_query( '{ cars { total } carFilters { brands } }', null ) );
		$this->assertTrue( CatalogueResponseCache::is_public_catalogue_query( 'query A { me } query B { carFilters { total } }', 'B' ) );
		$this->assertFalse( CatalogueResponseCache::is_public_catalogue_query( 'query A { siteSettings { email } } query B { cars { total } }', 'A' ) );
		$this->assertFalse( CatalogueResponseCache::is_public_catalogue_query( '{ cars { total } carPreview(token: "x") { id } }', null ) );
		$this->assertFalse( CatalogueResponseCache::is_public_catalogue_query( '{ ...F } fragment F on Query { siteSettings { email } }', null ) );
		$this->assertFalse( CatalogueResponseCache::is_public_catalogue_query( 'mutation { cars }', null ) );
		$this->assertFalse( CatalogueResponseCache::is_public_catalogue_query( '{ cars {', null ) );
	}

	public function test_sold_cars_asked_for_are_part_of_the_fingerprint_and_not_asked_for_are_not(): void {
		$this->assertSame( 'includeSold=1', FacetRules::fingerprint( array( 'includeSold' => true ) ) );
		$this->assertSame(
			FacetRules::fingerprint( array( 'brand' => 'BYD' ) ),
			FacetRules::fingerprint(
				array(
					'brand'       => 'BYD',
					'includeSold' => false,
					'model'       => null,
				)
			)
		);
	}

	public function test_a_list_choice_matches_the_whole_value_not_a_part_of_it(): void {
		$row = array(
			'status'      => 'publish',
			'sale_status' => 'available',
			'brand'       => 'BYD Auto',
			'price'       => 20000,
		);
		$this->assertFalse( FacetRules::row_matches( $row, array( 'brand' => 'BYD' ) ) );
		$this->assertTrue( FacetRules::row_matches( $row, array( 'brand' => 'byd auto' ) ) );
	}

	public function test_a_car_not_published_counts_in_no_list(): void {
		$row = array(
			'status'      => 'draft',
			'sale_status' => 'available',
			'brand'       => 'BYD',
			'price'       => 20000,
		);
		$this->assertFalse( FacetRules::row_counts_in( $row, array() ) );
		$this->assertTrue( FacetRules::row_counts_in( array( 'status' => 'publish' ) + $row, array( 'brand' => 'Geely' ) ), 'one missed choice still counts in that list' );
	}
}
