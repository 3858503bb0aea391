<?php
declare(strict_types=1);

namespace CarExport\Tests\Unit;

use CarExport\Messages\IdempotencyStore;
use CarExport\Search\FacetCounts;
use CarExport\Search\FacetRules;
use CarExport\Tests\Unit\Support\WithFakeWpdb;
use PHPUnit\Framework\Attributes\CoversClass;
use PHPUnit\Framework\TestCase;

/**
 * What the idempotency store and the kept facet counts decide from the database's answers, with a
 * recording stand-in for wpdb: a key is owned, taken or refused; a replay needs a recorded answer;
 * a save moves a car's counts from its old values to its new ones and no further.
 */
#[CoversClass( IdempotencyStore::class )]
#[CoversClass( FacetCounts::class )]
#[CoversClass( FacetRules::class )]
final class IdempotencyAndFacetCountsTest extends TestCase {

	use WithFakeWpdb;

	public function test_a_claim_owns_the_key_or_finds_it_taken_or_reports_the_refusal(): void {
		$store = new IdempotencyStore();

		$this->db->answers = array( true, 1 );
		$this->assertTrue( $store->claim( 'contact', 'k_1' ) );
		$this->assertSame( 'START TRANSACTION', $this->db->statements[0] );
		$this->assertStringStartsWith( "INSERT IGNORE INTO wp_car_export_idempotency (scope, idem_key, response, created_at) VALUES ('contact', 'k_1', '',", $this->db->statements[1] );
		$this->assertCount( 2, $this->db->statements, 'The owner keeps the transaction open.' );

		$this->setUp();
		$this->db->answers = array( true, 0, true );
		$this->assertFalse( $store->claim( 'contact', 'k_1' ), 'Taken: 0 rows inserted.' );
		$this->assertSame( 'ROLLBACK', $this->db->statements[2] );

		$this->setUp();
		$this->db->answers = array( true, false, true );
		$this->assertNull( $store->claim( 'contact', 'k_1' ), 'A lock wait or deadlock is no answer.' );
		$this->assertSame( 'ROLLBACK', $this->db->statements[2] );
	}

	public function test_a_replay_needs_a_recorded_answer(): void {
		$store             = new IdempotencyStore();
		$this->db->answers = array(
			array(
				'post_id'  => '41',
				'status'   => '201',
				'response' => '{"success":true,"id":41}',
			),
		);
		$this->assertSame(
			array(
				'status'  => 201,
				'body'    => array(
					'success' => true,
					'id'      => 41,
				),
				'post_id' => 41,
			),
			$store->find( 'inquiry', 'k_2' )
		);
		$this->assertSame( "SELECT post_id, status, response FROM wp_car_export_idempotency WHERE scope = 'inquiry' AND idem_key = 'k_2'", $this->db->statements[0] );

		// A key claimed but not completed (status 0), a broken answer, or no row: nothing to replay.
		$this->db->answers = array(
			array(
				'post_id'  => '0',
				'status'   => '0',
				'response' => '',
			),
			array(
				'post_id'  => '41',
				'status'   => '201',
				'response' => 'not json',
			),
			null,
			// A status is what says the lead was stored, whatever the response column holds.
			array(
				'post_id'  => '41',
				'status'   => '0',
				'response' => '{"success":true,"id":41}',
			),
		);
		$this->assertNull( $store->find( 'inquiry', 'k_2' ) );
		$this->assertNull( $store->find( 'inquiry', 'k_2' ) );
		$this->assertNull( $store->find( 'inquiry', 'k_2' ) );
		$this->assertNull( $store->find( 'inquiry', 'k_2' ) );
	}

	public function test_completing_commits_only_when_the_claimed_row_was_written(): void {
		$store             = new IdempotencyStore();
		$this->db->answers = array( 1, true );
		$this->assertTrue( $store->complete( 'contact', 'k_3', 9, 201, array( 'success' => true ) ) );
		$this->assertSame( 'COMMIT', $this->db->statements[1] );

		$this->setUp();
		$this->db->answers = array( 0, true );
		$this->assertFalse( $store->complete( 'contact', 'k_3', 9, 201, array( 'success' => true ) ) );
		$this->assertSame( 'ROLLBACK', $this->db->statements[1] );
	}

