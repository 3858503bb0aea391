<?php
declare(strict_types=1);

namespace CarExport\GraphQL;

use GraphQL\Error\UserError;

/**
 * Bounds checks on arguments, failing with a message a client developer can act on.
 */
final class Arguments {

	public static function int_between( mixed $value, string $name, int $min, int $max ): int {
		if ( ! is_int( $value ) || $value < $min || $value > $max ) {
			throw new UserError( sprintf( '%s must be between %d and %d.', $name, $min, $max ) );
		}
		return $value;
	}

	public static function page( mixed $value ): int {
		if ( ! is_int( $value ) || $value < 1 ) {
			throw new UserError( 'page must be 1 or more.' );
		}
		return $value;
	}

	/**
	 * Null or an empty/blank string means "not given".
	 */
	public static function optional_string( mixed $value, string $name, int $max_length ): ?string {
		if ( null === $value ) {
			return null;
		}
		$value = trim( (string) $value );
		if ( '' === $value ) {
			return null;
		}
		if ( mb_strlen( $value ) > $max_length ) {
			throw new UserError( sprintf( '%s must be at most %d characters.', $name, $max_length ) );
		}
		return $value;
	}

	public static function optional_non_negative( mixed $value, string $name ): ?int {
		if ( null === $value ) {
			return null;
		}
		if ( ! is_int( $value ) || $value < 0 ) {
			throw new UserError( sprintf( '%s must be 0 or more.', $name ) );
		}
		return $value;
	}
}
