<?php
declare(strict_types=1);

namespace CarExport\Preview;

/**
 * Signed, short-lived preview links: "<kind>.<id>.<expires>.<signature>", where the signature is
 * an HMAC-SHA256 (base64url) of "<kind>.<id>.<expires>" under a key derived from the secret
 * WordPress and the site share (the purge secret). Deriving a key of its own means a preview
 * token can never be used as, or reveal, the purge secret. The site checks a token before it asks
 * WordPress, and WordPress checks it again before it hands out an unpublished post.
 *
 * Pure logic (the clock is passed in), so it runs under plain PHPUnit.
 */
final class PreviewToken {

	/** How long a preview link works: long enough to share with a colleague, short enough not to leak a draft for long. */
	public const TTL = 900;

	public const KINDS = array( 'car', 'post' );

	public static function create( string $kind, int $id, string $secret, int $now ): string {
		$payload = $kind . '.' . $id . '.' . ( $now + self::TTL );
		return $payload . '.' . self::sign( $payload, $secret );
	}

	/**
	 * @return array{kind: string, id: int, expires: int}|null Null when the token is malformed, signed with another secret, altered or expired.
	 */
	public static function verify( string $token, string $secret, int $now ): ?array {
		if ( '' === $secret || 1 !== preg_match( '/^(car|post)\.([1-9]\d{0,17})\.(\d{1,12})\.([A-Za-z0-9_-]{43})$/', $token, $parts ) ) {
			return null;
		}
		$payload = $parts[1] . '.' . $parts[2] . '.' . $parts[3];
		if ( ! hash_equals( self::sign( $payload, $secret ), $parts[4] ) ) {
			return null;
		}
		$expires = (int) $parts[3];
		if ( $expires < $now ) {
			return null;
		}
		return array(
			'kind'    => $parts[1],
			'id'      => (int) $parts[2],
			'expires' => $expires,
		);
	}

	private static function sign( string $payload, string $secret ): string {
		$key = hash_hmac( 'sha256', 'car-export-preview', $secret, true );
		return rtrim( strtr( base64_encode( hash_hmac( 'sha256', $payload, $key, true ) ), '+/', '-_' ), '=' );
	}
}
