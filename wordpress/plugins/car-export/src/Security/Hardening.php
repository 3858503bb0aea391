<?php
declare(strict_types=1);

namespace CarExport\Security;

use CarExport\Service;
use WP_Error;
use WP_REST_Request;
use WP_REST_Users_Controller;

/**
 * Closes the ways WordPress tells strangers who its users are (login names are half of a
 * password-guessing attack) and turns XML-RPC and feeds off, which this headless site never uses.
 */
final class Hardening implements Service {

	/** Users-controller methods that disclose other accounts; get_current_item (/users/me) stays open. */
	private const CLOSED_USER_METHODS = array( 'get_items', 'get_item' );

	public function register(): void {
		// REST: decided on the matched handler, so /wp-json/..., ?rest_route=..., any letter case and embeds are all covered.
		add_filter( 'rest_request_before_callbacks', array( $this, 'guard_user_endpoints' ), 10, 3 );

		add_action( 'template_redirect', array( $this, 'hide_author_archives' ), 0 );
		add_filter( 'redirect_canonical', array( $this, 'no_author_redirect' ) );
		add_filter( 'wp_sitemaps_add_provider', array( $this, 'drop_users_sitemap' ), 10, 2 );
		add_filter( 'oembed_response_data', array( $this, 'strip_oembed_author' ) );

		// Feeds name each post's author (dc:creator is the login-derived display name by default).
		// After REST (10) and GraphQL (0) have answered their own requests, before WP::send_headers()
		// could answer a conditional feed request with a 304.
		add_action( 'parse_request', array( $this, 'refuse_feed_request' ), 11 );
		remove_action( 'wp_head', 'feed_links', 2 );
		remove_action( 'wp_head', 'feed_links_extra', 3 );

		add_action( 'plugins_loaded', array( $this, 'refuse_xmlrpc_request' ), 0 );
		add_filter( 'xmlrpc_enabled', '__return_false' );
		add_filter( 'xmlrpc_methods', array( $this, 'no_xmlrpc_methods' ) );
		add_filter( 'wp_headers', array( $this, 'remove_pingback_header' ) );
		add_filter( 'pings_open', '__return_false' );
		remove_action( 'wp_head', 'rsd_link' );
		remove_action( 'wp_head', 'wlwmanifest_link' );
	}

	/**
	 * @param mixed               $response Result so far; an earlier error wins.
	 * @param array<string,mixed> $handler  The matched route handler.
	 * @param WP_REST_Request<array<string,mixed>> $request
	 * @return mixed
	 */
	public function guard_user_endpoints( $response, $handler, $request ) {
		if ( is_wp_error( $response ) || ! $this->is_user_disclosure( $handler ) ) {
			return $response;
		}
		if ( current_user_can( 'list_users' ) || $this->is_own_account( $handler, $request ) ) {
			return $response;
		}
		return new WP_Error(
			'rest_user_cannot_view',
			__( 'Sorry, you are not allowed to view user accounts.', 'car-export' ),
			array( 'status' => rest_authorization_required_code() )
		);
	}

	/**
	 * Answered here rather than by the theme: the headless theme sends every page to the public
	 * site, and a redirect would still tell a probe that ?author=N exists. Decided on the request's
	 * own query vars, so an unknown author gets exactly the same answer as a real one.
	 */
	public function hide_author_archives(): void {
		if ( ! $this->asks_for_author() ) {
			return;
		}
		global $wp_query;
		$wp_query->set_404();
		self::plain_not_found();
	}

	/**
	 * Core turns ?author=N into /author/<login slug>/, which is the very leak being closed.
	 *
	 * @param string|false $redirect_url
	 * @return string|false
	 */
	public function no_author_redirect( $redirect_url ) {
		if ( isset( $_GET['author'] ) || isset( $_GET['author_name'] ) || $this->asks_for_author() ) {
			return false;
		}
		return $redirect_url;
	}

	/**
	 * Every feed URL (?feed=..., /feed/, /comments/feed/, a post's /feed/) sets the feed query var,
	 * so one check covers them all, unknown feed types included.
	 */
	public function refuse_feed_request( \WP $wp ): void {
		$feed = $wp->query_vars['feed'] ?? '';
		if ( ! is_string( $feed ) || '' === $feed ) {
			return;
		}
		self::plain_not_found();
	}

	private static function plain_not_found(): never {
		status_header( 404 );
		nocache_headers();
		header( 'Content-Type: text/plain; charset=utf-8' );
		echo esc_html__( 'Not found.', 'car-export' );
		exit;
	}

	private function asks_for_author(): bool {
		global $wp;
		$vars = $wp instanceof \WP ? $wp->query_vars : array();
		foreach ( array( 'author', 'author_name' ) as $key ) {
			if ( isset( $vars[ $key ] ) && '' !== $vars[ $key ] ) {
				return true;
			}
		}
		return is_author();
	}

	/**
	 * @param mixed  $provider
	 * @return mixed
	 */
	public function drop_users_sitemap( $provider, string $name ) {
		return 'users' === $name ? false : $provider;
	}

	/**
	 * @param array<string,mixed> $data
	 * @return array<string,mixed>
	 */
	public function strip_oembed_author( $data ): array {
		unset( $data['author_name'], $data['author_url'] );
		return $data;
	}

	/**
	 * xmlrpc.php is a PHP entry point of its own; stop it before it can answer anything, ?rsd included.
	 * The refusal is not translated: it is sent on plugins_loaded, before init, and WordPress (6.7+)
	 * refuses to load a plugin's translations that early (a notice in the log); its readers are
	 * XML-RPC clients, not people.
	 */
	public function refuse_xmlrpc_request(): void {
		if ( ! defined( 'XMLRPC_REQUEST' ) || ! XMLRPC_REQUEST ) {
			return;
		}
		status_header( 403 );
		nocache_headers();
		header( 'Content-Type: text/plain; charset=utf-8' );
		echo 'XML-RPC is disabled on this site.';
		exit;
	}

	/**
	 * @param array<string,mixed> $methods
	 * @return array<string,mixed>
	 */
	public function no_xmlrpc_methods( $methods ): array {
		return array();
	}

	/**
	 * @param array<string,string> $headers
	 * @return array<string,string>
	 */
	public function remove_pingback_header( $headers ): array {
		unset( $headers['X-Pingback'] );
		return $headers;
	}

	/**
	 * @param array<string,mixed> $handler
	 */
	private function is_user_disclosure( $handler ): bool {
		$callback = $handler['callback'] ?? null;
		return is_array( $callback )
			&& isset( $callback[0], $callback[1] )
			&& $callback[0] instanceof WP_REST_Users_Controller
			&& in_array( $callback[1], self::CLOSED_USER_METHODS, true );
	}

	/**
	 * A signed-in user may read their own record by id, as /users/me allows anyway.
	 *
	 * @param array<string,mixed>                  $handler
	 * @param WP_REST_Request<array<string,mixed>> $request
	 */
	private function is_own_account( $handler, $request ): bool {
		$callback = $handler['callback'];
		$user_id  = get_current_user_id();
		return is_array( $callback )
			&& 'get_item' === $callback[1]
			&& $user_id > 0
			&& (int) $request->get_param( 'id' ) === $user_id;
	}
}
