<?php
declare(strict_types=1);

namespace CarExport\GraphQL\Types;

use CarExport\GraphQL\Cost;
use CarExport\GraphQL\TypeRegistry;
use GraphQL\Type\Definition\ObjectType;
use GraphQL\Type\Definition\Type;

/**
 * A destination port with the figures of the landed-price estimate.
 */
final class PortType {

	public static function create( TypeRegistry $types ): ObjectType {
		unset( $types );
		return new ObjectType(
			array(
				'name'   => 'Port',
				'fields' => static fn (): array => Cost::apply(
					array(
						'id'               => array( 'type' => Type::nonNull( Type::id() ) ),
						'databaseId'       => array( 'type' => Type::nonNull( Type::int() ) ),
						'name'             => array( 'type' => Type::nonNull( Type::string() ) ),
						'country'          => array( 'type' => Type::nonNull( Type::string() ) ),
						'roroFreight'      => array(
							'type'        => Type::nonNull( Type::int() ),
							'description' => 'Roll-on/roll-off freight per car, USD.',
						),
						'containerFreight' => array(
							'type'        => Type::nonNull( Type::int() ),
							'description' => 'Container freight per car, USD.',
						),
						'insuranceRate'    => array(
							'type'        => Type::nonNull( Type::float() ),
							'description' => 'Percent of FOB price plus freight.',
						),
						'transitDays'      => array(
							'type'        => Type::nonNull( Type::int() ),
							'description' => 'Typical sailing time in days.',
						),
					)
				),
			)
		);
	}
}
