<?php
declare(strict_types=1);

namespace CarExport\Import;

/**
 * Reads a CSV file (comma-separated, RFC 4180 quoting, UTF-8 with or without a byte-order mark)
 * into its header and data rows, each with its row number as a spreadsheet shows it (the header is
 * row 1), so problems are reported where staff will find them. Not the line of the file: a quoted
 * cell (a description) may hold line breaks, and staff who open the file in a spreadsheet never see
 * those lines.
 */
final class CsvReader {

	/** A catalogue file has a few thousand rows; far more is a wrong file, not a catalogue. */
	public const MAX_ROWS = 50000;

	/**
	 * @return array{header: list<string>, rows: list<array{row: int, cells: list<string>}>, error: string|null}
	 */
	public static function read_file( string $path ): array {
		$handle = is_readable( $path ) ? fopen( $path, 'rb' ) : false; // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_operations_fopen -- a local upload streamed row by row.
		if ( false === $handle ) {
			return self::failure( __( 'The file could not be read.', 'car-export' ) );
		}
		try {
			return self::read( $handle );
		} finally {
			fclose( $handle ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_operations_fclose -- pairs with fopen above.
		}
	}

	/**
	 * @param resource $handle
	 * @return array{header: list<string>, rows: list<array{row: int, cells: list<string>}>, error: string|null}
	 */
	public static function read( $handle ): array {
		$bom = fread( $handle, 3 ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_operations_fread -- reading the stream given.
		if ( "\xEF\xBB\xBF" !== $bom ) {
			rewind( $handle );
		}
		$header = null;
		$rows   = array();
		$row    = 0;
		while ( true ) {
			$cells = fgetcsv( $handle, null, ',', '"', '' );
			if ( false === $cells ) {
				break;
			}
			// An empty line is an empty row in a spreadsheet too, so it is counted.
			++$row;
			if ( array( null ) === $cells ) {
				continue;
			}
			$cells = array_map( static fn ( ?string $cell ): string => (string) $cell, $cells );
			if ( ! mb_check_encoding( implode( '', $cells ), 'UTF-8' ) ) {
				/* translators: %d: row number, as a spreadsheet shows it. */
				return self::failure( sprintf( __( 'Row %d is not UTF-8 text. Save the file as "CSV UTF-8" and upload it again.', 'car-export' ), $row ) );
			}
			if ( null === $header ) {
				$header = array_map( 'trim', $cells );
				continue;
			}
			if ( count( $rows ) >= self::MAX_ROWS ) {
				/* translators: %d: maximum number of rows. */
				return self::failure( sprintf( __( 'The file has more than %d rows. Split it into smaller files.', 'car-export' ), self::MAX_ROWS ) );
			}
			$rows[] = array(
				'row'   => $row,
				'cells' => $cells,
			);
		}
		if ( null === $header ) {
			return self::failure( __( 'The file is empty. The first line must name the columns.', 'car-export' ) );
		}
		return array(
			'header' => $header,
			'rows'   => $rows,
			'error'  => null,
		);
	}

	/**
	 * @return array{header: list<string>, rows: list<array{row: int, cells: list<string>}>, error: string}
	 */
	private static function failure( string $message ): array {
		return array(
			'header' => array(),
			'rows'   => array(),
			'error'  => $message,
		);
	}
}
