<?php
declare(strict_types=1);

namespace CarExport\Cars;

/**
 * Checks and normalises a car's field values against CarFields.
 *
 * Pure logic: no output and no database access of its own. The only WordPress lookup it needs
 * (is this attachment an image?) is injected, so the class runs under plain PHPUnit.
 *
 * Every field is optional: an empty value means "not set" (for the price: "Contact for Price").
 * Normalised values are in their stored form: strings for text, choices and whole numbers
 * (a numeric string, or '' when empty), '1'/'0' for flags, list<string> for features and
 * list<int> for the gallery.
 */
final class CarValidator {

	public const MAX_FEATURES = 40;

	/** Longer digit strings cannot be in range and would overflow an int. */
	private const MAX_DIGITS = 12;

	/** @var callable(int): bool */
	private $is_image;

	/**
	 * @param (callable(int): bool)|null $is_image Tells whether an attachment id is an image in the media library.
	 */
	public function __construct( ?callable $is_image = null ) {
		$this->is_image = $is_image ?? static function ( int $id ): bool {
			return function_exists( 'wp_attachment_is_image' ) && wp_attachment_is_image( $id );
		};
	}

	/**
	 * Validates every car field. A field missing from $raw counts as empty (an unticked checkbox
	 * is not posted at all), so the result always describes a complete car.
	 *
	 * @param array<string, mixed> $raw Field key (CarFields key, e.g. 'bodyType') => submitted value.
	 * @return array{values: array<string, mixed>, errors: array<string, string>} Valid fields only in values; one message per invalid field.
	 */
	public function validate( array $raw ): array {
		$values = array();
		$errors = array();
		foreach ( array_keys( CarFields::all() ) as $key ) {
			$result = $this->validate_field( $key, $raw[ $key ] ?? null );
			if ( null === $result['error'] ) {
				$values[ $key ] = $result['value'];
			} else {
				$errors[ $key ] = $result['error'];
			}
		}
		return array(
			'values' => $values,
			'errors' => $errors,
		);
	}

	/**
	 * Validates one field. 'value' is always the best normalised value, even with an error
	 * (empty for a bad scalar, the valid part of a list), so callers that cannot refuse a write,
	 * such as a meta sanitize callback, still store something sound.
	 *
	 * @return array{value: mixed, error: string|null}
	 */
	public function validate_field( string $key, mixed $value ): array {
		$field = CarFields::get( $key );
		switch ( $field['type'] ) {
			case 'int':
				return $this->check_int( $field, $value );
			case 'choice':
				return $this->check_choice( $field, $value );
			case 'bool':
				return $this->check_bool( $field, $value );
			case 'list':
				return $this->check_list( $field, $value );
			case 'ids':
				return $this->check_ids( $field, $value );
			default:
				return $this->check_text( $field, $value );
		}
	}

	/**
	 * @param array{label: string, maxlength?: int} $field
	 * @return array{value: string, error: string|null}
	 */
	private function check_text( array $field, mixed $value ): array {
		if ( ! $this->is_scalar_or_empty( $value ) ) {
			/* translators: %s: field label. */
			return $this->fail( '', sprintf( __( '%s must be text.', 'car-export' ), $field['label'] ) );
		}
		$text = (string) $value;
		if ( ! mb_check_encoding( $text, 'UTF-8' ) ) {
			/* translators: %s: field label. */
			return $this->fail( '', sprintf( __( '%s contains characters that could not be read. Please retype it.', 'car-export' ), $field['label'] ) );
		}
		$text = $this->clean_line( $text );
		$max  = $field['maxlength'] ?? 0;
		if ( $max > 0 && mb_strlen( $text ) > $max ) {
			return $this->fail(
				mb_substr( $text, 0, $max ),
				/* translators: 1: field label, 2: maximum number of characters. */
				sprintf( __( '%1$s must be at most %2$d characters.', 'car-export' ), $field['label'], $max )
			);
		}
		return $this->pass( $text );
	}

