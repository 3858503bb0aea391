<?php
declare(strict_types=1);

namespace CarExport\GraphQL\Types;

use CarExport\GraphQL\Cost;
use CarExport\GraphQL\TypeRegistry;
use GraphQL\Type\Definition\ObjectType;
use GraphQL\Type\Definition\Type;

/**
 * One page of news posts with the counts a pager needs.
 */
final class NewsConnectionType {

	public static function create( TypeRegistry $types ): ObjectType {
		return new ObjectType(
			array(
				'name'   => 'NewsConnection',
				'fields' => static fn (): array => Cost::apply(
					array(
						'nodes'      => array(
							'type'       => $types->list_of( 'NewsPost' ),
							// The newsPosts field already multiplies by perPage.
							'complexity' => Cost::object( 1 ),
						),
						'total'      => array( 'type' => Type::nonNull( Type::int() ) ),
						'page'       => array( 'type' => Type::nonNull( Type::int() ) ),
						'perPage'    => array( 'type' => Type::nonNull( Type::int() ) ),
						'totalPages' => array( 'type' => Type::nonNull( Type::int() ) ),
					)
				),
			)
		);
	}
}
