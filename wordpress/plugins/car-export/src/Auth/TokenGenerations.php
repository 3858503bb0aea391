<?php
declare(strict_types=1);

namespace CarExport\Auth;

/**
 * Per-account token generation: every token carries the generation it was issued under, and bumping
 * the generation revokes all earlier tokens of that account at once.
 *
 * A password change bumps it, through WordPress's hooks (wp_set_password, after_password_reset,
 * profile_update). A hash written around them (straight into the users table) fires none, so a
 * fingerprint of the password hash is also kept next to the generation; when the stored hash no longer
 * matches it, the password changed by some path without a hook and the generation is bumped lazily.
 */
final class TokenGenerations {

	public const META_GENERATION  = 'car_export_token_gen';
	public const META_FINGERPRINT = 'car_export_token_pass';

	public static function register_hooks(): void {
		// Fires after reset_password() stored the new hash ("password_reset" fires before it).
		add_action( 'after_password_reset', array( self::class, 'on_password_reset' ), 10, 1 );
		add_action( 'profile_update', array( self::class, 'on_profile_update' ), 10, 2 );
		// Fires whenever wp_set_password() stores a new hash.
		add_action( 'wp_set_password', array( self::class, 'on_set_password' ), 10, 2 );
	}

	/**
	 * Current generation of an account, or null when the account does not exist.
	 */
	public static function current( int $user_id ): ?int {
		$user = $user_id > 0 ? get_userdata( $user_id ) : false;
		if ( ! $user instanceof \WP_User ) {
			return null;
		}

		$generation  = (int) get_user_meta( $user_id, self::META_GENERATION, true );
		$fingerprint = self::fingerprint( (string) $user->user_pass );
		$stored      = get_user_meta( $user_id, self::META_FINGERPRINT, true );

		if ( ! is_string( $stored ) || '' === $stored ) {
			update_user_meta( $user_id, self::META_FINGERPRINT, $fingerprint );
			return $generation;
		}
		if ( ! hash_equals( $stored, $fingerprint ) ) {
			return self::bump( $user_id );
		}
		return $generation;
	}

	/**
	 * Revokes every token issued so far for the account.
	 */
	public static function bump( int $user_id ): int {
		$generation = (int) get_user_meta( $user_id, self::META_GENERATION, true ) + 1;
		update_user_meta( $user_id, self::META_GENERATION, $generation );

		$user = get_userdata( $user_id );
		if ( $user instanceof \WP_User ) {
			update_user_meta( $user_id, self::META_FINGERPRINT, self::fingerprint( (string) $user->user_pass ) );
		}
		return $generation;
	}

	/**
	 * Keyed with the site's salt so the meta value says nothing about the hash by itself.
	 */
	public static function fingerprint( string $password_hash ): string {
		return substr( wp_hash( $password_hash, 'auth' ), 0, 32 );
	}

	public static function on_password_reset( mixed $user ): void {
		if ( $user instanceof \WP_User ) {
			self::bump( (int) $user->ID );
		}
	}

	public static function on_profile_update( mixed $user_id, mixed $old_user_data ): void {
		$user_id = (int) $user_id;
		$user    = get_userdata( $user_id );
		if ( ! $user instanceof \WP_User || ! $old_user_data instanceof \WP_User ) {
			return;
		}
		if ( ! hash_equals( (string) $old_user_data->user_pass, (string) $user->user_pass ) ) {
			self::bump( $user_id );
		}
	}

	public static function on_set_password( mixed $password, mixed $user_id ): void {
		unset( $password );
		self::bump( (int) $user_id );
	}
}
