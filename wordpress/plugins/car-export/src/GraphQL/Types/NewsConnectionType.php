<?php
declare(strict_types=1);

namespace CarExport\GraphQL\Types;

use CarExport\GraphQL\ConnectionDefinition;

/**
 * One page of news posts.
 */
final class NewsConnectionType extends ConnectionDefinition {

	public const NODE = 'NewsPost';
}
