<?php
declare(strict_types=1);

namespace CarExport\Import;

/**
 * What the import screen says after checking a file: how many rows would change a car (new cars
 * and updates) and how many would not (unchanged, or skipped for a problem). Staff decide from it
 * whether to press Import, so a file of 74 rows of which 2 change reads as 2 changes, never as 74.
 *
 * Pure logic: runs under plain PHPUnit.
 *
 * @phpstan-import-type Report from CarImporter
 */
final class DryRunSummary {

	/**
	 * @param Report $report The dry run's counts.
	 */
	public static function sentence( int $total, array $report ): string {
		return sprintf(
			/* translators: 1: rows in the file, 2: rows that change a car, 3: new cars, 4: updated cars, 5: unchanged rows, 6: rows with problems. */
			__( 'Dry run of %1$d rows: %2$d would change the catalogue (%3$d new cars, %4$d updates of existing cars); %5$d unchanged; %6$d with problems.', 'car-export' ),
			$total,
			self::changes( $report ),
			$report['created'],
			$report['updated'],
			$report['unchanged'],
			$report['failed']
		);
	}

	/**
	 * The Import button's words, or null when importing would change nothing.
	 *
	 * @param Report $report
	 */
	public static function button( array $report ): ?string {
		$changes = self::changes( $report );
		if ( $changes < 1 ) {
			return null;
		}
		/* translators: %d: number of rows that change a car. */
		return sprintf( _n( 'Import %d changed row', 'Import %d changed rows', $changes, 'car-export' ), $changes );
	}

	/**
	 * @param Report $report
	 */
	private static function changes( array $report ): int {
		return $report['created'] + $report['updated'];
	}
}
