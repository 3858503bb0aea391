<?php
declare(strict_types=1);

namespace CarExport\Tests\Unit;

use CarExport\Account\BuyerInquiries;
use CarExport\Messages\LeadStatus;
use CarExport\Messages\MessageFields;
use CarExport\Tests\Unit\Support\WithFakeWordPress;
use PHPUnit\Framework\Attributes\CoversClass;
use PHPUnit\Framework\TestCase;

/**
 * A buyer's own inquiries on the account page: newest first, at most 50, each with its car and
 * whether staff got back to it yet; nothing for a signed-out visitor.
 */
#[CoversClass( BuyerInquiries::class )]
final class BuyerInquiriesTest extends TestCase {
	use WithFakeWordPress;

	protected function setUp(): void {
		$this->reset_wordpress();
	}

	protected function tearDown(): void {
		$this->forget_wordpress();
	}

	private function inquiry( int $author, int $car_id, string $status, string $type = MessageFields::INQUIRY ): int {
		return wp_insert_post(
			array(
				'post_type'    => $type,
				'post_status'  => 'private',
				'post_author'  => $author,
				'post_content' => "About car {$car_id}",
				'meta_input'   => array(
					MessageFields::CAR_ID    => $car_id,
					MessageFields::CAR_TITLE => "Car {$car_id}",
					MessageFields::STATUS    => $status,
				),
			)
		);
	}

	public function test_a_buyer_sees_their_own_inquiries_newest_first_with_car_and_answer(): void {
		$older = $this->inquiry( 1, 10, LeadStatus::NEW );
		$this->inquiry( 2, 11, LeadStatus::NEW );
		$this->inquiry( 1, 12, LeadStatus::NEW, MessageFields::CONTACT );
		$newer = $this->inquiry( 1, 13, LeadStatus::CONTACTED );

		$this->assertSame(
			array(
				array(
					'id'       => $newer,
					'carId'    => 13,
					'carTitle' => 'Car 13',
					'date'     => '2026-12-01T10:00:00+00:00',
					'message'  => 'About car 13',
					'status'   => BuyerInquiries::ANSWERED,
				),
				array(
					'id'       => $older,
					'carId'    => 10,
					'carTitle' => 'Car 10',
					'date'     => '2026-12-01T10:00:00+00:00',
					'message'  => 'About car 10',
					'status'   => BuyerInquiries::SENT,
				),
			),
			BuyerInquiries::of( 1 )
		);
	}

	public function test_a_signed_out_visitor_sees_none_of_the_anonymous_inquiries(): void {
		$this->inquiry( 0, 10, LeadStatus::NEW );
		$this->assertSame( array(), BuyerInquiries::of( 0 ) );
		$this->assertSame( array(), BuyerInquiries::of( -1 ) );
	}

	public function test_the_latest_fifty_are_listed(): void {
		for ( $i = 1; $i <= 51; $i++ ) {
			$this->inquiry( 3, $i, LeadStatus::NEW );
		}
		$list = BuyerInquiries::of( 3 );
		$this->assertCount( 50, $list );
		$this->assertSame( 51, $list[0]['carId'] );
		$this->assertSame( 2, $list[49]['carId'] );
	}

	public function test_every_status_after_new_means_answered_and_an_unknown_one_counts_as_new(): void {
		$this->assertSame( BuyerInquiries::SENT, BuyerInquiries::status( LeadStatus::NEW ) );
		$this->assertSame( BuyerInquiries::SENT, BuyerInquiries::status( '' ) );
		$this->assertSame( BuyerInquiries::SENT, BuyerInquiries::status( 'bogus' ) );
		foreach ( array( LeadStatus::CONTACTED, LeadStatus::WON, LeadStatus::LOST ) as $status ) {
			$this->assertSame( BuyerInquiries::ANSWERED, BuyerInquiries::status( $status ), $status );
		}
	}
}
