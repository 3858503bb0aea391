<?php
declare(strict_types=1);

namespace CarExport\Tests\Unit;

use CarExport\Search\FacetRules;
use CarExport\Search\SearchCache;
use PHPUnit\Framework\TestCase;

/**
 * Which kept search answers a car's save drops: a result list the car is in (before or after the
 * save), a filter panel it counts in, the filter lists when a value or the price range moves;
 * and no other. A rule that misses a case would leave a stale answer for a day, so each rule is checked
 * on both sides.
 */
final class SearchPurgeRulesTest extends TestCase {

	/** @return array<string, mixed> */
	private static function car( array $over = array() ): array {
		return array_merge(
			array(
				'status'       => 'publish',
				'sale_status'  => 'available',
				'brand'        => 'BYD',
				'model'        => 'Atto 3',
				'body_type'    => 'SUV',
				'fuel_type'    => 'electric',
				'transmission' => 'ev',
				'drive_type'   => 'FWD',
				'year'         => '2023',
				'price'        => '24500',
				'search_text'  => '2023 byd atto 3 comfort byd atto 3 2023',
			),
			$over
		);
	}

	public function test_a_row_matches_as_the_sql_does(): void {
		$car = self::car();
		$this->assertTrue( FacetRules::row_matches( $car, array() ) );
		$this->assertTrue(
			FacetRules::row_matches(
				$car,
				array(
					'brand'    => ' byd ',
					'bodyType' => 'suv',
					'year'     => 2023,
				)
			)
		);
		$this->assertFalse( FacetRules::row_matches( $car, array( 'brand' => 'Toyota' ) ) );
		$this->assertFalse( FacetRules::row_matches( $car, array( 'year' => 2022 ) ) );
		$this->assertTrue(
			FacetRules::row_matches(
				$car,
				array(
					'minPrice' => 24500,
					'maxPrice' => 24500,
				)
			)
		);
		$this->assertFalse( FacetRules::row_matches( $car, array( 'maxPrice' => 24499 ) ) );
		$this->assertFalse( FacetRules::row_matches( self::car( array( 'price' => null ) ), array( 'minPrice' => 0 ) ), 'no price never meets a bound' );
		$this->assertTrue( FacetRules::row_matches( $car, array( 'search' => 'ATTO  comf' ) ), 'every term, anywhere, any case' );
		$this->assertFalse( FacetRules::row_matches( $car, array( 'search' => 'atto seal' ) ) );
		$this->assertFalse( FacetRules::row_matches( self::car( array( 'status' => 'draft' ) ), array() ) );
		$sold = self::car( array( 'sale_status' => 'sold' ) );
		$this->assertFalse( FacetRules::row_matches( $sold, array() ) );
		$this->assertTrue( FacetRules::row_matches( $sold, array( 'includeSold' => true ) ) );
		// The search applies its first eight terms only; a ninth must not make the rule stricter.
		$this->assertTrue( FacetRules::row_matches( $car, array( 'search' => 'byd atto 3 2023 comfort b y d nowhere' ) ) );
		// Accented text is compared by the database's collation: counted as a match, never as a miss.
		$this->assertTrue( FacetRules::row_matches( self::car( array( 'brand' => 'Škoda' ) ), array( 'brand' => 'Skoda' ) ) );
	}

	public function test_a_result_list_goes_when_the_car_is_in_it_before_or_after(): void {
		$byd    = array( array( SearchCache::SEARCH, array( 'brand' => 'BYD' ) ) );
		$toyota = array( array( SearchCache::SEARCH, array( 'brand' => 'Toyota' ) ) );
		$this->assertTrue( SearchCache::touches( $byd, self::car(), self::car( array( 'price' => '23000' ) ), true, false ) );
		$this->assertFalse( SearchCache::touches( $toyota, self::car(), self::car( array( 'price' => '23000' ) ), true, false ) );
		// Moving out of a list, into one, being deleted or published: each side counts.
		$this->assertTrue( SearchCache::touches( $toyota, self::car(), self::car( array( 'brand' => 'Toyota' ) ), true, false ) );
		$this->assertTrue( SearchCache::touches( $byd, self::car(), null, true, false ) );
		$this->assertTrue( SearchCache::touches( $byd, null, self::car(), true, false ) );
		// A title-only edit still changes what a list shows of the car.
		$this->assertTrue( SearchCache::touches( $byd, self::car(), self::car(), false, false ) );
	}

	public function test_a_panel_goes_only_when_the_car_counts_in_it(): void {
		$panel = array(
			array(
				SearchCache::COUNTS,
				array(
					'brand'    => 'Toyota',
					'bodyType' => 'Pickup',
				),
			),
		);
		$edit  = static fn ( array $car ): bool => SearchCache::touches( $panel, $car, self::car( array( 'price' => '1' ) + $car ), true, false );
		$this->assertFalse( $edit( self::car() ), 'a BYD SUV misses both choices: it counts nowhere in this panel' );
		$this->assertTrue( $edit( self::car( array( 'body_type' => 'Pickup' ) ) ), 'a BYD pickup counts for the BYD option' );
		$this->assertTrue( $edit( self::car( array( 'brand' => 'Toyota' ) ) ), 'a Toyota SUV counts for the SUV option' );
		$this->assertFalse( SearchCache::touches( $panel, self::car( array( 'brand' => 'Toyota' ) ), self::car( array( 'brand' => 'Toyota' ) ), false, false ), 'no counted column moved' );
		$this->assertTrue( SearchCache::touches( $panel, self::car(), self::car(), false, true ), 'the lists every panel shows changed' );
		$priced = array(
			array(
				SearchCache::COUNTS,
				array(
					'brand'    => 'BYD',
					'minPrice' => 30000,
				),
			),
		);
		$this->assertTrue( SearchCache::touches( $priced, self::car(), self::car( array( 'year' => '2024' ) ), true, false ), 'it counts in the price range' );
	}

	public function test_the_filter_lists_go_only_when_they_change_and_unknown_tags_always_go(): void {
		$lists = array( array( SearchCache::VALUES, array() ) );
		$this->assertTrue( SearchCache::touches( $lists, self::car(), self::car(), true, true ) );
		$this->assertFalse( SearchCache::touches( $lists, self::car(), self::car( array( 'price' => '24000' ) ), true, false ), 'a price inside the range moves no list' );
		$this->assertTrue( SearchCache::touches( array( 'not a tag' ), self::car(), self::car(), false, false ) );
		$this->assertTrue( SearchCache::touches( array( array( 'other', array() ) ), self::car(), self::car(), false, false ) );
	}
}
