<?php
declare(strict_types=1);

namespace CarExport\GraphQL;

/**
 * A GraphQL HTTP response before it is sent: status, JSON body and extra headers.
 */
final class HttpResponse {

	/**
	 * @param array<string, mixed>  $body
	 * @param array<string, string> $headers
	 */
	public function __construct(
		public readonly int $status,
		public readonly array $body,
		public readonly array $headers = array()
	) {}

	/**
	 * A request error: GraphQL-shaped so clients parse every failure the same way.
	 *
	 * @param array<string, string> $headers
	 */
	public static function error( int $status, string $message, array $headers = array() ): self {
		return new self( $status, array( 'errors' => array( array( 'message' => $message ) ) ), $headers );
	}
}
