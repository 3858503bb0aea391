<?php
declare(strict_types=1);

namespace CarExport\Rest;

use CarExport\Messages\IdempotencyKey;

/**
 * Builders of REST argument definitions: each pairs a Validator check with its sanitizer, so every
 * route's schema names both callbacks. Fields are never marked "required" here; the controllers check
 * presence themselves to answer with the wording the site's forms use.
 */
final class Args {

	/**
	 * @return array<string, mixed>
	 */
	public static function text( string $label, int $max ): array {
		return array(
			'description'       => $label,
			'type'              => 'string',
			'maxLength'         => $max,
			'sanitize_callback' => array( self::class, 'clean_text' ),
			'validate_callback' => static fn( mixed $value ): mixed => Validator::text( $value, $label, $max ),
		);
	}

	/**
	 * @return array<string, mixed>
	 */
	public static function multiline( string $label, int $max ): array {
		return array(
			'description'       => $label,
			'type'              => 'string',
			'maxLength'         => $max,
			'sanitize_callback' => array( self::class, 'clean_multiline' ),
			'validate_callback' => static fn( mixed $value ): mixed => Validator::text( $value, $label, $max ),
		);
	}

	/**
	 * @return array<string, mixed>
	 */
	public static function email( string $label ): array {
		return array(
			'description'       => $label,
			'type'              => 'string',
			'format'            => 'email',
			'maxLength'         => Validator::EMAIL_MAX,
			'sanitize_callback' => array( self::class, 'clean_email' ),
			'validate_callback' => static fn( mixed $value ): mixed => Validator::email( $value, $label ),
		);
	}

	/**
	 * @return array<string, mixed>
	 */
	public static function phone( string $label, int $max ): array {
		return array(
			'description'       => $label,
			'type'              => 'string',
			'maxLength'         => $max,
			'sanitize_callback' => array( self::class, 'clean_text' ),
			'validate_callback' => static fn( mixed $value ): mixed => Validator::phone( $value, $label, $max ),
		);
	}

	/**
	 * @return array<string, mixed>
	 */
	public static function id( string $label ): array {
		return array(
			'description'       => $label,
			'type'              => 'integer',
			'minimum'           => 1,
			'sanitize_callback' => array( self::class, 'clean_id' ),
			'validate_callback' => static fn( mixed $value ): mixed => Validator::id( $value, $label ),
		);
	}

	/**
	 * @param list<string> $choices
	 * @return array<string, mixed>
	 */
	public static function choice( string $label, array $choices ): array {
		return array(
			'description'       => $label,
			'type'              => 'string',
			'enum'              => $choices,
			'sanitize_callback' => array( self::class, 'clean_text' ),
			'validate_callback' => static fn( mixed $value ): mixed => Validator::choice( $value, $label, $choices ),
		);
	}

	/**
	 * @return array<string, mixed>
	 */
	public static function username( string $label ): array {
		return array(
			'description'       => $label,
			'type'              => 'string',
			'maxLength'         => Validator::USERNAME_MAX,
			'sanitize_callback' => array( self::class, 'clean_trimmed' ),
			'validate_callback' => array( Validator::class, 'username' ),
		);
	}

	/**
	 * A sign-in name or e-mail, checked only for shape: the credentials check decides the rest.
	 *
	 * @return array<string, mixed>
	 */
	public static function login( string $label ): array {
		return array(
			'description'       => $label,
			'type'              => 'string',
			'maxLength'         => Validator::EMAIL_MAX,
			'sanitize_callback' => array( self::class, 'clean_trimmed' ),
			'validate_callback' => static fn( mixed $value ): mixed => Validator::text( $value, $label, Validator::EMAIL_MAX ),
		);
	}

	/**
	 * @return array<string, mixed>
	 */
	public static function password( string $label, bool $check_length ): array {
		return array(
			'description'       => $label,
			'type'              => 'string',
			'sanitize_callback' => array( self::class, 'clean_trimmed' ),
			'validate_callback' => $check_length
				? array( Validator::class, 'password' )
				: static fn( mixed $value ): mixed => Validator::secret( $value, $label ),
		);
	}

	/**
	 * @return array<string, mixed>
	 */
	public static function idempotency_key( string $label ): array {
		return array(
			'description'       => $label,
			'type'              => 'string',
			'minLength'         => IdempotencyKey::MIN_LENGTH,
			'maxLength'         => IdempotencyKey::MAX_LENGTH,
			'sanitize_callback' => array( self::class, 'clean_trimmed' ),
			'validate_callback' => array( Validator::class, 'idempotency_key' ),
		);
	}

	/**
	 * The honeypot is any text: whatever a bot put there only has to be noticed, never refused,
	 * or the bot would learn which field gave it away.
	 *
	 * @return array<string, mixed>
	 */
	public static function honeypot( string $label ): array {
		return array(
			'description'       => $label,
			'type'              => 'string',
			'sanitize_callback' => array( self::class, 'clean_trimmed' ),
			'validate_callback' => static fn( mixed $value ): bool => is_scalar( $value ),
		);
	}

	/**
	 * @return array<string, mixed>
	 */
	public static function milliseconds( string $label ): array {
		return array(
			'description'       => $label,
			'type'              => 'integer',
			'minimum'           => 0,
			'sanitize_callback' => array( self::class, 'clean_id' ),
			'validate_callback' => static fn( mixed $value ): mixed => Validator::milliseconds( $value, $label ),
		);
	}

	public static function clean_text( mixed $value ): string {
		return sanitize_text_field( self::to_string( $value ) );
	}

	public static function clean_multiline( mixed $value ): string {
		return trim( sanitize_textarea_field( self::to_string( $value ) ) );
	}

	public static function clean_email( mixed $value ): string {
		return sanitize_email( trim( self::to_string( $value ) ) );
	}

	/**
	 * Usernames and passwords are compared exactly, so only surrounding whitespace goes.
	 */
	public static function clean_trimmed( mixed $value ): string {
		return trim( self::to_string( $value ) );
	}

	public static function clean_id( mixed $value ): int {
		$id = is_int( $value ) ? $value : (int) trim( self::to_string( $value ) );
		return max( 0, $id );
	}

	private static function to_string( mixed $value ): string {
		return is_scalar( $value ) ? (string) $value : '';
	}
}
