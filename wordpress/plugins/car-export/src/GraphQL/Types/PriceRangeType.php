<?php
declare(strict_types=1);

namespace CarExport\GraphQL\Types;

use CarExport\GraphQL\Field;
use CarExport\GraphQL\ObjectDefinition;
use CarExport\GraphQL\TypeRegistry;

final class PriceRangeType extends ObjectDefinition {

	public static function fields( TypeRegistry $types ): array {
		return array(
			'min' => Field::int(),
			'max' => Field::int(),
		);
	}
}
