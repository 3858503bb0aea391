<?php
declare(strict_types=1);

namespace CarExport\GraphQL\Types;

use CarExport\GraphQL\Cost;
use CarExport\GraphQL\TypeRegistry;
use GraphQL\Type\Definition\ObjectType;
use GraphQL\Type\Definition\Type;

final class PriceRangeType {

	public static function create( TypeRegistry $types ): ObjectType {
		unset( $types );
		return new ObjectType(
			array(
				'name'   => 'PriceRange',
				'fields' => static fn (): array => Cost::apply(
					array(
						'min' => array( 'type' => Type::nonNull( Type::int() ) ),
						'max' => array( 'type' => Type::nonNull( Type::int() ) ),
					)
				),
			)
		);
	}
}
