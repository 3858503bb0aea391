<?php
declare(strict_types=1);

namespace CarExport\Tests\Unit;

use CarExport\Cars\CarFields;
use CarExport\Cars\SaleStatus;
use CarExport\Ports\PortFields;
use CarExport\Search\CarQuery;
use PHPUnit\Framework\TestCase;

/**
 * The sale status rules (a missing or unknown value reads as available, the field's choices and
 * default), the similar-cars price band, and the destination port's field rules. Which lists show
 * sold cars is tested against the live catalogue (tests/integration).
 */
final class SaleStatusAndPortsTest extends TestCase {

	public function test_a_missing_or_unknown_status_reads_as_available(): void {
		$this->assertSame( 'available', SaleStatus::normalize( '' ) );
		$this->assertSame( 'available', SaleStatus::normalize( null ) );
		$this->assertSame( 'available', SaleStatus::normalize( 'on-hold' ) );
		$this->assertSame( 'reserved', SaleStatus::normalize( ' Reserved ' ) );
		$this->assertSame( 'sold', SaleStatus::normalize( 'sold' ) );
	}

	public function test_the_field_is_a_choice_of_three_with_available_as_default(): void {
		$field = CarFields::get( 'saleStatus' );
		$this->assertSame( '_car_sale_status', $field['meta'] );
		$this->assertSame( 'choice', $field['type'] );
		$this->assertSame(
			array(
				'available' => 'Available',
				'reserved'  => 'Reserved',
				'sold'      => 'Sold',
			),
			$field['choices'] ?? null
		);
		$this->assertSame( 'available', $field['default'] ?? null );
	}

	public function test_similar_cars_are_priced_within_a_quarter_either_way_inclusive(): void {
		$this->assertSame( array( 15000, 25000 ), CarQuery::price_band( 20000 ) );
		// 17,900 × 0.75 = 13,425 and × 1.25 = 22,375 exactly; odd amounts round inwards.
		$this->assertSame( array( 13425, 22375 ), CarQuery::price_band( 17900 ) );
		$this->assertSame( array( 8, 12 ), CarQuery::price_band( 10 ) );
		$this->assertSame( array( 1, 1 ), CarQuery::price_band( 1 ) );
	}

	public function test_a_port_is_kept_in_its_stored_form(): void {
		$result = PortFields::validate(
			array(
				'country'          => ' Nigeria ',
				'roroFreight'      => '1850',
				'containerFreight' => '02400',
				'insuranceRate'    => '1.50',
				'transitDays'      => '42',
			)
		);
		$this->assertSame( array(), $result['errors'] );
		$this->assertSame(
			array(
				'country'          => 'Nigeria',
				'roroFreight'      => '1850',
				'containerFreight' => '2400',
				'insuranceRate'    => '1.5',
				'transitDays'      => '42',
				'route'            => 'sea',
			),
			$result['values']
		);
	}

	public function test_a_port_is_reached_by_sea_unless_it_says_overland_and_names_its_methods_so(): void {
		$this->assertSame( 'overland', PortFields::validate( array( 'route' => ' overland ' ) )['values']['route'] );
		$this->assertSame( 'sea', PortFields::validate( array() )['values']['route'] );
		$this->assertSame( 'Route must be sea or overland.', PortFields::validate( array( 'route' => 'air' ) )['errors']['route'] );
		$this->assertSame( 'truck', PortFields::method_label( 'overland', 'roro' ) );
		$this->assertSame( 'rail container', PortFields::method_label( 'overland', 'container' ) );
		$this->assertSame( 'RoRo', PortFields::method_label( 'sea', 'roro' ) );
		$this->assertSame( 'container', PortFields::method_label( 'sea', 'container' ) );
	}

	public function test_a_port_with_bad_figures_is_refused_field_by_field(): void {
		$result = PortFields::validate(
			array(
				'country'          => '',
				'roroFreight'      => '-5',
				'containerFreight' => '100001',
				'insuranceRate'    => '1.555',
				'transitDays'      => '0',
				'route'            => 'Sea',
			)
		);
		$this->assertSame( array( 'country', 'roroFreight', 'containerFreight', 'insuranceRate', 'transitDays', 'route' ), array_keys( $result['errors'] ) );
		$this->assertSame( array(), $result['values'] );
		$this->assertSame( 'Insurance rate must be a percentage from 0 to 10 with at most two decimals.', $result['errors']['insuranceRate'] );
		$this->assertArrayHasKey( 'insuranceRate', PortFields::validate( array( 'insuranceRate' => '10.5' ) )['errors'] );
		$this->assertArrayNotHasKey( 'insuranceRate', PortFields::validate( array( 'insuranceRate' => '0' ) )['errors'] );
	}
}
