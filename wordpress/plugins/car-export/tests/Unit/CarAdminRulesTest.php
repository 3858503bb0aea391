<?php
declare(strict_types=1);

namespace CarExport\Tests\Unit;

use CarExport\Admin\CarListTools;
use CarExport\Admin\UserViews;
use CarExport\Cars\MainImage;
use CarExport\Cars\Mileage;
use CarExport\GraphQL\Data\NewsRepository;
use PHPUnit\Framework\Attributes\CoversClass;
use PHPUnit\Framework\TestCase;

#[CoversClass( Mileage::class )]
#[CoversClass( MainImage::class )]
#[CoversClass( NewsRepository::class )]
#[CoversClass( UserViews::class )]
#[CoversClass( CarListTools::class )]
final class CarAdminRulesTest extends TestCase {

	public function test_a_mileage_typed_in_km_is_shown_in_km_while_the_stored_miles_still_match_it(): void {
		$this->assertSame(
			array(
				'value' => '27962',
				'unit'  => Mileage::KILOMETRES,
			),
			Mileage::shown( '17375', '27962' )
		);
		// Changed since in miles (Quick Edit, an import): the km typed earlier no longer hold.
		$this->assertSame(
			array(
				'value' => '18000',
				'unit'  => Mileage::MILES,
			),
			Mileage::shown( '18000', '27962' )
		);
		$this->assertSame( Mileage::MILES, Mileage::shown( '12000', '' )['unit'] );
	}

	public function test_photo_1_becomes_the_main_image_only_when_there_is_none(): void {
		$images = static fn ( int $id ): bool => 7 !== $id;
		$this->assertSame( 5, MainImage::pick( 0, array( '5', 6 ), $images ) );
		$this->assertSame( 6, MainImage::pick( 0, array( 7, 6 ), $images ), 'An entry that is no image is passed over.' );
		$this->assertNull( MainImage::pick( 9, array( 5, 6 ), $images ), 'A main image staff chose stays.' );
		$this->assertNull( MainImage::pick( 0, array(), $images ) );
	}

	public function test_a_news_post_filed_under_uncategorized_shows_no_category(): void {
		$this->assertSame( array(), NewsRepository::named_categories( array( array( 'uncategorized', 'Uncategorized' ) ) ) );
		$this->assertSame( array( 'Electric Vehicles' ), NewsRepository::named_categories( array( array( 'uncategorized', 'Uncategorized' ), array( 'ev', 'Electric Vehicles' ) ) ) );
		$this->assertSame( array( 'Market news' ), NewsRepository::named_categories( array( array( 'market-news', 'Market news' ) ) ), 'A renamed default category is a real one.' );
	}

	public function test_staff_are_every_role_but_the_buyers(): void {
		$this->assertSame( array( 'administrator', 'editor', 'car_export_sales' ), UserViews::staff_roles( array( 'administrator', 'editor', 'subscriber', 'car_export_sales' ) ) );
	}

	public function test_a_refused_bulk_edit_says_why_and_that_nothing_was_applied(): void {
		$this->assertSame(
			'Bulk edit not applied: Price (USD) must be a whole number. None of the changes was made to the 3 cars chosen. Correct the value and run the bulk edit again.',
			CarListTools::bulk_refusal( array( 'price' => 'Price (USD) must be a whole number.' ), 3 )
		);
	}
}
