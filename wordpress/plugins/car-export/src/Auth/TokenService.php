<?php
declare(strict_types=1);

namespace CarExport\Auth;

use Firebase\JWT\BeforeValidException;
use Firebase\JWT\ExpiredException;
use Firebase\JWT\JWT;
use Firebase\JWT\Key;
use WP_Error;

/**
 * Issues and verifies the site's HS256 tokens, in the payload shape of the common JWT plugin
 * (iss, iat, nbf, exp, data.user.id) plus data.user.gen, the account's token generation.
 *
 * Everything WordPress-specific comes in through the constructor (secret, issuer, generation lookup,
 * clock) so the class runs in unit tests without WordPress; from_wordpress() wires the real values.
 */
final class TokenService {

	public const ALGORITHM         = 'HS256';
	public const MIN_SECRET_LENGTH = 32;
	public const LEEWAY            = 60;
	public const DEFAULT_TTL       = 604800; // 7 days.

	public const ERROR_BAD_CONFIG = 'jwt_auth_bad_config';
	public const ERROR_INVALID    = 'jwt_auth_invalid_token';

	/** @var \Closure(int): ?int Current token generation of an account, null when the account does not exist. */
	private \Closure $generation_of;

	/** @var \Closure(): int */
	private \Closure $clock;

	private int $ttl;

	/**
	 * @param string                  $secret        Signing key; shorter than MIN_SECRET_LENGTH means "not configured".
	 * @param string                  $issuer        Value of the iss claim, checked on verify.
	 * @param \Closure(int): ?int     $generation_of Looks up an account's current token generation.
	 * @param (\Closure(): int)|null  $clock         Unix time source; time() when null.
	 * @param int                     $ttl           Token lifetime in seconds.
	 */
	public function __construct(
		#[\SensitiveParameter] private string $secret,
		private string $issuer,
		\Closure $generation_of,
		?\Closure $clock = null,
		int $ttl = self::DEFAULT_TTL
	) {
		$this->generation_of = $generation_of;
		$this->clock         = $clock ?? static fn(): int => time();
		$this->ttl           = $ttl > 0 ? $ttl : self::DEFAULT_TTL;
	}

	public static function from_wordpress(): self {
		$secret = defined( 'JWT_AUTH_SECRET_KEY' ) ? constant( 'JWT_AUTH_SECRET_KEY' ) : '';
		$secret = is_string( $secret ) ? $secret : '';

		/**
		 * Lifetime of a new token in seconds.
		 *
		 * @param int $ttl Seven days by default.
		 */
		$ttl = (int) apply_filters( 'car_export_jwt_ttl', self::DEFAULT_TTL );

		return new self(
			$secret,
			home_url(),
			\Closure::fromCallable( array( TokenGenerations::class, 'current' ) ),
			null,
			$ttl
		);
	}

	/**
	 * A missing or short secret is refused rather than replaced by a default: a guessable key would let
	 * anyone mint tokens for any account.
	 */
	public function is_configured(): bool {
		return strlen( $this->secret ) >= self::MIN_SECRET_LENGTH;
	}

	public function configuration_error(): WP_Error {
		return new WP_Error(
			self::ERROR_BAD_CONFIG,
			__( 'JWT is not configured properly, please contact the admin', 'car-export' ),
			array( 'status' => 500 )
		);
	}

	public function issue( int $user_id ): string|WP_Error {
		if ( ! $this->is_configured() ) {
			return $this->configuration_error();
		}
		$generation = ( $this->generation_of )( $user_id );
		if ( $user_id <= 0 || null === $generation ) {
			return $this->invalid( __( 'The account could not be found.', 'car-export' ) );
		}

		$now     = ( $this->clock )();
		$payload = array(
			'iss'  => $this->issuer,
			'iat'  => $now,
			'nbf'  => $now,
			'exp'  => $now + $this->ttl,
			'data' => array(
				'user' => array(
					'id'  => $user_id,
					'gen' => $generation,
				),
			),
		);

		return JWT::encode( $payload, $this->secret, self::ALGORITHM );
	}

	/**
	 * @return int|WP_Error The account id the token was issued to.
	 */
	public function verify( string $token ): int|WP_Error {
		if ( ! $this->is_configured() ) {
			return $this->configuration_error();
		}
		if ( '' === trim( $token ) ) {
			return $this->invalid( __( 'The token is missing.', 'car-export' ) );
		}

		$payload = $this->decode( $token );
		if ( $payload instanceof WP_Error ) {
			return $payload;
		}

		if ( ! isset( $payload->iss, $payload->exp ) || $payload->iss !== $this->issuer ) {
			return $this->invalid( __( 'The token was not issued by this site.', 'car-export' ) );
		}

		$user = $payload->data->user ?? null;
		if ( ! is_object( $user ) || ! isset( $user->id, $user->gen ) || ! is_int( $user->id ) || ! is_int( $user->gen ) || $user->id <= 0 ) {
			return $this->invalid( __( 'The token is invalid.', 'car-export' ) );
		}

		$current = ( $this->generation_of )( $user->id );
		if ( null === $current ) {
			return $this->invalid( __( 'The token is invalid.', 'car-export' ) );
		}
		if ( $current !== $user->gen ) {
			return $this->invalid( __( 'The token has been revoked. Please sign in again.', 'car-export' ) );
		}

		return $user->id;
	}

	/**
	 * The library keeps its clock and leeway in static properties; they are set for this call only
	 * and restored so other users of the library are unaffected.
	 */
	private function decode( string $token ): \stdClass|WP_Error {
		$previous_leeway    = JWT::$leeway;
		$previous_timestamp = JWT::$timestamp;
		JWT::$leeway        = self::LEEWAY;
		JWT::$timestamp     = ( $this->clock )();

		try {
			return JWT::decode( $token, new Key( $this->secret, self::ALGORITHM ) );
		} catch ( ExpiredException ) {
			return $this->invalid( __( 'The token has expired. Please sign in again.', 'car-export' ) );
		} catch ( BeforeValidException ) {
			return $this->invalid( __( 'The token is not valid yet.', 'car-export' ) );
		} catch ( \Throwable ) {
			// Bad signature, malformed segments, wrong algorithm: the reason stays internal.
			return $this->invalid( __( 'The token is invalid.', 'car-export' ) );
		} finally {
			JWT::$leeway    = $previous_leeway;
			JWT::$timestamp = $previous_timestamp;
		}
	}

	private function invalid( string $message ): WP_Error {
		return new WP_Error( self::ERROR_INVALID, $message, array( 'status' => 403 ) );
	}
}
