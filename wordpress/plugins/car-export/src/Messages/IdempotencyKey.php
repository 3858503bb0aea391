<?php
declare(strict_types=1);

namespace CarExport\Messages;

use WP_Error;

/**
 * The key a client sends so that repeating a submission (a retry after a timeout, a double click, an
 * outbox delivering again) never stores a second lead. Sent as the Idempotency-Key header or, for
 * clients that cannot set headers, as the idempotencyKey body field; the header wins when both come.
 */
final class IdempotencyKey {

	public const HEADER     = 'Idempotency-Key';
	public const FIELD      = 'idempotencyKey';
	public const MIN_LENGTH = 16;
	public const MAX_LENGTH = 128;

	/**
	 * Letters, digits and _ . : - only, so a key is safe in a header, a log line and an SQL index,
	 * and long enough that two clients never pick the same one by chance.
	 */
	public static function is_valid( mixed $key ): bool {
		return is_string( $key )
			&& 1 === preg_match( sprintf( '/^[A-Za-z0-9_.:\-]{%d,%d}\z/', self::MIN_LENGTH, self::MAX_LENGTH ), $key );
	}

	/**
	 * @param mixed $header The header's value (null when absent).
	 * @param mixed $field  The body field's value (null when absent).
	 * @return string|null|WP_Error The key, null when none was sent, or a 400 error for a malformed one.
	 */
	public static function choose( mixed $header, mixed $field ): string|null|WP_Error {
		$key = self::present( $header ) ? $header : ( self::present( $field ) ? $field : null );
		if ( null === $key ) {
			return null;
		}
		if ( is_string( $key ) ) {
			$key = trim( $key );
		}
		if ( ! self::is_valid( $key ) ) {
			return self::error();
		}
		return $key;
	}

	public static function error(): WP_Error {
		return new WP_Error(
			'car_export_invalid_idempotency_key',
			sprintf(
				/* translators: 1: minimum length, 2: maximum length. */
				__( 'The idempotency key must be %1$d to %2$d letters, digits or the characters _ . : -', 'car-export' ),
				self::MIN_LENGTH,
				self::MAX_LENGTH
			),
			array( 'status' => 400 )
		);
	}

	private static function present( mixed $value ): bool {
		return null !== $value && '' !== $value;
	}
}
