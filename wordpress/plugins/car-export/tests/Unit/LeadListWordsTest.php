<?php
declare(strict_types=1);

namespace CarExport\Tests\Unit;

use CarExport\Admin\UpdatedMessages;
use CarExport\Messages\MessagesAdmin;
use PHPUnit\Framework\Attributes\CoversClass;
use PHPUnit\Framework\TestCase;

#[CoversClass( MessagesAdmin::class )]
#[CoversClass( UpdatedMessages::class )]
final class LeadListWordsTest extends TestCase {

	public function test_a_message_excerpt_is_one_line_cut_at_a_word(): void {
		$this->assertSame( 'Hello there. Is it sold?', MessagesAdmin::excerpt( "Hello there.\r\n\r\nIs it   sold?" ) );
		$this->assertSame( 'Is the Hilux still available? I would…', MessagesAdmin::excerpt( 'Is the Hilux still available? I would like to ship it.', 40 ) );
	}

	public function test_bulk_changes_count_cars_and_leads_not_posts(): void {
		$cars  = UpdatedMessages::bulk(
			array(
				'updated' => 2,
				'trashed' => 1,
			),
			'car'
		);
		$leads = UpdatedMessages::bulk( array( 'updated' => 1 ), 'lead' );
		$this->assertSame( '%s cars updated.', $cars['updated'] );
		$this->assertSame( '%s car moved to the Trash.', $cars['trashed'] );
		$this->assertSame( '%s lead updated.', $leads['updated'] );
	}
}