	/**
	 * @param array{label: string, min?: int, max?: int} $field
	 * @return array{value: string, error: string|null}
	 */
	private function check_int( array $field, mixed $value ): array {
		if ( is_float( $value ) && floor( $value ) === $value && abs( $value ) < 1e12 ) {
			$value = (int) $value;
		}
		if ( ! $this->is_scalar_or_empty( $value ) || is_bool( $value ) || is_float( $value ) ) {
			/* translators: %s: field label. */
			return $this->fail( '', sprintf( __( '%s must be a whole number.', 'car-export' ), $field['label'] ) );
		}
		// Staff paste prices as "$45,000" or "45 000"; the separators carry no meaning.
		$text = str_replace( array( ',', ' ', "\u{00A0}", '$' ), '', trim( (string) $value ) );
		if ( '' === $text ) {
			return $this->pass( '' );
		}
		if ( ! preg_match( '/^-?\d+$/', $text ) ) {
			/* translators: %s: field label. */
			return $this->fail( '', sprintf( __( '%s must be a whole number.', 'car-export' ), $field['label'] ) );
		}
		$min      = $field['min'] ?? 0;
		$max      = $field['max'] ?? PHP_INT_MAX;
		$digits   = ltrim( $text, '-' );
		$in_range = strlen( ltrim( $digits, '0' ) ) <= self::MAX_DIGITS;
		$number   = $in_range ? (int) $text : 0;
		if ( ! $in_range || $number < $min || $number > $max ) {
			return $this->fail(
				'',
				/* translators: 1: field label, 2: lowest allowed number, 3: highest allowed number. */
				sprintf( __( '%1$s must be between %2$s and %3$s.', 'car-export' ), $field['label'], $this->readable_number( $min ), $this->readable_number( $max ) )
			);
		}
		return $this->pass( (string) $number );
	}

	/**
	 * Accepts the exact key; a different letter case or the label is normalised to the key,
	 * because imports and staff scripts tend to write "suv" or "Automatic".
	 *
	 * @param array{label: string, choices?: array<string, string>} $field
	 * @return array{value: string, error: string|null}
	 */
	private function check_choice( array $field, mixed $value ): array {
		$choices = $field['choices'] ?? array();
		if ( $this->is_scalar_or_empty( $value ) && ! is_bool( $value ) ) {
			$text = trim( (string) $value );
			if ( '' === $text || isset( $choices[ $text ] ) ) {
				return $this->pass( $text );
			}
			$wanted = mb_strtolower( $text );
			foreach ( $choices as $choice_key => $choice_label ) {
				if ( mb_strtolower( (string) $choice_key ) === $wanted || mb_strtolower( $choice_label ) === $wanted ) {
					return $this->pass( (string) $choice_key );
				}
			}
		}
		return $this->fail(
			'',
			/* translators: 1: field label, 2: comma-separated list of allowed values. */
			sprintf( __( '%1$s must be one of: %2$s.', 'car-export' ), $field['label'], implode( ', ', $choices ) )
		);
	}

	/**
	 * @param array{label: string} $field
	 * @return array{value: string, error: string|null}
	 */
	private function check_bool( array $field, mixed $value ): array {
		if ( null === $value || false === $value || '' === $value || 0 === $value ) {
			return $this->pass( '0' );
		}
		if ( true === $value || 1 === $value ) {
			return $this->pass( '1' );
		}
		if ( is_string( $value ) ) {
			$word = strtolower( trim( $value ) );
			if ( in_array( $word, array( '1', 'on', 'yes', 'true' ), true ) ) {
				return $this->pass( '1' );
			}
			if ( in_array( $word, array( '', '0', 'off', 'no', 'false' ), true ) ) {
				return $this->pass( '0' );
			}
		}
		/* translators: %s: field label. */
		return $this->fail( '0', sprintf( __( '%s must be yes or no.', 'car-export' ), $field['label'] ) );
	}

	/**
	 * A list of short texts: one per line from the form, or an array from code and REST.
	 * Empty entries are dropped and repeats (ignoring letter case) kept once, in first-seen order.
	 *
	 * @param array{label: string, maxlength?: int} $field
	 * @return array{value: list<string>, error: string|null}
	 */
	private function check_list( array $field, mixed $value ): array {
		$items = $this->to_items( $value, '/\r\n|\r|\n/' );
		if ( null === $items ) {
			/* translators: %s: field label. */
			return $this->fail( array(), sprintf( __( '%s must be text, one entry per line.', 'car-export' ), $field['label'] ) );
		}
		$max    = $field['maxlength'] ?? 0;
		$kept   = array();
		$seen   = array();
		$errors = array();
		foreach ( $items as $item ) {
			$text = mb_check_encoding( $item, 'UTF-8' ) ? $this->clean_line( $item ) : '';
			$fold = mb_strtolower( $text );
			if ( '' === $text || isset( $seen[ $fold ] ) ) {
				continue;
			}
			$seen[ $fold ] = true;
			if ( $max > 0 && mb_strlen( $text ) > $max ) {
				$errors[] = sprintf(
					/* translators: 1: field label, 2: maximum number of characters, 3: start of the offending entry. */
					__( 'Each entry in %1$s must be at most %2$d characters ("%3$s…" is longer).', 'car-export' ),
					$field['label'],
					$max,
					mb_substr( $text, 0, 30 )
				);
				continue;
			}
			$kept[] = $text;
		}
		if ( count( $kept ) > self::MAX_FEATURES ) {
			/* translators: 1: field label, 2: maximum number of entries, 3: number of entries given. */
			$errors[] = sprintf( __( '%1$s can have at most %2$d entries (%3$d given).', 'car-export' ), $field['label'], self::MAX_FEATURES, count( $kept ) );
			$kept     = array_slice( $kept, 0, self::MAX_FEATURES );
		}
		return array(
			'value' => $kept,
			'error' => array() === $errors ? null : implode( ' ', $errors ),
		);
	}

