<?php
declare(strict_types=1);

namespace CarExport\Tests\Unit;

use CarExport\Messages\Lead;
use CarExport\Messages\MessageFields;
use PHPUnit\Framework\Attributes\CoversClass;
use PHPUnit\Framework\TestCase;

#[CoversClass( Lead::class )]
final class LeadTest extends TestCase {

	public function test_a_contact_message_is_stored_under_the_senders_full_name(): void {
		$lead = Lead::contact( 'Ada', 'Lovelace', 'ada@example.com', '+1 555 0100', 'Hello there.', array( MessageFields::IP => '203.0.113.7' ) );

		$this->assertSame( MessageFields::CONTACT, $lead->type );
		$this->assertFalse( $lead->is_inquiry() );
		$this->assertSame( 'Ada Lovelace', $lead->title() );
		$this->assertSame( 'Hello there.', $lead->message );
		$this->assertSame(
			array(
				MessageFields::NAME       => 'Ada Lovelace',
				MessageFields::EMAIL      => 'ada@example.com',
				MessageFields::PHONE      => '+1 555 0100',
				MessageFields::FIRST_NAME => 'Ada',
				MessageFields::LAST_NAME  => 'Lovelace',
				MessageFields::IP         => '203.0.113.7',
			),
			$lead->meta()
		);
	}

	public function test_an_inquiry_keeps_the_car_and_its_title_as_sent(): void {
		$lead = Lead::inquiry( 42, 'BYD Seal 2024', 'Grace Hopper', 'grace@example.com', '+44 20 7946 0000', 'Is it still available?' );

		$this->assertTrue( $lead->is_inquiry() );
		$this->assertSame( MessageFields::INQUIRY, $lead->type );
		$this->assertSame( 42, $lead->car_id() );
		$this->assertSame( 'BYD Seal 2024', $lead->car_title() );
		$this->assertSame( 42, $lead->meta()[ MessageFields::CAR_ID ] );
		$this->assertSame( 'Grace Hopper', $lead->meta()[ MessageFields::NAME ] );
	}

	public function test_empty_values_are_not_stored(): void {
		$lead = Lead::contact( 'Ada', 'Lovelace', 'ada@example.com', '', '', array( MessageFields::USER_ID => 0 ) );

		$this->assertArrayNotHasKey( MessageFields::PHONE, $lead->meta() );
		$this->assertArrayNotHasKey( MessageFields::USER_ID, $lead->meta() );
		$this->assertSame( 0, Lead::contact( 'A', 'B', 'a@example.com', '', '' )->car_id() );
	}

	public function test_with_meta_makes_a_new_lead_and_leaves_the_first_unchanged(): void {
		$lead  = Lead::contact( 'Ada', 'Lovelace', 'ada@example.com', '', 'Hi.' );
		$keyed = $lead->with_meta( array( MessageFields::IDEMPOTENCY_KEY => 'key-0123456789abcdef' ) );

		$this->assertNotSame( $lead, $keyed );
		$this->assertArrayNotHasKey( MessageFields::IDEMPOTENCY_KEY, $lead->meta() );
		$this->assertSame( 'key-0123456789abcdef', $keyed->meta()[ MessageFields::IDEMPOTENCY_KEY ] );
		$this->assertSame( $lead->title(), $keyed->title() );
	}

	public function test_added_meta_wins_over_what_the_lead_had(): void {
		$lead = Lead::inquiry( 7, 'Old title', 'Grace', 'grace@example.com', '', '' )
			->with_meta( array( MessageFields::CAR_TITLE => 'New title' ) );
		$this->assertSame( 'New title', $lead->car_title() );
	}
}
