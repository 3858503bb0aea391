<?php
declare(strict_types=1);

namespace CarExport\GraphQL\Types;

use CarExport\GraphQL\Field;
use CarExport\GraphQL\ObjectDefinition;
use CarExport\GraphQL\TypeRegistry;

final class KeySpecType extends ObjectDefinition {

	public const DESCRIPTION = 'A key-specification card of a news article.';

	public static function fields( TypeRegistry $types ): array {
		return array(
			'label' => Field::string(),
			'value' => Field::string(),
		);
	}
}
