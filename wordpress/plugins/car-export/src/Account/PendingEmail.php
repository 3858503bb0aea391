<?php
declare(strict_types=1);

namespace CarExport\Account;

/**
 * A new e-mail address waiting for its owner to prove it: stored beside the account with a hashed
 * one-time key and the time it was made. The account keeps its address until the link sent to the
 * new one is followed.
 */
final class PendingEmail {

	public const META     = 'car_export_pending_email';
	public const LIFETIME = 86400;

	/** Records the address asked for; the key is made when the mail goes out (issue()). */
	public static function request( int $user_id, string $email ): void {
		update_user_meta(
			$user_id,
			self::META,
			array(
				'email' => $email,
				'hash'  => '',
				'time'  => time(),
			)
		);
	}

	/**
	 * The address waiting for confirmation, or null.
	 */
	public static function address( int $user_id ): ?string {
		$pending = self::stored( $user_id );
		return null === $pending || self::expired( $pending ) ? null : $pending['email'];
	}

	/**
	 * Makes the one-time key of the waiting address. Null (nothing to send) when nothing waits or
	 * the address now belongs to another account: its owner is not mailed, and the person asking is
	 * told the same as for any address, so the account page cannot be used to learn who is registered.
	 *
	 * @return array{email: string, key: string}|null
	 */
	public static function issue( int $user_id ): ?array {
		$pending = self::stored( $user_id );
		if ( null === $pending || self::taken_by_other( $pending['email'], $user_id ) ) {
			return null;
		}
		$key = wp_generate_password( 32, false );
		update_user_meta(
			$user_id,
			self::META,
			array(
				'email' => $pending['email'],
				'hash'  => wp_hash_password( $key ),
				'time'  => time(),
			)
		);
		return array(
			'email' => $pending['email'],
			'key'   => $key,
		);
	}

	/**
	 * Follows the link: the new address replaces the old one, once.
	 *
	 * @return true|\WP_Error
	 */
	public static function confirm( int $user_id, string $key ): true | \WP_Error {
		$pending = self::stored( $user_id );
		$invalid = new \WP_Error( 'car_export_email_link_invalid', __( 'This link is not valid any more. Ask for a new one on your account page.', 'car-export' ), array( 'status' => 400 ) );
		if ( null === $pending || '' === $pending['hash'] || '' === $key || self::expired( $pending ) ) {
			return $invalid;
		}
		if ( ! wp_check_password( $key, $pending['hash'] ) ) {
			return $invalid;
		}
		if ( self::taken_by_other( $pending['email'], $user_id ) ) {
			delete_user_meta( $user_id, self::META );
			return new \WP_Error( 'car_export_email_taken', __( 'This e-mail address is already used by another account.', 'car-export' ), array( 'status' => 409 ) );
		}
		$updated = wp_update_user(
			array(
				'ID'         => $user_id,
				'user_email' => wp_slash( $pending['email'] ),
			)
		);
		if ( $updated instanceof \WP_Error ) {
			return new \WP_Error( 'car_export_email_not_changed', __( 'The e-mail address could not be changed. Please try again.', 'car-export' ), array( 'status' => 500 ) );
		}
		delete_user_meta( $user_id, self::META );
		return true;
	}

	/**
	 * @return array{email: string, hash: string, time: int}|null
	 */
	private static function stored( int $user_id ): ?array {
		$value = $user_id > 0 ? get_user_meta( $user_id, self::META, true ) : null;
		if ( ! is_array( $value ) || ! isset( $value['email'], $value['hash'], $value['time'] ) ) {
			return null;
		}
		return array(
			'email' => (string) $value['email'],
			'hash'  => (string) $value['hash'],
			'time'  => (int) $value['time'],
		);
	}

	/**
	 * @param array{email: string, hash: string, time: int} $pending
	 */
	private static function expired( array $pending ): bool {
		return $pending['time'] + self::LIFETIME < time();
	}

	private static function taken_by_other( string $email, int $user_id ): bool {
		$owner = email_exists( $email );
		return false !== $owner && (int) $owner !== $user_id;
	}
}
