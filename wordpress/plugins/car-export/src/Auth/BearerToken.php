<?php
declare(strict_types=1);

namespace CarExport\Auth;

/**
 * Finds a bearer token in the request. Apache and some FastCGI set-ups drop the Authorization header
 * from $_SERVER, so the rewritten copy and the raw header list are consulted too.
 */
final class BearerToken {

	/**
	 * @param array<mixed>                   $server  $_SERVER.
	 * @param array<array-key, mixed>|null   $headers getallheaders(), when available.
	 * @return string|null The token; '' for a bearer header without a token; null when there is no bearer header.
	 */
	public static function from_request( array $server, ?array $headers ): ?string {
		foreach ( self::candidates( $server, $headers ) as $header ) {
			$token = self::parse( $header );
			if ( null !== $token ) {
				return $token;
			}
		}
		return null;
	}

	/**
	 * @return string|null The token, '' when the scheme is Bearer but the token is missing, null for other schemes.
	 */
	public static function parse( string $header ): ?string {
		$header = trim( $header );
		if ( 1 !== preg_match( '/^Bearer(?:\s+(.*))?$/is', $header, $matches ) ) {
			return null;
		}
		return trim( $matches[1] ?? '' );
	}

	/**
	 * @param array<mixed>                 $server
	 * @param array<array-key, mixed>|null $headers
	 * @return list<string>
	 */
	private static function candidates( array $server, ?array $headers ): array {
		$found = array();
		foreach ( array( 'HTTP_AUTHORIZATION', 'REDIRECT_HTTP_AUTHORIZATION' ) as $key ) {
			if ( isset( $server[ $key ] ) && is_string( $server[ $key ] ) && '' !== $server[ $key ] ) {
				$found[] = $server[ $key ];
			}
		}
		foreach ( $headers ?? array() as $name => $value ) {
			if ( is_string( $name ) && 0 === strcasecmp( $name, 'Authorization' ) && is_string( $value ) ) {
				$found[] = $value;
			}
		}
		return $found;
	}
}
