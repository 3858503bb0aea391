<?php
declare(strict_types=1);

namespace CarExport\Auth;

use CarExport\Service;
use WP_Error;

/**
 * Lets a bearer token authenticate any REST request. Requests without one are left to WordPress
 * (cookie + nonce for wp-admin, application passwords), so staff sessions keep working.
 */
final class BearerAuthenticator implements Service {

	/** Route where a stale token must not block signing in again. */
	private const TOKEN_ROUTE = '/jwt-auth/v1/token';

	private bool $resolved = false;

	/** @var int|WP_Error|null Account id, the token's error, or null when the request has no bearer token. */
	private int|WP_Error|null $outcome = null;

	private ?TokenService $tokens = null;

	public function register(): void {
		add_filter( 'determine_current_user', array( $this, 'determine_current_user' ), 20 );
		add_filter( 'rest_authentication_errors', array( $this, 'authentication_errors' ) );
		TokenGenerations::register_hooks();
	}

	/**
	 * @param int|false $user_id Account found by earlier handlers.
	 * @return int|false
	 */
	public function determine_current_user( mixed $user_id ): mixed {
		if ( ! $this->is_rest_request() ) {
			return $user_id;
		}
		$outcome = $this->outcome();
		return is_int( $outcome ) ? $outcome : $user_id;
	}

	/**
	 * A present but bad token fails the request instead of silently continuing as a visitor, so a
	 * client learns at once that its session is over.
	 *
	 * @param WP_Error|true|null $result Outcome of earlier authentication checks.
	 * @return WP_Error|true|null
	 */
	public function authentication_errors( mixed $result ): mixed {
		if ( $result instanceof WP_Error ) {
			return $result;
		}
		$outcome = $this->outcome();
		if ( null === $outcome ) {
			return $result;
		}
		if ( $outcome instanceof WP_Error ) {
			return $this->is_token_route() ? $result : $outcome;
		}
		// The user may have been resolved before the request was known to be a REST one.
		if ( get_current_user_id() !== $outcome ) {
			wp_set_current_user( $outcome );
		}
		// Authenticated by token: stops the cookie check from demanding a nonce and logging the user out.
		return true;
	}

	private function outcome(): int|WP_Error|null {
		if ( $this->resolved ) {
			return $this->outcome;
		}
		$this->resolved = true;

		$headers = function_exists( 'getallheaders' ) ? getallheaders() : null;
		$token   = BearerToken::from_request( $_SERVER, is_array( $headers ) ? $headers : null );
		if ( null === $token ) {
			$this->outcome = null;
			return null;
		}
		$this->tokens ??= TokenService::from_wordpress();
		$this->outcome = $this->tokens->verify( $token );
		return $this->outcome;
	}

	/**
	 * REST_REQUEST is defined only at parse_request, but the current user can be asked for earlier,
	 * so the URL is checked as well.
	 */
	private function is_rest_request(): bool {
		if ( defined( 'REST_REQUEST' ) && REST_REQUEST ) {
			return true;
		}
		if ( isset( $_GET['rest_route'] ) ) {
			return true;
		}
		$uri  = isset( $_SERVER['REQUEST_URI'] ) && is_string( $_SERVER['REQUEST_URI'] ) ? esc_url_raw( wp_unslash( $_SERVER['REQUEST_URI'] ) ) : '';
		$path = (string) wp_parse_url( $uri, PHP_URL_PATH );
		$home = (string) wp_parse_url( home_url( '/' ), PHP_URL_PATH );
		$base = trailingslashit( $home ) . rest_get_url_prefix() . '/';
		return str_starts_with( trailingslashit( $path ), $base );
	}

	private function is_token_route(): bool {
		global $wp;
		$route = ( $wp instanceof \WP && isset( $wp->query_vars['rest_route'] ) && is_string( $wp->query_vars['rest_route'] ) )
			? $wp->query_vars['rest_route']
			: '';
		return self::TOKEN_ROUTE === untrailingslashit( $route );
	}
}
