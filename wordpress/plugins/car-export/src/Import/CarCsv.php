<?php
declare(strict_types=1);

namespace CarExport\Import;

use CarExport\Cars\CarFields;

/**
 * The catalogue's CSV columns and how a file's header maps onto them.
 *
 * Columns are the stock number (which identifies a car between imports), title, status, every
 * CarFields field except the gallery (whose attachment ids mean nothing outside this WordPress),
 * then description and images. A field added to CarFields becomes a column without a change here.
 * Lists (features, images) hold their entries separated by LIST_SEPARATOR.
 */
final class CarCsv {

	public const LIST_SEPARATOR = '|';

	/** Post statuses a row may ask for; an empty status means published. */
	public const STATUSES = array( 'publish', 'draft', 'pending', 'private' );

	/**
	 * The unit of a number column, named in its header: a mileage in kilometres typed into a
	 * column that does not say "miles" would be off by 60% without a word.
	 */
	private const UNITS = array(
		'price'   => 'USD',
		'mileage' => 'miles',
	);

	/**
	 * The header row the export and the sample file write: each column's key, with its unit.
	 *
	 * @return list<string>
	 */
	public static function header(): array {
		return array_map( array( self::class, 'header_name' ), self::columns() );
	}

	/** "mileage (miles)", "price (USD)", "brand". */
	public static function header_name( string $column ): string {
		return isset( self::UNITS[ $column ] ) ? $column . ' (' . self::UNITS[ $column ] . ')' : $column;
	}

	/**
	 * A stored value as the cell the import reads back as the same value, in the words the column
	 * guide gives: a flag as yes or no, a choice left unset as what it reads as (a car without a
	 * sale status is available).
	 *
	 * @param array{type: string, default?: string} $field The column's CarFields definition.
	 */
	public static function export_cell( array $field, string $text ): string {
		if ( 'bool' === $field['type'] ) {
			return '1' === $text ? 'yes' : 'no';
		}
		if ( '' === $text && isset( $field['default'] ) ) {
			return $field['default'];
		}
		return $text;
	}

	/**
	 * @return list<string>
	 */
	public static function columns(): array {
		$columns = array( 'stockNumber', 'title', 'status' );
		foreach ( CarFields::all() as $key => $field ) {
			if ( 'ids' !== $field['type'] && ! in_array( $key, $columns, true ) ) {
				$columns[] = $key;
			}
		}
		$columns[] = 'description';
		$columns[] = 'images';
		return $columns;
	}

	/**
	 * Maps each header cell to a column, matching the key or the field's label in any letter case
	 * ("Body type", "bodytype", "BODYTYPE"); cells that match nothing map to null and are ignored.
	 *
	 * @param list<string> $header
	 * @return list<string|null>
	 */
	public static function map_header( array $header ): array {
		$known = array();
		foreach ( self::columns() as $column ) {
			$known[ self::fold( $column ) ]                      = $column;
			$known[ self::fold( self::header_name( $column ) ) ] = $column;
		}
		foreach ( CarFields::all() as $key => $field ) {
			if ( isset( $known[ self::fold( $key ) ] ) ) {
				$known[ self::fold( $field['label'] ) ] = $key;
			}
		}
		$mapped = array();
		$seen   = array();
		foreach ( $header as $cell ) {
			$column = $known[ self::fold( $cell ) ] ?? null;
			// A repeated column would silently overwrite the first; only the first one counts.
			if ( null !== $column && isset( $seen[ $column ] ) ) {
				$column = null;
			}
			if ( null !== $column ) {
				$seen[ $column ] = true;
			}
			$mapped[] = $column;
		}
		return $mapped;
	}

	/**
	 * Splits a list cell into its trimmed, non-empty entries.
	 *
	 * @return list<string>
	 */
	public static function split_list( string $cell ): array {
		return array_values( array_filter( array_map( 'trim', explode( self::LIST_SEPARATOR, $cell ) ), static fn ( string $item ): bool => '' !== $item ) );
	}

	/**
	 * A spreadsheet export guards cells starting with = + - @ by a leading apostrophe; the guard is
	 * not part of the value.
	 */
	public static function unguard( string $cell ): string {
		if ( strlen( $cell ) > 1 && "'" === $cell[0] && str_contains( "=+-@\t\r", $cell[1] ) ) {
			return substr( $cell, 1 );
		}
		return $cell;
	}

	private static function fold( string $text ): string {
		return (string) preg_replace( '/[^a-z0-9]/', '', strtolower( trim( $text ) ) );
	}
}
