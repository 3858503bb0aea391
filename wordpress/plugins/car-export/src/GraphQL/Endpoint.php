<?php
declare(strict_types=1);

namespace CarExport\GraphQL;

use CarExport\Service;

/**
 * Serves the catalogue schema at /graphql over HTTP, straight from parse_request: no main query,
 * no template, no theme output.
 */
final class Endpoint implements Service {

	public const QUERY_VAR = 'car_export_graphql';

	private const RULE = '^graphql/?$';

	public function register(): void {
		add_action( 'init', array( self::class, 'add_rewrite_rule' ) );
		add_action( 'wp_loaded', array( self::class, 'ensure_rewrite_rule' ) );
		add_filter( 'query_vars', array( self::class, 'add_query_var' ) );
		// Priority 0: answer before any other parse_request handler does work for a page.
		add_action( 'parse_request', array( $this, 'maybe_serve' ), 0 );
	}

	public static function add_rewrite_rule(): void {
		add_rewrite_rule( self::RULE, 'index.php?' . self::QUERY_VAR . '=1', 'top' );
	}

	/**
	 * Rebuilds the rules once if the stored set predates this endpoint (the plugin was already
	 * active when it was updated), so /graphql never silently falls through to a 404 page.
	 */
	public static function ensure_rewrite_rule(): void {
		$rules = get_option( 'rewrite_rules' );
		if ( is_array( $rules ) && ! isset( $rules[ self::RULE ] ) ) {
			flush_rewrite_rules( false );
		}
	}

	/**
	 * @param array<int, string> $vars
	 * @return array<int, string>
	 */
	public static function add_query_var( array $vars ): array {
		$vars[] = self::QUERY_VAR;
		return $vars;
	}

	public function maybe_serve( \WP $wp ): void {
		if ( empty( $wp->query_vars[ self::QUERY_VAR ] ) ) {
			return;
		}
		$this->serve();
		exit;
	}

	public function serve(): void {
		global $wpdb;
		// Anything printed by PHP or WordPress while we work (a notice, a wpdb error) is thrown away.
		ob_start();
		$wpdb->hide_errors();

		$method = isset( $_SERVER['REQUEST_METHOD'] ) ? strtoupper( sanitize_text_field( wp_unslash( $_SERVER['REQUEST_METHOD'] ) ) ) : 'GET';
		$this->send( $this->respond( $method ), $method );
	}

	private function respond( string $method ): HttpResponse {
		try {
			$request = ( new HttpRequestParser() )->parse(
				$method,
				// WordPress adds slashes to the request arrays; the parser needs them as sent.
				wp_unslash( $_GET ),
				wp_unslash( $_SERVER ),
				static fn ( int $max ): string => (string) file_get_contents( 'php://input', false, null, 0, $max )
			);
			return ( new QueryExecutor() )->execute( $request );
		} catch ( RequestError $e ) {
			return $e->to_response();
		} catch ( \Throwable $e ) {
			ErrorFormatter::report( $e );
			return HttpResponse::error( 500, ErrorFormatter::INTERNAL_MESSAGE );
		}
	}

	private function send( HttpResponse $response, string $method ): void {
		while ( ob_get_level() > 0 ) {
			ob_end_clean();
		}
		$json = wp_json_encode( $response->body, JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE | JSON_INVALID_UTF8_SUBSTITUTE );
		if ( false === $json ) {
			$response = HttpResponse::error( 500, ErrorFormatter::INTERNAL_MESSAGE );
			$json     = (string) wp_json_encode( $response->body );
		}
		self::emit( $response->status, $json, 'GET' === $method && 200 === $response->status, $response->headers );
		CatalogueResponseCache::keep( $method, $response, $json );
	}

	/**
	 * Writes a JSON answer with the endpoint's headers (also for an answer kept by
	 * CatalogueResponseCache, sent before WordPress has finished loading).
	 *
	 * @param array<string, string> $headers
	 */
	public static function emit( int $status, string $json, bool $cacheable, array $headers = array() ): void {
		status_header( $status );
		header( 'Content-Type: application/json; charset=utf-8' );
		// Only successful GETs may be shared by caches; errors and POSTs are per request.
		header( 'Cache-Control: ' . ( $cacheable ? 'public, max-age=60' : 'no-store' ) );
		header( 'Vary: Accept' );
		header( 'X-Content-Type-Options: nosniff' );
		header( 'X-Robots-Tag: noindex' );
		foreach ( $headers as $name => $value ) {
			header( $name . ': ' . $value );
		}
		echo $json;
	}
}
