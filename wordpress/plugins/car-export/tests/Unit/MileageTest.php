<?php
declare(strict_types=1);

namespace CarExport\Tests\Unit;

use CarExport\Cars\Mileage;
use PHPUnit\Framework\Attributes\CoversClass;
use PHPUnit\Framework\TestCase;

#[CoversClass( Mileage::class )]
final class MileageTest extends TestCase {

	public function test_kilometres_become_the_nearest_whole_mile_and_miles_stay_as_typed(): void {
		$this->assertSame( '12000', Mileage::to_miles( '19312', Mileage::KILOMETRES ) );
		$this->assertSame( '12000', Mileage::to_miles( '19,312', Mileage::KILOMETRES ) );
		$this->assertSame( '1', Mileage::to_miles( '2', Mileage::KILOMETRES ) );
		$this->assertSame( '0', Mileage::to_miles( '0', Mileage::KILOMETRES ) );
		$this->assertSame( '19312', Mileage::to_miles( ' 19312 ', Mileage::MILES ) );
	}

	public function test_a_value_that_is_not_a_whole_number_is_left_for_the_field_check_to_refuse(): void {
		foreach ( array( '', 'lots', '12.5', '-5' ) as $typed ) {
			$this->assertSame( $typed, Mileage::to_miles( $typed, Mileage::KILOMETRES ), $typed );
		}
	}

	public function test_a_stored_mileage_reads_in_both_units(): void {
		$this->assertSame( '12,000 mi = 19,312 km', Mileage::both( 12000 ) );
		$this->assertSame( 19312, Mileage::to_km( 12000 ) );
	}
}
