<?php
declare(strict_types=1);

namespace CarExport\Rest;

use CarExport\Messages\IdempotencyKey;
use WP_Error;

/**
 * Checks of request values, used as REST validate callbacks. Each check accepts an empty value:
 * whether a field is required is decided by the controller, which words the "missing" message
 * the way the site's forms expect.
 */
final class Validator {

	public const PASSWORD_MIN = FieldRules::PASSWORD_MIN;
	public const PASSWORD_MAX = FieldRules::PASSWORD_MAX;
	public const USERNAME_MIN = FieldRules::USERNAME_MIN;
	public const USERNAME_MAX = FieldRules::USERNAME_MAX;
	public const EMAIL_MAX    = FieldRules::EMAIL_MAX;

	/**
	 * Scalar UTF-8 text no longer than $max characters once trimmed.
	 */
	public static function text( mixed $value, string $label, int $max ): true | WP_Error {
		// Text is stored as sent, so bytes that are not UTF-8 are refused rather than kept.
		if ( ! self::is_textual( $value ) || ! mb_check_encoding( (string) $value, 'UTF-8' ) ) {
			/* translators: %s: field label. */
			return self::error( sprintf( __( '%s must be text.', 'car-export' ), $label ) );
		}
		if ( mb_strlen( trim( (string) $value ), 'UTF-8' ) > $max ) {
			/* translators: 1: field label, 2: maximum number of characters. */
			return self::error( sprintf( __( '%1$s must be at most %2$d characters long.', 'car-export' ), $label, $max ) );
		}
		return true;
	}

	public static function email( mixed $value, string $label ): true | WP_Error {
		$text = self::text( $value, $label, self::EMAIL_MAX );
		if ( true !== $text ) {
			return $text;
		}
		$email = trim( (string) $value );
		if ( '' !== $email && ! is_email( $email ) ) {
			return self::error( __( 'Please enter a valid e-mail address.', 'car-export' ) );
		}
		return true;
	}

	/**
	 * Digits with spaces, +, -, ( and ), at least five digits; letters are refused.
	 */
	public static function phone( mixed $value, string $label, int $max ): true | WP_Error {
		$text = self::text( $value, $label, $max );
		if ( true !== $text ) {
			return $text;
		}
		$phone = trim( (string) $value );
		if ( '' === $phone ) {
			return true;
		}
		if ( 1 !== preg_match( FieldRules::PHONE_PATTERN, $phone ) || preg_match_all( '/[0-9]/', $phone ) < FieldRules::PHONE_MIN_DIGITS ) {
			return self::error( __( 'Please enter a valid phone number.', 'car-export' ) );
		}
		return true;
	}

	/**
	 * A positive id as an integer or a string of digits; empty and 0 count as "not given".
	 */
	public static function id( mixed $value, string $label ): true | WP_Error {
		if ( is_int( $value ) && $value >= 0 ) {
			return true;
		}
		if ( is_string( $value ) && 1 === preg_match( '/^\s*\d{0,19}\s*$/', $value ) ) {
			return true;
		}
		/* translators: %s: field label. */
		return self::error( sprintf( __( '%s is invalid.', 'car-export' ), $label ) );
	}

	public static function idempotency_key( mixed $value ): true | WP_Error {
		if ( is_string( $value ) && IdempotencyKey::is_valid( trim( $value ) ) ) {
			return true;
		}
		return IdempotencyKey::error();
	}

	/**
	 * A non-negative whole number of milliseconds, as a number or a string of digits.
	 */
	public static function milliseconds( mixed $value, string $label ): true | WP_Error {
		if ( ( is_int( $value ) && $value >= 0 ) || ( is_string( $value ) && 1 === preg_match( '/^\s*\d{1,12}\s*$/', $value ) ) ) {
			return true;
		}
		/* translators: %s: field label. */
		return self::error( sprintf( __( '%s must be a whole number of milliseconds.', 'car-export' ), $label ) );
	}

	/**
	 * @param list<string> $choices
	 */
	public static function choice( mixed $value, string $label, array $choices ): true | WP_Error {
		if ( is_string( $value ) && in_array( trim( $value ), $choices, true ) ) {
			return true;
		}
		/* translators: 1: field label, 2: allowed values. */
		return self::error( sprintf( __( '%1$s must be one of: %2$s.', 'car-export' ), $label, implode( ', ', $choices ) ) );
	}

	public static function username( mixed $value ): true | WP_Error {
		$text = self::text( $value, __( 'Username', 'car-export' ), self::USERNAME_MAX );
		if ( true !== $text ) {
			return $text;
		}
		$username = trim( (string) $value );
		if ( '' === $username ) {
			return true;
		}
		if ( mb_strlen( $username, 'UTF-8' ) < self::USERNAME_MIN ) {
			/* translators: %d: minimum number of characters. */
			return self::error( sprintf( __( 'Username must be at least %d characters long.', 'car-export' ), self::USERNAME_MIN ) );
		}
		// The site checks the same pattern (letters of any script: see LetterUsernames); strict
		// sanitizing must also leave the name unchanged, otherwise the account would get another name
		// than asked for.
		if ( 1 !== preg_match( FieldRules::USERNAME_PATTERN, $username ) || ! validate_username( $username ) || sanitize_user( $username, true ) !== $username ) {
			return self::error( __( 'Username may contain only letters, numbers, spaces and the characters _ . - @', 'car-export' ) );
		}
		return true;
	}

	/**
	 * WordPress trims passwords at sign-in, so the length is counted on the trimmed value.
	 */
	public static function password( mixed $value ): true | WP_Error {
		if ( ! is_string( $value ) ) {
			return self::error( __( 'Password must be text.', 'car-export' ) );
		}
		$length = mb_strlen( trim( $value ), 'UTF-8' );
		if ( '' === trim( $value ) ) {
			return true;
		}
		if ( $length < self::PASSWORD_MIN ) {
			/* translators: %d: minimum number of characters. */
			return self::error( sprintf( __( 'Password must be at least %d characters long.', 'car-export' ), self::PASSWORD_MIN ) );
		}
		if ( $length > self::PASSWORD_MAX ) {
			/* translators: %d: maximum number of characters. */
			return self::error( sprintf( __( 'Password must be at most %d characters long.', 'car-export' ), self::PASSWORD_MAX ) );
		}
		return true;
	}

	/**
	 * A password given at sign-in: any text, bounded so hashing cannot be used to tie up the server.
	 */
	public static function secret( mixed $value, string $label ): true | WP_Error {
		if ( ! is_string( $value ) ) {
			/* translators: %s: field label. */
			return self::error( sprintf( __( '%s must be text.', 'car-export' ), $label ) );
		}
		if ( mb_strlen( $value, 'UTF-8' ) > FieldRules::PASSWORD_SIGN_IN_MAX ) {
			/* translators: %s: field label. */
			return self::error( sprintf( __( '%s is too long.', 'car-export' ), $label ) );
		}
		return true;
	}

	/**
	 * Numbers are accepted as text because JSON clients often send a phone number as one.
	 */
	private static function is_textual( mixed $value ): bool {
		return is_string( $value ) || is_int( $value ) || is_float( $value );
	}

	private static function error( string $message ): WP_Error {
		return new WP_Error( 'rest_invalid_param', $message, array( 'status' => 400 ) );
	}
}
