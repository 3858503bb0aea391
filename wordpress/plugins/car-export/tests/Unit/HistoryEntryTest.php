<?php
declare(strict_types=1);

namespace CarExport\Tests\Unit;

use CarExport\History\HistoryEntry;
use PHPUnit\Framework\Attributes\CoversClass;
use PHPUnit\Framework\TestCase;

#[CoversClass( HistoryEntry::class )]
final class HistoryEntryTest extends TestCase {

	public function test_a_price_change_reads_who_when_from_to_and_through_which_screen(): void {
		$entry = HistoryEntry::of_change( HistoryEntry::PRICE, '25000', 23900, HistoryEntry::VIA_QUICK_EDIT, 7, 'Ana Sales', 1700000000 );
		$this->assertNotNull( $entry );
		$this->assertSame( 'Price: $25,000 → $23,900', $entry->summary() );
		$this->assertSame(
			array(
				'field' => 'price',
				'from'  => '25000',
				'to'    => '23900',
				'via'   => 'Quick Edit',
				'user'  => 7,
				'name'  => 'Ana Sales',
				'at'    => 1700000000,
			),
			$entry->to_stored()
		);
		$this->assertEquals( $entry, HistoryEntry::from_stored( $entry->to_stored() ) );
	}

	public function test_a_cleared_price_reads_as_contact_for_price(): void {
		$entry = HistoryEntry::of_change( HistoryEntry::PRICE, '18000', '', HistoryEntry::VIA_FORM, 1, 'A', 1 );
		$this->assertSame( 'Price: $18,000 → Contact for Price', $entry?->summary() );
	}

	public function test_values_that_read_the_same_are_no_change(): void {
		// A car never given a sale status is Available, a lead without a status is New, and a
		// price is the same number whether stored as text or integer.
		$this->assertNull( HistoryEntry::of_change( HistoryEntry::SALE_STATUS, '', 'available', HistoryEntry::VIA_CSV_IMPORT, 1, 'A', 1 ) );
		$this->assertNull( HistoryEntry::of_change( HistoryEntry::LEAD_STATUS, '', 'new', HistoryEntry::VIA_FORM, 1, 'A', 1 ) );
		$this->assertNull( HistoryEntry::of_change( HistoryEntry::PRICE, '25000', 25000, HistoryEntry::VIA_CSV_IMPORT, 1, 'A', 1 ) );
	}

	public function test_status_changes_read_in_staff_words(): void {
		$this->assertSame( 'Sale status: Available → Reserved', HistoryEntry::of_change( HistoryEntry::SALE_STATUS, '', 'reserved', HistoryEntry::VIA_BULK_EDIT, 1, 'A', 1 )?->summary() );
		$this->assertSame( 'Lead status: New → Won', HistoryEntry::of_change( HistoryEntry::LEAD_STATUS, '', 'won', HistoryEntry::VIA_LEAD_LIST, 1, 'A', 1 )?->summary() );
	}

	public function test_a_stored_row_that_is_not_an_entry_is_left_out(): void {
		$this->assertNull( HistoryEntry::from_stored( 'text' ) );
		$this->assertNull( HistoryEntry::from_stored( array( 'field' => 'price' ) ) );
	}
}
