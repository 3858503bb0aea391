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
		return self::arg( $label, self::string( $max ), 'clean_text', static fn( mixed $value ): mixed => Validator::text( $value, $label, $max ) );
	}

	/**
	 * @return array<string, mixed>
	 */
	public static function multiline( string $label, int $max ): array {
		return self::arg( $label, self::string( $max ), 'clean_multiline', static fn( mixed $value ): mixed => Validator::text( $value, $label, $max ) );
	}

	/**
	 * @return array<string, mixed>
	 */
	public static function email( string $label ): array {
		return self::arg(
			$label,
			array(
				'type'      => 'string',
				'format'    => 'email',
				'maxLength' => Validator::EMAIL_MAX,
			),
			'clean_email',
			static fn( mixed $value ): mixed => Validator::email( $value, $label )
		);
	}

	/**
	 * @return array<string, mixed>
	 */
	public static function phone( string $label, int $max ): array {
		return self::arg( $label, self::string( $max ), 'clean_text', static fn( mixed $value ): mixed => Validator::phone( $value, $label, $max ) );
	}

	/**
	 * @return array<string, mixed>
	 */
	public static function id( string $label ): array {
		return self::arg( $label, self::integer( 1 ), 'clean_id', static fn( mixed $value ): mixed => Validator::id( $value, $label ) );
	}

	/**
	 * @param list<string> $choices
	 * @return array<string, mixed>
	 */
	public static function choice( string $label, array $choices ): array {
		return self::arg(
			$label,
			array(
				'type' => 'string',
				'enum' => $choices,
			),
			'clean_text',
			static fn( mixed $value ): mixed => Validator::choice( $value, $label, $choices )
		);
	}

	/**
	 * @return array<string, mixed>
	 */
	public static function username( string $label ): array {
		return self::arg( $label, self::string( Validator::USERNAME_MAX ), 'clean_trimmed', array( Validator::class, 'username' ) );
	}

	/**
	 * A sign-in name or e-mail, checked only for shape: the credentials check decides the rest.
	 *
	 * @return array<string, mixed>
	 */
	public static function login( string $label ): array {
		$max = FieldRules::LOGIN_MAX;
		return self::arg( $label, self::string( $max ), 'clean_trimmed', static fn( mixed $value ): mixed => Validator::text( $value, $label, $max ) );
	}

	/**
	 * @return array<string, mixed>
	 */
	public static function password( string $label, bool $check_length ): array {
		$validate = $check_length
			? array( Validator::class, 'password' )
			: static fn( mixed $value ): mixed => Validator::secret( $value, $label );
		return self::arg( $label, array( 'type' => 'string' ), 'clean_trimmed', $validate );
	}

	/**
	 * @return array<string, mixed>
	 */
	public static function idempotency_key( string $label ): array {
		$schema = array( 'minLength' => IdempotencyKey::MIN_LENGTH ) + self::string( IdempotencyKey::MAX_LENGTH );
		return self::arg( $label, $schema, 'clean_trimmed', array( Validator::class, 'idempotency_key' ) );
	}

	/**
	 * The honeypot is any text: whatever a bot put there only has to be noticed, never refused,
	 * or the bot would learn which field gave it away.
	 *
	 * @return array<string, mixed>
	 */
	public static function honeypot( string $label ): array {
		return self::arg( $label, array( 'type' => 'string' ), 'clean_trimmed', static fn( mixed $value ): bool => is_scalar( $value ) );
	}

	/**
	 * @return array<string, mixed>
	 */
	public static function milliseconds( string $label ): array {
		return self::arg( $label, self::integer( 0 ), 'clean_id', static fn( mixed $value ): mixed => Validator::milliseconds( $value, $label ) );
	}

	/**
	 * A yes or no (true, false, "1", "0", "true", "false"), checked against its schema by WordPress.
	 *
	 * @return array<string, mixed>
	 */
	public static function flag( string $label ): array {
		return array(
			'description'       => $label,
			'type'              => 'boolean',
			'sanitize_callback' => 'rest_sanitize_boolean',
			'validate_callback' => 'rest_validate_request_arg',
		);
	}

	/** Kept as typed, on one line (see PlainText): escaped where it is shown, never here. */
	public static function clean_text( mixed $value ): string {
		return PlainText::line( self::to_string( $value ) );
	}

	/** Kept as typed, line breaks and all (see PlainText). */
	public static function clean_multiline( mixed $value ): string {
		return PlainText::lines( self::to_string( $value ) );
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

	/**
	 * One argument: its description, its JSON schema, and the sanitizer (one of the clean_*
	 * methods) and validator WordPress runs on it.
	 *
	 * @param array<string, mixed> $schema
	 * @return array<string, mixed>
	 */
	private static function arg( string $label, array $schema, string $sanitizer, callable $validate ): array {
		return array( 'description' => $label ) + $schema + array(
			'sanitize_callback' => array( self::class, $sanitizer ),
			'validate_callback' => $validate,
		);
	}

	/**
	 * @return array{type: string, maxLength: int}
	 */
	private static function string( int $max ): array {
		return array(
			'type'      => 'string',
			'maxLength' => $max,
		);
	}

	/**
	 * @return array{type: string, minimum: int}
	 */
	private static function integer( int $minimum ): array {
		return array(
			'type'    => 'integer',
			'minimum' => $minimum,
		);
	}

	private static function to_string( mixed $value ): string {
		return is_scalar( $value ) ? (string) $value : '';
	}
}
