<?php
declare(strict_types=1);

namespace CarExport\Rest;

/**
 * Who sent a request, for flood limits and for staff reading a message.
 *
 * The site's own server (Remix) calls WordPress on behalf of visitors, so the visitor's address
 * arrives in X-Forwarded-For. That header is believed only when the direct peer is a trusted proxy;
 * anyone else could write any address into it and dodge the limits.
 */
final class ClientInfo {

	public const USER_AGENT_MAX = 500;

	/**
	 * @param array<mixed> $server          $_SERVER.
	 * @param list<string> $trusted_proxies Exact addresses of trusted peers.
	 * @return string The client address, '' when none is usable.
	 */
	public static function ip( array $server, array $trusted_proxies ): string {
		$remote = self::valid_ip( $server['REMOTE_ADDR'] ?? null );
		if ( '' === $remote || ! self::is_trusted( $remote, $trusted_proxies ) ) {
			return $remote;
		}
		$forwarded = $server['HTTP_X_FORWARDED_FOR'] ?? '';
		if ( ! is_string( $forwarded ) || '' === trim( $forwarded ) ) {
			return $remote;
		}
		// Each proxy appends the peer it saw, so the right-most untrusted entry is the first one no trusted hop vouched for.
		$hops = array_reverse( array_map( 'trim', explode( ',', $forwarded ) ) );
		foreach ( $hops as $hop ) {
			$ip = self::valid_ip( $hop );
			if ( '' === $ip ) {
				return $remote;
			}
			if ( ! self::is_trusted( $ip, $trusted_proxies ) ) {
				return $ip;
			}
		}
		return $remote;
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
	 * (comma-separated) or the car_export_trusted_proxies filter.
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
		return is_array( $proxies ) ? array_values( array_filter( array_map( array( self::class, 'valid_ip' ), $proxies ) ) ) : array();
	}

	/**
	 * The address of the client of the current request, as every route counts it.
	 */
	public static function current_ip(): string {
		return self::ip( $_SERVER, self::trusted_proxies() );
	}

	public static function valid_ip( mixed $value ): string {
		if ( ! is_string( $value ) ) {
			return '';
		}
		$ip = filter_var( trim( $value ), FILTER_VALIDATE_IP );
		return is_string( $ip ) ? $ip : '';
	}

	/**
	 * @param list<string> $trusted
	 */
	private static function is_trusted( string $ip, array $trusted ): bool {
		return in_array( $ip, $trusted, true );
	}
}
