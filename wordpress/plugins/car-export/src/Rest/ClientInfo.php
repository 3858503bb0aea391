<?php
declare(strict_types=1);

namespace CarExport\Rest;

use CarExport\Settings\SiteSettings;

/**
 * Who sent a request, for flood limits and for staff reading a message.
 *
 * The site's own server (Remix) calls WordPress on behalf of visitors. It vouches for the visitor's
 * address in a header signed with the secret both share (VisitorSignature), which WordPress believes
 * from any network address: in a container the site's address is not known in advance. Without a
 * good signature the older rule applies: X-Forwarded-For is believed only when the direct peer is a
 * trusted proxy, since anyone else could write any address into it and dodge the limits.
 */
final class ClientInfo {

	public const USER_AGENT_MAX = 500;

	/**
	 * @param array<mixed> $server          $_SERVER.
	 * @param list<string> $trusted_proxies Addresses or CIDR networks of trusted peers.
	 * @param string       $secret          The secret the site signs the visitor's address with ('' for none).
	 * @param int          $now             The clock, for the signature's age.
	 * @return array{ip: string, vouched: bool} The client address ('' when none is usable), and whether
	 *                                          the site or a trusted proxy named it rather than the
	 *                                          connection itself.
	 */
	public static function client( array $server, array $trusted_proxies, string $secret, int $now ): array {
		$signed = VisitorSignature::verify( $server[ VisitorSignature::SERVER_KEY ] ?? null, $secret, $now );
		if ( '' !== $signed ) {
			return array(
				'ip'      => $signed,
				'vouched' => true,
			);
		}
		$remote    = self::valid_ip( $server['REMOTE_ADDR'] ?? null );
		$forwarded = '' === $remote || ! self::is_trusted( $remote, $trusted_proxies ) ? '' : self::forwarded( $server, $trusted_proxies );
		return array(
			'ip'      => '' === $forwarded ? $remote : $forwarded,
			'vouched' => '' !== $forwarded,
		);
	}

	/**
	 * The client address by the proxy rule alone (no signed header).
	 *
	 * @param array<mixed> $server          $_SERVER.
	 * @param list<string> $trusted_proxies Addresses or CIDR networks of trusted peers.
	 * @return string The client address, '' when none is usable.
	 */
	public static function ip( array $server, array $trusted_proxies ): string {
		return self::client( $server, $trusted_proxies, '', 0 )['ip'];
	}

	/**
	 * The address a trusted peer's X-Forwarded-For names, '' when it names none usable.
	 *
	 * @param array<mixed> $server
	 * @param list<string> $trusted_proxies
	 */
	private static function forwarded( array $server, array $trusted_proxies ): string {
		$forwarded = $server['HTTP_X_FORWARDED_FOR'] ?? '';
		if ( ! is_string( $forwarded ) || '' === trim( $forwarded ) ) {
			return '';
		}
		// Each proxy appends the peer it saw, so the right-most untrusted entry is the first one no trusted hop vouched for.
		$hops = array_reverse( array_map( 'trim', explode( ',', $forwarded ) ) );
		foreach ( $hops as $hop ) {
			$ip = self::valid_ip( $hop );
			if ( '' === $ip ) {
				return '';
			}
			if ( ! self::is_trusted( $ip, $trusted_proxies ) ) {
				return $ip;
			}
		}
		return '';
	}

	/**
	 * @param array<mixed> $server
	 */
	public static function user_agent( array $server ): string {
		$agent = $server['HTTP_USER_AGENT'] ?? '';
		if ( ! is_string( $agent ) ) {
			return '';
		}
		return mb_substr( sanitize_text_field( $agent ), 0, self::USER_AGENT_MAX, 'UTF-8' );
	}

	/**
	 * Loopback is trusted by default: on one machine the site's server reaches WordPress through it,
	 * and a visitor cannot connect from it. Other proxies come from CAR_EXPORT_TRUSTED_PROXIES
	 * (comma-separated addresses or CIDR networks) or the car_export_trusted_proxies filter.
	 *
	 * @return list<string>
	 */
	public static function trusted_proxies(): array {
		$proxies    = array( '127.0.0.1', '::1' );
		$configured = defined( 'CAR_EXPORT_TRUSTED_PROXIES' ) ? constant( 'CAR_EXPORT_TRUSTED_PROXIES' ) : '';
		if ( is_string( $configured ) && '' !== $configured ) {
			$proxies = array_merge( $proxies, explode( ',', $configured ) );
		}
		/**
		 * Addresses whose X-Forwarded-For header is believed.
		 *
		 * @param list<string> $proxies
		 */
		$proxies = apply_filters( 'car_export_trusted_proxies', $proxies );
		return is_array( $proxies ) ? array_values( array_filter( array_map( array( self::class, 'valid_proxy' ), $proxies ) ) ) : array();
	}

	/**
	 * The client of the current request, as every route counts it.
	 *
	 * @return array{ip: string, vouched: bool}
	 */
	public static function current(): array {
		return self::client( $_SERVER, self::trusted_proxies(), SiteSettings::get()['purge_secret'], time() );
	}

	/**
	 * The address of the client of the current request, as every route counts it.
	 */
	public static function current_ip(): string {
		return self::current()['ip'];
	}

	public static function valid_ip( mixed $value ): string {
		if ( ! is_string( $value ) ) {
			return '';
		}
		$ip = filter_var( trim( $value ), FILTER_VALIDATE_IP );
		return is_string( $ip ) ? $ip : '';
	}

	/**
	 * A trusted entry is an address or a network in CIDR form ("172.30.0.0/24", "fd00::/64"): a
	 * container's address changes with every start, its network does not.
	 *
	 * @param list<string> $trusted
	 */
	private static function is_trusted( string $ip, array $trusted ): bool {
		foreach ( $trusted as $entry ) {
			if ( $entry === $ip || ( str_contains( $entry, '/' ) && self::in_network( $ip, $entry ) ) ) {
				return true;
			}
		}
		return false;
	}

	/** Whether $ip lies in the network $cidr ("address/prefix" of the same family). */
	private static function in_network( string $ip, string $cidr ): bool {
		list( $network, $prefix ) = explode( '/', $cidr, 2 );
		$address                  = inet_pton( $ip );
		$base                     = inet_pton( $network );
		if ( false === $address || false === $base || strlen( $address ) !== strlen( $base ) || ! ctype_digit( $prefix ) ) {
			return false;
		}
		$bits = (int) $prefix;
		if ( $bits > 8 * strlen( $base ) ) {
			return false;
		}
		$whole = intdiv( $bits, 8 );
		if ( substr( $address, 0, $whole ) !== substr( $base, 0, $whole ) ) {
			return false;
		}
		$rest = $bits % 8;
		if ( 0 === $rest ) {
			return true;
		}
		$mask = ( 0xff << ( 8 - $rest ) ) & 0xff;
		return ( ord( $address[ $whole ] ) & $mask ) === ( ord( $base[ $whole ] ) & $mask );
	}

	/** An entry of the trusted list as written: an address, or a network in CIDR form; '' when neither. */
	public static function valid_proxy( mixed $value ): string {
		if ( ! is_string( $value ) ) {
			return '';
		}
		$value = trim( $value );
		if ( ! str_contains( $value, '/' ) ) {
			return self::valid_ip( $value );
		}
		list( $network, $prefix ) = explode( '/', $value, 2 );
		$base                     = self::valid_ip( $network );
		$max                      = str_contains( $base, ':' ) ? 128 : 32;
		return '' !== $base && ctype_digit( $prefix ) && (int) $prefix <= $max ? $base . '/' . (int) $prefix : '';
	}
}
