<?php
/**
 * Refusals of the plugin's REST routes.
 *
 * @package CarExport
 */

declare(strict_types=1);

namespace CarExport\Rest;

use WP_Error;
use WP_HTTP_Response;
use WP_REST_Request;

/**
 * Every refusal a route answers is made here, so each kind has one status and one data shape:
 * the visitor-facing sentence is the message, the HTTP status is data.status, and a flood refusal
 * (429) also carries data.retryAfter (seconds until the window ends) and a Retry-After header.
 */
final class Refusal {

	public const HEADER = 'Retry-After';

	/**
	 * Hooks the one place where refusals of this plugin's routes become responses.
	 */
	public static function register(): void {
		add_filter( 'rest_post_dispatch', array( self::class, 'add_retry_after' ), 10, 3 );
	}

	/**
	 * A bad or missing field: the request was understood and nothing was changed.
	 */
	public static function bad_request( string $code, string $message ): WP_Error {
		return self::make( $code, $message, 400 );
	}

	/**
	 * The thing the request names (a car, a lead) does not exist or is not public.
	 */
	public static function not_found( string $code, string $message ): WP_Error {
		return self::make( $code, $message, 404 );
	}

	/**
	 * Allowed hits of a flood limit used up: try again after $retry_after seconds (at least 1).
	 *
	 * @param array<string, mixed> $data More for the client beside the status and the wait.
	 */
	public static function too_many( string $code, string $message, int $retry_after, array $data = array() ): WP_Error {
		return self::make( $code, $message, 429, array( 'retryAfter' => max( 1, $retry_after ) ) + $data );
	}

	/**
	 * The refusal for any status, with optional extra data kept beside the status.
	 *
	 * @param array<string, mixed> $data
	 */
	public static function make( string $code, string $message, int $status, array $data = array() ): WP_Error {
		return new WP_Error( $code, $message, array( 'status' => $status ) + $data );
	}

	/**
	 * Seconds a refusal asks the client to wait, or null when it does not.
	 *
	 * @param mixed $data The error data of a refusal (or a response body's "data").
	 */
	public static function retry_after( mixed $data ): ?int {
		if ( ! is_array( $data ) || ! isset( $data['retryAfter'] ) || ! is_int( $data['retryAfter'] ) || $data['retryAfter'] < 1 ) {
			return null;
		}
		return $data['retryAfter'];
	}

	/**
	 * A 429 of this plugin's routes also says when to retry in the standard header, which HTTP
	 * clients and proxies read without knowing the body.
	 *
	 * @param mixed                                 $response The dispatched response.
	 * @param mixed                                 $server   The REST server.
	 * @param WP_REST_Request<array<string, mixed>> $request  The request.
	 * @return mixed
	 */
	public static function add_retry_after( mixed $response, mixed $server, mixed $request ): mixed {
		if ( ! $response instanceof WP_HTTP_Response || ! $request instanceof WP_REST_Request || 429 !== $response->get_status() ) {
			return $response;
		}
		if ( ! Routes::is_own_route( $request->get_route() ) ) {
			return $response;
		}
		$body    = $response->get_data();
		$seconds = self::retry_after( is_array( $body ) ? ( $body['data'] ?? null ) : null );
		if ( null !== $seconds ) {
			$response->header( self::HEADER, (string) $seconds );
		}
		return $response;
	}
}
