<?php
declare(strict_types=1);

namespace CarExport\Cli;

use CarExport\Import\CarCsvExport;
use CarExport\Import\CarImporter;
use CarExport\Import\ImportLog;

/**
 * The command-line import and export of cars, shared by the WP-CLI commands and bin/car-csv.php.
 * Output goes through the given writer so each front end prints its own way.
 */
final class CsvCommands {

	/** Rows per transaction; the admin screen's batches are the same size. */
	public const BATCH = 250;

	/** @var callable(string): void */
	private $say;

	/**
	 * @param callable(string): void $say Prints one line.
	 */
	public function __construct( callable $say ) {
		$this->say = $say;
	}

	/**
	 * @return int Exit status: 0 when every row was imported (or would be), 1 otherwise.
	 */
	public function import( string $path, bool $dry_run ): int {
		$importer = new CarImporter();
		$plan     = $importer->plan( $path );
		foreach ( $plan['errors'] as $error ) {
			( $this->say )( 'Error: ' . $error );
		}
		if ( array() !== $plan['errors'] ) {
			return 1;
		}
		$total  = count( $plan['rows'] );
		$totals = array(
			'created'   => 0,
			'updated'   => 0,
			'unchanged' => 0,
			'failed'    => 0,
		);
		foreach ( array_chunk( $plan['rows'], self::BATCH ) as $index => $batch ) {
			$report = $importer->import( $batch, $dry_run );
			if ( ! $dry_run ) {
				ImportLog::add( $report, 0 === $index );
			}
			foreach ( array_keys( $totals ) as $key ) {
				$totals[ $key ] += $report[ $key ];
			}
			foreach ( $report['problems'] as $problem ) {
				( $this->say )( sprintf( 'Row %d (%s): %s', $problem['row'], '' === $problem['stockNumber'] ? '-' : $problem['stockNumber'], implode( ' ', $problem['errors'] ) ) );
			}
			( $this->say )( sprintf( '%d/%d rows', min( $total, ( $index + 1 ) * self::BATCH ), $total ) );
			// The object cache keeps every post and meta read; a long file would fill PHP's memory.
			wp_cache_flush_runtime();
		}
		if ( ! $dry_run ) {
			$importer->finish();
		}
		( $this->say )(
			sprintf(
				'%s%d created, %d updated, %d unchanged, %d with problems.',
				$dry_run ? 'Dry run, nothing saved: ' : '',
				$totals['created'],
				$totals['updated'],
				$totals['unchanged'],
				$totals['failed']
			)
		);
		return 0 === $totals['failed'] ? 0 : 1;
	}

	/**
	 * @param resource $out
	 */
	public function export( $out ): int {
		( new CarCsvExport() )->write( $out );
		return 0;
	}
}