	public function test_a_save_moves_a_cars_counts_from_its_old_values_to_its_new_ones(): void {
		$before = array(
			'status'       => 'publish',
			'sale_status'  => 'available',
			'brand'        => 'BYD',
			'model'        => 'Seal',
			'body_type'    => 'Sedan',
			'fuel_type'    => 'electric',
			'transmission' => 'ev',
			'drive_type'   => '',
			'year'         => 2024,
		);
		$after  = array( 'body_type' => 'SUV' ) + $before;
		// Two rows touched (Sedan down, SUV up), neither made; nothing emptied.
		$this->db->answers = array( 2, 2, 0 );
		$this->assertFalse( FacetCounts::apply( $before, $after ) );
		$this->assertSame(
			array(
				"INSERT INTO wp_car_facet_counts (facet, value, sold, cars) VALUES ('bodyTypes', 'Sedan', 0, -1) ON DUPLICATE KEY UPDATE cars = cars + VALUES(cars)",
				"INSERT INTO wp_car_facet_counts (facet, value, sold, cars) VALUES ('bodyTypes', 'SUV', 0, 1) ON DUPLICATE KEY UPDATE cars = cars + VALUES(cars)",
				'DELETE FROM wp_car_facet_counts WHERE cars <= 0',
			),
			$this->db->statements
		);

		// Sold: every value moves from the unsold counts to the sold ones; a new value makes a row.
		$this->setUp();
		$this->db->answers    = array_fill( 0, 12, 2 );
		$this->db->answers[5] = 1;
		$sold                 = array( 'sale_status' => 'sold' ) + $before;
		$this->assertTrue( FacetCounts::apply( $before, $sold ) );
		$inserts = array_slice( $this->db->statements, 0, -1 );
		$this->assertCount( 14, $inserts, '7 entries (all, 6 non-empty values) leave unsold and 7 arrive in sold.' );
		$this->assertContains( "INSERT INTO wp_car_facet_counts (facet, value, sold, cars) VALUES ('years', '2024', 1, 1) ON DUPLICATE KEY UPDATE cars = cars + VALUES(cars)", $inserts );
		$this->assertContains( "INSERT INTO wp_car_facet_counts (facet, value, sold, cars) VALUES ('all', '', 0, -1) ON DUPLICATE KEY UPDATE cars = cars + VALUES(cars)", $inserts );

		// A draft counts nowhere: publishing adds, unpublishing removes, a draft edit touches nothing.
		$this->setUp();
		$draft = array( 'status' => 'draft' ) + $before;
		$this->assertFalse( FacetCounts::apply( $draft, array( 'brand' => 'NIO' ) + $draft ) );
		$this->assertSame( array(), $this->db->statements );
	}

	public function test_the_kept_counts_answer_only_a_filter_of_at_most_one_list_value(): void {
		$this->db->answers = array( '17', '64', '3' );
		$this->assertSame( 17, FacetCounts::total( array( 'bodyType' => ' SUV ' ) ) );
		$this->assertSame( "SELECT COALESCE(SUM(cars), 0) FROM wp_car_facet_counts WHERE facet = 'bodyTypes' AND value = 'SUV' AND sold <= 0", $this->db->statements[0] );
		$this->assertSame( 64, FacetCounts::total( array( 'search' => '' ) ) );
		$this->assertSame( "SELECT COALESCE(SUM(cars), 0) FROM wp_car_facet_counts WHERE facet = 'all' AND value = '' AND sold <= 0", $this->db->statements[1] );
		$this->assertSame(
			3,
			FacetCounts::total(
				array(
					'year'        => 2021,
					'includeSold' => true,
				)
			)
		);
		$this->assertStringEndsWith( "facet = 'years' AND value = '2021' AND sold <= 1", $this->db->statements[2] );

		// Two choices, a keyword or a price bound: the lookup table has to count.
		$this->assertNull(
			FacetCounts::total(
				array(
					'brand'    => 'BYD',
					'bodyType' => 'SUV',
				)
			)
		);
		$this->assertNull( FacetCounts::total( array( 'search' => 'seal' ) ) );
		$this->assertNull( FacetCounts::total( array( 'minPrice' => 1000 ) ) );
		$this->assertCount( 3, $this->db->statements );
	}

	public function test_the_kept_counts_are_read_per_list_without_empty_or_unknown_rows(): void {
		$this->db->answers = array(
			array(
				(object) array(
					'facet' => 'brands',
					'value' => 'BYD',
					'cars'  => '12',
				),
				(object) array(
					'facet' => 'brands',
					'value' => 'NIO',
					'cars'  => '0',
				),
				(object) array(
					'facet' => 'years',
					'value' => '2024',
					'cars'  => '5',
				),
				(object) array(
					'facet' => 'all',
					'value' => '',
					'cars'  => '40',
				),
			),
		);
		$counts            = FacetCounts::read( false );
		$this->assertSame( array( 'BYD' => 12 ), $counts['brands'] );
		$this->assertSame( array( '2024' => 5 ), $counts['years'] );
		$this->assertSame( array(), $counts['bodyTypes'] );
		$this->assertSame( array_keys( FacetRules::FACETS ), array_keys( $counts ) );
		$this->assertStringEndsWith( 'WHERE sold <= 0 GROUP BY facet, value', $this->db->statements[0] );
	}
}
