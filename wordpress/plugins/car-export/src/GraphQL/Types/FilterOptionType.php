<?php
declare(strict_types=1);

namespace CarExport\GraphQL\Types;

use CarExport\GraphQL\Cost;
use CarExport\GraphQL\TypeRegistry;
use GraphQL\Type\Definition\ObjectType;
use GraphQL\Type\Definition\Type;

/**
 * One value of a filter list and how many cars of the current search it leads to.
 */
final class FilterOptionType {

	public static function create( TypeRegistry $types ): ObjectType {
		unset( $types );
		return new ObjectType(
			array(
				'name'        => 'FilterOption',
				'description' => 'One value of a filter list and how many cars of the current search it leads to.',
				'fields'      => static fn (): array => Cost::apply(
					array(
						'value' => array(
							'type'        => Type::nonNull( Type::string() ),
							'description' => 'As the filter takes it (a year as digits).',
						),
						'count' => array(
							'type'        => Type::nonNull( Type::int() ),
							'description' => 'Matching cars with this value chosen instead of the list\'s current choice.',
						),
					)
				),
			)
		);
	}
}
