<?php
declare(strict_types=1);

namespace CarExport\Import;

use CarExport\Cars\CarFields;
use CarExport\Cars\CarValidator;

/**
 * Turns one CSV row into the values of a car, with every problem in words staff understand.
 *
 * Pure logic: no database access, so it runs under plain PHPUnit. Only columns present in the file
 * are part of the result, so a file with a few columns updates those fields and leaves the rest of
 * an existing car alone. Field values are checked by CarValidator, the same rules as the edit form.
 *
 * @phpstan-type ParsedRow array{line: int, stockNumber: string, title: string|null, status: string|null, description: string|null, fields: array<string, mixed>, images: list<string>|null, errors: list<string>}
 */
final class CarRowParser {

	private const MAX_TITLE = 200;

	private CarValidator $validator;

	/** @var list<string|null> */
	private array $columns;

	/**
	 * @param list<string|null> $columns The file's columns in order (CarCsv::map_header), null for ignored ones.
	 */
	public function __construct( array $columns, ?CarValidator $validator = null ) {
		$this->columns   = $columns;
		$this->validator = $validator ?? new CarValidator();
	}

	/**
	 * Problems with the file as a whole, before any row is read.
	 *
	 * @return list<string>
	 */
	public function header_errors(): array {
		$errors = array();
		if ( ! in_array( 'stockNumber', $this->columns, true ) ) {
			$errors[] = __( 'The file has no stockNumber column. Every car needs its stock number, which tells a new car from an update.', 'car-export' );
		}
		return $errors;
	}

	/**
	 * @param list<string> $cells
	 * @return ParsedRow
	 */
	public function parse( int $line, array $cells ): array {
		$raw = array();
		foreach ( $this->columns as $index => $column ) {
			if ( null !== $column ) {
				$raw[ $column ] = CarCsv::unguard( trim( $cells[ $index ] ?? '' ) );
			}
		}
		$row = array(
			'line'        => $line,
			'stockNumber' => '',
			'title'       => null,
			'status'      => null,
			'description' => null,
			'fields'      => array(),
			'images'      => null,
			'errors'      => array(),
		);
		foreach ( $raw as $column => $value ) {
			$this->take( $row, $column, $value );
		}
		if ( '' === $row['stockNumber'] ) {
			$row['errors'][] = __( 'Stock number is empty.', 'car-export' );
		}
		return $row;
	}

	/**
	 * @param ParsedRow $row
	 */
	private function take( array &$row, string $column, string $value ): void {
		switch ( $column ) {
			case 'title':
				$title = trim( (string) preg_replace( '/\s+/u', ' ', wp_strip_all_tags( $value ) ) );
				if ( mb_strlen( $title ) > self::MAX_TITLE ) {
					/* translators: %d: maximum number of characters. */
					$row['errors'][] = sprintf( __( 'Title must be at most %d characters.', 'car-export' ), self::MAX_TITLE );
				}
				$row['title'] = $title;
				return;
			case 'status':
				$status = strtolower( $value );
				$status = 'published' === $status ? 'publish' : $status;
				if ( '' !== $status && ! in_array( $status, CarCsv::STATUSES, true ) ) {
					/* translators: %s: comma-separated list of allowed statuses. */
					$row['errors'][] = sprintf( __( 'Status must be one of: %s.', 'car-export' ), implode( ', ', CarCsv::STATUSES ) );
				}
				$row['status'] = '' === $status ? 'publish' : $status;
				return;
			case 'description':
				$row['description'] = $value;
				return;
			case 'images':
				$row['images'] = CarCsv::split_list( $value );
				return;
		}
		$field  = CarFields::get( $column );
		$input  = 'list' === $field['type'] ? CarCsv::split_list( $value ) : $value;
		$result = $this->validator->validate_field( $column, $input );
		if ( null !== $result['error'] ) {
			$row['errors'][] = $result['error'];
			return;
		}
		if ( 'stockNumber' === $column ) {
			$row['stockNumber'] = (string) $result['value'];
			if ( '' === $row['stockNumber'] ) {
				return;
			}
		}
		$row['fields'][ $column ] = $result['value'];
	}
}