	/**
	 * Attachment ids in display order: an array, or a comma-separated string from the form.
	 *
	 * @param array{label: string} $field
	 * @return array{value: list<int>, error: string|null}
	 */
	private function check_ids( array $field, mixed $value ): array {
		$items = $this->to_items( $value, '/[\s,]+/' );
		if ( null === $items ) {
			/* translators: %s: field label. */
			return $this->fail( array(), sprintf( __( '%s must be a list of images from the media library.', 'car-export' ), $field['label'] ) );
		}
		$ids      = array();
		$not_read = array();
		$not_img  = array();
		foreach ( $items as $item ) {
			$item = trim( $item );
			if ( '' === $item ) {
				continue;
			}
			if ( ! preg_match( '/^\d{1,18}$/', $item ) || 0 === (int) $item ) {
				$not_read[] = $item;
				continue;
			}
			$id = (int) $item;
			if ( in_array( $id, $ids, true ) ) {
				continue;
			}
			if ( ! ( $this->is_image )( $id ) ) {
				$not_img[] = $id;
				continue;
			}
			$ids[] = $id;
		}
		$errors = array();
		if ( array() !== $not_read ) {
			/* translators: %s: field label. */
			$errors[] = sprintf( __( '%s contains entries that are not image ids.', 'car-export' ), $field['label'] );
		}
		if ( array() !== $not_img ) {
			/* translators: 1: field label, 2: comma-separated attachment ids. */
			$errors[] = sprintf( __( '%1$s: these items are not images in the media library: %2$s.', 'car-export' ), $field['label'], implode( ', ', $not_img ) );
		}
		return array(
			'value' => $ids,
			'error' => array() === $errors ? null : implode( ' ', $errors ),
		);
	}

	/**
	 * Splits a string or flattens an array of scalars into strings; null when the shape is wrong.
	 *
	 * @param non-empty-string $separator Regular expression that splits a string value.
	 * @return list<string>|null
	 */
	private function to_items( mixed $value, string $separator ): ?array {
		if ( null === $value || '' === $value ) {
			return array();
		}
		if ( is_string( $value ) ) {
			$parts = preg_split( $separator, $value );
			return false === $parts ? null : $parts;
		}
		if ( ! is_array( $value ) ) {
			return is_int( $value ) ? array( (string) $value ) : null;
		}
		$items = array();
		foreach ( $value as $item ) {
			if ( ! is_string( $item ) && ! is_int( $item ) ) {
				return null;
			}
			$items[] = (string) $item;
		}
		return $items;
	}

	/** Markup and control characters have no place in a spec value; runs of white space become one space. */
	private function clean_line( string $text ): string {
		$text = wp_strip_all_tags( $text );
		$text = (string) preg_replace( '/[\x00-\x1F\x7F]+/u', ' ', $text );
		$text = (string) preg_replace( '/\s+/u', ' ', $text );
		return trim( $text );
	}

	private function is_scalar_or_empty( mixed $value ): bool {
		return null === $value || is_scalar( $value );
	}

	/** Thousands separators only where they help: "1950" stays a year, "100,000,000" stays readable. */
	private function readable_number( int $number ): string {
		return abs( $number ) >= 10000 ? number_format( $number ) : (string) $number;
	}

	/**
	 * @template T
	 * @param T $value
	 * @return array{value: T, error: null}
	 */
	private function pass( mixed $value ): array {
		return array(
			'value' => $value,
			'error' => null,
		);
	}

	/**
	 * @template T
	 * @param T $value
	 * @return array{value: T, error: string}
	 */
	private function fail( mixed $value, string $message ): array {
		return array(
			'value' => $value,
			'error' => $message,
		);
	}
}
