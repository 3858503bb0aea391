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
			$known[ self::fold( $column ) ] = $column;
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
