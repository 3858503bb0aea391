<?php
declare(strict_types=1);

namespace CarExport\Alerts;

/**
 * The signed token of an alert mail's unsubscribe link: it names the account and proves the link
 * came from a mail sent to it, so one click stops the alerts without signing in, and nobody can
 * stop another buyer's alerts by changing the user id.
 */
final class UnsubscribeToken {

	public static function for_user( int $user_id ): string {
		return hash_hmac( 'sha256', 'car-export-alert-unsubscribe:' . $user_id, wp_salt( 'auth' ) );
	}

	public static function is_valid( int $user_id, string $token ): bool {
		return $user_id > 0 && hash_equals( self::for_user( $user_id ), $token );
	}
}
