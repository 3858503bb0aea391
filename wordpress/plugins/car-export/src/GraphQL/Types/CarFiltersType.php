<?php
declare(strict_types=1);

namespace CarExport\GraphQL\Types;

use CarExport\GraphQL\Cost;
use CarExport\GraphQL\TypeRegistry;
use GraphQL\Type\Definition\ObjectType;
use GraphQL\Type\Definition\Type;

/**
 * The distinct values of each filter over published cars, for the filter panel.
 */
final class CarFiltersType {

	public static function create( TypeRegistry $types ): ObjectType {
		$strings = static fn ( string $description ): array => array(
			'type'        => Type::nonNull( Type::listOf( Type::nonNull( Type::string() ) ) ),
			'description' => $description,
		);
		return new ObjectType(
			array(
				'name'   => 'CarFilters',
				'fields' => static fn (): array => Cost::apply(
					array(
						'brands'        => $strings( 'Sorted, case-insensitively.' ),
						'models'        => $strings( 'Sorted, case-insensitively.' ),
						'bodyTypes'     => $strings( 'Sorted.' ),
						'fuelTypes'     => $strings( 'Stored values such as premium-petrol, sorted.' ),
						'transmissions' => $strings( 'Stored values such as automatic, sorted.' ),
						'driveTypes'    => $strings( 'Sorted.' ),
						'years'         => array(
							'type'        => Type::nonNull( Type::listOf( Type::nonNull( Type::int() ) ) ),
							'description' => 'Newest first.',
						),
						'priceRange'    => array(
							'type'        => $types->non_null( 'PriceRange' ),
							'description' => 'Lowest and highest known price; 0 and 0 when no car has a price.',
						),
					)
				),
			)
		);
	}
}
