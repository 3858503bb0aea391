<?php
declare(strict_types=1);

namespace CarExport\Tests\Unit;

use CarExport\Admin\LeadBulkActions;
use CarExport\Admin\LeadContactLinks;
use CarExport\Messages\LeadNote;
use PHPUnit\Framework\Attributes\CoversClass;
use PHPUnit\Framework\TestCase;

#[CoversClass( LeadNote::class )]
#[CoversClass( LeadContactLinks::class )]
#[CoversClass( LeadBulkActions::class )]
final class LeadWorkTest extends TestCase {

	public function test_a_note_keeps_its_author_time_and_trimmed_text(): void {
		$note = LeadNote::create( 7, 1_800_000_000, "  Called back; deposit paid \\ ok\n" );

		$this->assertNotNull( $note );
		$this->assertSame(
			array(
				'author' => 7,
				'time'   => 1_800_000_000,
				'text'   => 'Called back; deposit paid \\ ok',
			),
			$note->to_stored()
		);
	}

	public function test_an_empty_or_too_long_note_is_not_kept(): void {
		$this->assertNull( LeadNote::create( 7, 1, " \n\t " ) );
		$this->assertNull( LeadNote::create( 7, 1, str_repeat( 'x', LeadNote::MAX_LENGTH + 1 ) ) );
		$this->assertNotNull( LeadNote::create( 7, 1, str_repeat( 'é', LeadNote::MAX_LENGTH ) ) );
	}

	public function test_the_history_is_oldest_first_keeps_same_second_order_and_skips_rows_that_are_not_notes(): void {
		$rows = array(
			array(
				'author' => 2,
				'time'   => 300,
				'text'   => 'third',
			),
			array(
				'author' => 1,
				'time'   => 100,
				'text'   => 'first',
			),
			'a stray string',
			array(
				'author' => 1,
				'time'   => 200,
				'text'   => '',
			),
			array(
				'author' => '1',
				'time'   => 200,
				'text'   => 'author not a number',
			),
			array(
				'author' => 3,
				'time'   => 100,
				'text'   => 'second, same second as the first',
			),
		);

		$texts = array_map( static fn( LeadNote $note ): string => $note->text, LeadNote::history( $rows ) );

		$this->assertSame( array( 'first', 'second, same second as the first', 'third' ), $texts );
	}

	public function test_reply_whatsapp_and_call_links_for_an_international_number(): void {
		$links = LeadContactLinks::for_lead( 'grace@example.com', '+44 (20) 7946-0000', 'Re: your inquiry about BYD Seal & co' );

		$this->assertSame(
			array(
				'reply'    => 'mailto:grace@example.com?subject=Re%3A%20your%20inquiry%20about%20BYD%20Seal%20%26%20co',
				'whatsapp' => 'https://wa.me/442079460000',
				'call'     => 'tel:+442079460000',
			),
			$links
		);
	}

	public function test_a_number_without_its_country_code_gets_no_whatsapp_or_call_link(): void {
		$this->assertSame( '442079460000', LeadContactLinks::international_digits( '0044 20 7946 0000' ) );
		$this->assertNull( LeadContactLinks::international_digits( '020 7946 0000' ) );
		$this->assertNull( LeadContactLinks::international_digits( '+12 34' ) );
		$this->assertNull( LeadContactLinks::international_digits( '+44 20 7946 0000 ext. 5' ) );
		$this->assertNull( LeadContactLinks::international_digits( '+1234567890123456' ) );
		$this->assertSame( array(), LeadContactLinks::for_lead( 'not an address', '555-0100', 'Re: x' ) );
	}

	public function test_bulk_actions_name_a_known_status_only(): void {
		$this->assertSame( 'won', LeadBulkActions::status_of( 'car_export_lead_status_won' ) );
		$this->assertNull( LeadBulkActions::status_of( 'car_export_lead_status_sold' ) );
		$this->assertNull( LeadBulkActions::status_of( LeadBulkActions::READ ) );
		$this->assertTrue( LeadBulkActions::is_ours( LeadBulkActions::UNREAD ) );
		$this->assertFalse( LeadBulkActions::is_ours( 'trash' ) );
	}

	public function test_the_bulk_notice_says_how_many_changed_and_why_others_did_not(): void {
		$this->assertSame( '3 leads marked Won.', LeadBulkActions::summary( 'car_export_lead_status_won', 3, 0, 0 ) );
		$this->assertSame( '1 lead marked read. 2 were already so.', LeadBulkActions::summary( LeadBulkActions::READ, 1, 2, 0 ) );
		$this->assertSame(
			'0 leads marked unread. 1 was already so. 1 could not be changed: you may not edit it.',
			LeadBulkActions::summary( LeadBulkActions::UNREAD, 0, 1, 1 )
		);
	}
}
