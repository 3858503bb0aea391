<?php
declare(strict_types=1);

namespace CarExport\GraphQL;

/**
 * A request that cannot be executed (bad method, body or parameters), with its HTTP status.
 */
final class RequestError extends \RuntimeException {

	/**
	 * @param array<string, string> $headers
	 */
	public function __construct( string $message, private readonly int $status, private readonly array $headers = array() ) {
		parent::__construct( $message );
	}

	public function to_response(): HttpResponse {
		return HttpResponse::error( $this->status, $this->getMessage(), $this->headers );
	}
}
