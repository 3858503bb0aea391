<?php
declare(strict_types=1);

namespace CarExport\GraphQL\Types;

use CarExport\GraphQL\ConnectionDefinition;

/**
 * One page of cars.
 */
final class CarConnectionType extends ConnectionDefinition {

	public const NODE        = 'Car';
	public const TOTAL       = 'Cars matching the filter, over all pages.';
	public const TOTAL_PAGES = '0 when nothing matches.';
}
