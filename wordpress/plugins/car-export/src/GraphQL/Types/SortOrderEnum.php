<?php
declare(strict_types=1);

namespace CarExport\GraphQL\Types;

use CarExport\GraphQL\TypeRegistry;
use GraphQL\Type\Definition\EnumType;

final class SortOrderEnum {

	public static function create( TypeRegistry $types ): EnumType {
		unset( $types );
		return new EnumType(
			array(
				'name'   => 'SortOrder',
				'values' => array(
					'ASC'  => array( 'value' => 'ASC' ),
					'DESC' => array( 'value' => 'DESC' ),
				),
			)
		);
	}
}
