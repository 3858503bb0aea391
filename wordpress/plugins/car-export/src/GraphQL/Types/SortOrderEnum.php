<?php
declare(strict_types=1);

namespace CarExport\GraphQL\Types;

use CarExport\GraphQL\EnumDefinition;

final class SortOrderEnum extends EnumDefinition {

	public static function values(): array {
		return array(
			'ASC'  => array( 'value' => 'ASC' ),
			'DESC' => array( 'value' => 'DESC' ),
		);
	}
}
