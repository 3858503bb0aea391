<?php
declare(strict_types=1);

namespace CarExport\GraphQL;

/**
 * Reads a GraphQL-over-HTTP request: GET with query parameters (queries only, cacheable) or
 * POST with a JSON body. Anything else is a RequestError with the status the spec asks for.
 */
final class HttpRequestParser {

	public const MAX_BODY_BYTES = 65536;

	/**
	 * @param array<string, mixed> $get    unslashed query parameters.
	 * @param array<string, mixed> $server $_SERVER.
	 * @param callable(int): string $read_body reads at most that many bytes of the body.
	 */
	public function parse( string $method, array $get, array $server, callable $read_body ): OperationRequest {
		switch ( strtoupper( $method ) ) {
			case 'GET':
				return $this->from_get( $get );
			case 'POST':
				return $this->from_post( $server, $read_body );
			default:
				throw new RequestError( 'Only GET and POST are supported.', 405, array( 'Allow' => 'GET, POST' ) );
		}
	}

	/**
	 * @param array<string, mixed> $get
	 */
	private function from_get( array $get ): OperationRequest {
		$length = 0;
		foreach ( $get as $value ) {
			$length += is_string( $value ) ? strlen( $value ) : 0;
		}
		if ( $length > self::MAX_BODY_BYTES ) {
			throw new RequestError( 'The request is too large.', 413 );
		}
		$variables = $get['variables'] ?? null;
		if ( is_string( $variables ) && '' !== trim( $variables ) ) {
			$variables = $this->decode_json( $variables, 'variables' );
		} elseif ( '' === $variables ) {
			$variables = null;
		}

		return $this->operation(
			array(
				'query'         => $get['query'] ?? null,
				'variables'     => $variables,
				'operationName' => $get['operationName'] ?? null,
			),
			true
		);
	}

	/**
	 * @param array<string, mixed> $server
	 * @param callable(int): string $read_body
	 */
	private function from_post( array $server, callable $read_body ): OperationRequest {
		$type = strtolower( trim( explode( ';', (string) ( $server['CONTENT_TYPE'] ?? $server['HTTP_CONTENT_TYPE'] ?? '' ) )[0] ) );
		if ( 'application/json' !== $type ) {
			throw new RequestError( 'POST requests must have Content-Type application/json.', 415 );
		}
		if ( (int) ( $server['CONTENT_LENGTH'] ?? 0 ) > self::MAX_BODY_BYTES ) {
			throw new RequestError( 'The request body is larger than 64 KB.', 413 );
		}
		// Read one byte past the limit so a body without Content-Length is caught too.
		$body = $read_body( self::MAX_BODY_BYTES + 1 );
		if ( strlen( $body ) > self::MAX_BODY_BYTES ) {
			throw new RequestError( 'The request body is larger than 64 KB.', 413 );
		}
		$params = $this->decode_json( $body, 'body' );
		if ( array_is_list( $params ) && array() !== $params ) {
			throw new RequestError( 'Batched requests are not supported; send one operation per request.', 400 );
		}
		return $this->operation( $params, false );
	}

	/**
	 * @return array<mixed>
	 */
	private function decode_json( string $json, string $what ): array {
		try {
			$value = json_decode( $json, true, 64, JSON_THROW_ON_ERROR );
		} catch ( \JsonException $e ) {
			throw new RequestError( sprintf( 'The %s is not valid JSON.', $what ), 400 );
		}
		if ( ! is_array( $value ) ) {
			throw new RequestError( sprintf( 'The %s must be a JSON object.', $what ), 400 );
		}
		return $value;
	}

	/**
	 * @param array<mixed> $params
	 */
	private function operation( array $params, bool $read_only ): OperationRequest {
		$query = $params['query'] ?? null;
		if ( ! is_string( $query ) || '' === trim( $query ) ) {
			throw new RequestError( 'A "query" string is required.', 400 );
		}
		$variables = $params['variables'] ?? null;
		if ( null !== $variables && ( ! is_array( $variables ) || ( array_is_list( $variables ) && array() !== $variables ) ) ) {
			throw new RequestError( '"variables" must be a JSON object.', 400 );
		}
		$operation_name = $params['operationName'] ?? null;
		if ( '' === $operation_name ) {
			$operation_name = null;
		}
		if ( null !== $operation_name && ! is_string( $operation_name ) ) {
			throw new RequestError( '"operationName" must be a string.', 400 );
		}
		/** @var array<string, mixed> $variables */
		$variables = $variables ?? array();

		return new OperationRequest( $query, $variables, $operation_name, $read_only );
	}
}
