<?php
declare(strict_types=1);

namespace CarExport\GraphQL;

/**
 * One GraphQL operation as the client asked for it, independent of how it came over HTTP.
 */
final class OperationRequest {

	/**
	 * @param array<string, mixed> $variables
	 */
	public function __construct(
		public readonly string $query,
		public readonly array $variables,
		public readonly ?string $operation_name,
		public readonly bool $read_only
	) {}
}
