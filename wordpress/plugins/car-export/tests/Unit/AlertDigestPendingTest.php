<?php
declare(strict_types=1);

namespace CarExport\Tests\Unit;

use CarExport\Alerts\AlertDigest;
use CarExport\Tests\Unit\Support\WithFakeWordPress;
use PHPUnit\Framework\Attributes\CoversClass;
use PHPUnit\Framework\TestCase;

/**
 * What waits for a buyer's next alert mail, read back from user meta: whole matches and price drops
 * as numbers, anything damaged left out rather than mailed wrong.
 */
#[CoversClass( AlertDigest::class )]
final class AlertDigestPendingTest extends TestCase {
	use WithFakeWordPress;

	protected function setUp(): void {
		$this->reset_wordpress();
	}

	protected function tearDown(): void {
		$this->forget_wordpress();
	}

	public function test_nothing_stored_is_nothing_pending(): void {
		$empty = array(
			'matches' => array(),
			'drops'   => array(),
		);
		$this->assertSame( $empty, AlertDigest::pending( 5 ) );
		update_user_meta( 5, AlertDigest::PENDING_META, 'damaged' );
		$this->assertSame( $empty, AlertDigest::pending( 5 ) );
		update_user_meta(
			5,
			AlertDigest::PENDING_META,
			array(
				'matches' => 'x',
				'drops'   => 7,
			)
		);
		$this->assertSame( $empty, AlertDigest::pending( 5 ) );
	}

	public function test_whole_rows_are_kept_as_numbers_and_damaged_ones_left_out(): void {
		update_user_meta(
			5,
			AlertDigest::PENDING_META,
			array(
				'matches' => array(
					array(
						'search' => '2',
						'car'    => '40',
					),
					array( 'search' => 3 ),
					array( 'car' => 41 ),
					array(
						'search' => 'x',
						'car'    => 42,
					),
					array(
						'search' => 4,
						'car'    => 'y',
					),
					'row',
				),
				'drops'   => array(
					array(
						'car'  => 50,
						'from' => '21000',
					),
					array( 'car' => 51 ),
					array( 'from' => 9000 ),
					array(
						'car'  => 'z',
						'from' => 9000,
					),
					array(
						'car'  => 52,
						'from' => 'w',
					),
					3,
				),
			)
		);
		$this->assertSame(
			array(
				'matches' => array(
					array(
						'search' => 2,
						'car'    => 40,
					),
				),
				'drops'   => array(
					array(
						'car'  => 50,
						'from' => 21000,
					),
				),
			),
			AlertDigest::pending( 5 )
		);
	}
}
