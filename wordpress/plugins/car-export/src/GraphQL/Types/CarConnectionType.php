<?php
declare(strict_types=1);

namespace CarExport\GraphQL\Types;

use CarExport\GraphQL\Cost;
use CarExport\GraphQL\TypeRegistry;
use GraphQL\Type\Definition\ObjectType;
use GraphQL\Type\Definition\Type;

/**
 * One page of cars with the counts a pager needs.
 */
final class CarConnectionType {

	public static function create( TypeRegistry $types ): ObjectType {
		return new ObjectType(
			array(
				'name'   => 'CarConnection',
				'fields' => static fn (): array => Cost::apply(
					array(
						'nodes'      => array(
							'type'       => $types->list_of( 'Car' ),
							// The cars field already multiplies by perPage.
							'complexity' => Cost::object( 1 ),
						),
						'total'      => array(
							'type'        => Type::nonNull( Type::int() ),
							'description' => 'Cars matching the filter, over all pages.',
						),
						'page'       => array( 'type' => Type::nonNull( Type::int() ) ),
						'perPage'    => array( 'type' => Type::nonNull( Type::int() ) ),
						'totalPages' => array(
							'type'        => Type::nonNull( Type::int() ),
							'description' => '0 when nothing matches.',
						),
					)
				),
			)
		);
	}
}
