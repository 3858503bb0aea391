<?php
declare(strict_types=1);

namespace CarExport\Rest;

/**
 * The visitor's address as the site vouches for it: "<ip>,<unix time>,<signature>" in the
 * X-Car-Export-Visitor header, where the signature is an HMAC-SHA256 (hex) of "<ip>\n<time>"
 * under a key derived from the secret WordPress and the site share (the purge secret).
 *
 * Network addresses cannot tell the site from anyone else once it runs in a container whose
 * address changes, so WordPress believes the site's word on who the visitor is only when it is
 * signed. Deriving a key of its own keeps this header from ever serving as, or revealing, the purge
 * secret or a preview token. A header is good for MAX_AGE seconds either side of WordPress's clock
 * (the two clocks may differ slightly), so one copied off the wire soon stops working.
 *
 * Pure logic (the clock is passed in), so it runs under plain PHPUnit.
 */
final class VisitorSignature {

	/** $_SERVER's name of the header. */
	public const SERVER_KEY = 'HTTP_X_CAR_EXPORT_VISITOR';

	/** Seconds a signed address is believed, before and after its time. */
	public const MAX_AGE = 60;

	/** Far longer than any IPv6 address, a time and a signature: anything longer is not ours. */
	private const MAX_LENGTH = 160;

	public static function sign( string $ip, int $time, string $secret ): string {
		return $ip . ',' . $time . ',' . self::mac( $ip, $time, $secret );
	}

	/**
	 * @param mixed $header The header as received.
	 * @return string The signed address, '' when the header is absent, malformed, expired or signed
	 *                with another secret, or when no secret is set.
	 */
	public static function verify( mixed $header, string $secret, int $now ): string {
		if ( '' === $secret || ! is_string( $header ) || strlen( $header ) > self::MAX_LENGTH ) {
			return '';
		}
		$parts = explode( ',', trim( $header ) );
		if ( 3 !== count( $parts ) || 1 !== preg_match( '/^\d{1,12}$/', $parts[1] ) ) {
			return '';
		}
		list( $ip, $time, $mac ) = $parts;
		// Only the exact text the site signed counts, so one signature cannot vouch for other forms.
		if ( ClientInfo::valid_ip( $ip ) !== $ip || abs( $now - (int) $time ) > self::MAX_AGE ) {
			return '';
		}
		return hash_equals( self::mac( $ip, (int) $time, $secret ), $mac ) ? $ip : '';
	}

	private static function mac( string $ip, int $time, string $secret ): string {
		$key = hash_hmac( 'sha256', 'car-export-visitor', $secret, true );
		return hash_hmac( 'sha256', $ip . "\n" . $time, $key );
	}
}
