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
 * @phpstan-type ParsedRow array{row: int, stockNumber: string, title: string|null, status: string|null, description: string|null, fields: array<string, mixed>, images: list<string>|null, errors: list<string>, refused: list<string>}
 */
final class CarRowParser {

	private const MAX_TITLE = 200;

	private CarValidator $validator;

	/** First characters that make a spreadsheet read a cell as a formula. */
	private const FORMULA_STARTS = '=+-@';

	/** @var list<string|null> */
	private array $columns;

	/**
	 * @var array{brands: array<string, string>, models: array<string, string>}|null
	 */
	private ?array $known;

	/**
	 * @param list<string|null> $columns The file's columns in order (CarCsv::map_header), null for ignored ones.
	 * @param array{brands: array<string, string>, models: array<string, string>}|null $known
	 *        The catalogue's brands and models (KnownValues::key() => spelling); null checks neither.
	 */
	public function __construct( array $columns, ?CarValidator $validator = null, ?array $known = null ) {
		$this->columns   = $columns;
		$this->validator = $validator ?? new CarValidator();
		$this->known     = $known;
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
	public function parse( int $row_number, array $cells ): array {
		$raw = array();
		foreach ( $this->columns as $index => $column ) {
			if ( null !== $column ) {
				$raw[ $column ] = CarCsv::unguard( trim( $cells[ $index ] ?? '' ) );
			}
		}
		$row = array(
			'row'         => $row_number,
			'stockNumber' => '',
			'title'       => null,
			'status'      => null,
			'description' => null,
			'fields'      => array(),
			'images'      => null,
			'errors'      => array(),
			'refused'     => array(),
		);
		foreach ( $raw as $column => $value ) {
			$this->take( $row, $column, $value );
		}
		if ( '' === $row['stockNumber'] ) {
			$row['errors'][] = __( 'Stock number is empty.', 'car-export' );
		}
		$this->check_known( $row );
		return $row;
	}

	/**
	 * The reason a row cannot make a new car for want of a title, or null. A title the row has but
	 * that was refused already has its reason, and a second one ("empty") would send staff looking
	 * for a problem that is not there.
	 *
	 * @param ParsedRow $row
	 */
	public static function missing_title( array $row ): ?string {
		if ( ( null !== $row['title'] && '' !== $row['title'] ) || in_array( 'title', $row['refused'], true ) ) {
			return null;
		}
		return __( 'Title is empty; a new car needs one.', 'car-export' );
	}

	/**
	 * A brand or model the catalogue does not have yet is most often a typo ("Toyta"), and it would
	 * appear at once in the site's brand filter: refused with the reason. A known one in another
	 * letter case takes the catalogue's spelling, so "bmw" does not become a second brand.
	 *
	 * @param ParsedRow $row
	 */
	private function check_known( array &$row ): void {
		if ( null === $this->known ) {
			return;
		}
		$brand = $row['fields']['brand'] ?? null;
		if ( is_string( $brand ) && '' !== $brand ) {
			$spelling = $this->known['brands'][ KnownValues::key( $brand ) ] ?? null;
			if ( null === $spelling ) {
				/* translators: %s: brand as written in the file. */
				$row['errors'][] = sprintf( __( 'Brand "%s" is not a brand of any car yet. Check the spelling; a new brand is added by saving its first car with the car form.', 'car-export' ), $brand );
				return;
			}
			$row['fields']['brand'] = $spelling;
			$model                  = $row['fields']['model'] ?? null;
			if ( is_string( $model ) && '' !== $model ) {
				$known_model = $this->known['models'][ KnownValues::key( $spelling, $model ) ] ?? null;
				if ( null === $known_model ) {
					/* translators: 1: model as written in the file, 2: brand. */
					$row['errors'][] = sprintf( __( 'Model "%1$s" is not a model of %2$s yet. Check the spelling; a new model is added by saving its first car with the car form.', 'car-export' ), $model, $spelling );
					return;
				}
				$row['fields']['model'] = $known_model;
			}
		}
	}

	/**
	 * A text cell starting with = + - or @ is what a spreadsheet runs as a formula: it is refused with
	 * the reason, since it is a formula typed into the sheet (=HYPERLINK(...) would have become the
	 * car's public title), never a car's real text.
	 *
	 * A dash followed by a space is allowed: "- leather seats" is how staff type a list of features
	 * in a description, and a formula never has a space after its leading minus. Such a cell never
	 * reaches a spreadsheet as a formula either, because the export puts an apostrophe in front of
	 * it (and the import takes it off again, see CarCsv::unguard). A dash followed by anything else
	 * ("-2+3", "-cmd|...", a lone "-" put in for "none") is refused like the other three.
	 *
	 * @param ParsedRow $row
	 */
	private static function refuse_formula( array &$row, string $column, string $label, string $value ): bool {
		if ( '' === $value || ! str_contains( self::FORMULA_STARTS, $value[0] ) || (bool) preg_match( '/^-[ \t]/', $value ) ) {
			return false;
		}
		/* translators: 1: column label, 2: the first character. */
		$reason = sprintf( __( '%1$s starts with "%2$s", which spreadsheets run as a formula. Start the text with a letter or digit.', 'car-export' ), $label, $value[0] );
		if ( '-' === $value[0] ) {
			$reason .= ' ' . __( 'A dash followed by a space, as in a list, is fine.', 'car-export' );
		}
		$row['errors'][]  = $reason;
		$row['refused'][] = $column;
		return true;
	}

	/**
	 * @param ParsedRow $row
	 */
	private function take( array &$row, string $column, string $value ): void {
		switch ( $column ) {
			case 'title':
				if ( self::refuse_formula( $row, 'title', __( 'Title', 'car-export' ), $value ) ) {
					return;
				}
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
				if ( ! self::refuse_formula( $row, 'description', __( 'Description', 'car-export' ), $value ) ) {
					$row['description'] = $value;
				}
				return;
			case 'images':
				$row['images'] = CarCsv::split_list( $value );
				return;
		}
		$field = CarFields::get( $column );
		if ( 'text' === $field['type'] && self::refuse_formula( $row, $column, $field['label'], $value ) ) {
			return;
		}
		$input  = 'list' === $field['type'] ? CarCsv::split_list( $value ) : $value;
		$result = $this->validator->validate_field( $column, $input );
		if ( null !== $result['error'] ) {
			$row['errors'][]  = $result['error'];
			$row['refused'][] = $column;
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
