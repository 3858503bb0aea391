<?php
declare(strict_types=1);

namespace CarExport\Messages;

/**
 * CSV as spreadsheets read it (RFC 4180: quoted fields, doubled quotes, CRLF rows), with the
 * formula-injection guard: a visitor's text starting with = + - @ (or a tab or carriage return)
 * would run as a formula when staff open the export, so such a cell gets a leading apostrophe.
 */
final class Csv {

	public static function cell( string|int|null $value ): string {
		$text = null === $value ? '' : (string) $value;
		if ( '' !== $text && str_contains( "=+-@\t\r", $text[0] ) && ! is_int( $value ) ) {
			$text = "'" . $text;
		}
		return '"' . str_replace( '"', '""', $text ) . '"';
	}

	/**
	 * @param array<int|string, string|int|null> $cells
	 */
	public static function row( array $cells ): string {
		// A loop, not array_map() over a callable array: an export writes millions of cells.
		$line = '';
		foreach ( $cells as $value ) {
			$line .= ',' . self::cell( $value );
		}
		return substr( $line, 1 ) . "\r\n";
	}
}
