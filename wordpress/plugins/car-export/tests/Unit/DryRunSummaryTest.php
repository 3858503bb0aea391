<?php
declare(strict_types=1);

namespace CarExport\Tests\Unit;

use CarExport\Import\DryRunSummary;
use PHPUnit\Framework\Attributes\CoversClass;
use PHPUnit\Framework\TestCase;

#[CoversClass( DryRunSummary::class )]
final class DryRunSummaryTest extends TestCase {

	/**
	 * @return array{created: int, updated: int, unchanged: int, failed: int, problems: list<array{row: int, stockNumber: string, errors: list<string>}>}
	 */
	private static function report( int $created, int $updated, int $unchanged, int $failed ): array {
		return array(
			'created'   => $created,
			'updated'   => $updated,
			'unchanged' => $unchanged,
			'failed'    => $failed,
			'problems'  => array(),
		);
	}

	public function test_a_file_of_74_rows_of_which_2_change_says_2_and_offers_to_import_2(): void {
		$report = self::report( 1, 1, 72, 0 );
		$this->assertSame( 'Dry run of 74 rows: 2 would change the catalogue (1 new cars, 1 updates of existing cars); 72 unchanged; 0 with problems.', DryRunSummary::sentence( 74, $report ) );
		$this->assertSame( 'Import 2 changed rows', DryRunSummary::button( $report ) );
		$this->assertSame( 'Import 1 changed row', DryRunSummary::button( self::report( 0, 1, 5, 2 ) ) );
	}

	public function test_a_file_that_changes_nothing_offers_no_import(): void {
		$this->assertNull( DryRunSummary::button( self::report( 0, 0, 74, 3 ) ) );
	}
}
