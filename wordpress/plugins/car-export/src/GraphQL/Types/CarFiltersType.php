<?php
declare(strict_types=1);

namespace CarExport\GraphQL\Types;

use CarExport\GraphQL\Cost;
use CarExport\GraphQL\TypeRegistry;
use GraphQL\Type\Definition\ObjectType;
use GraphQL\Type\Definition\Type;

/**
 * The distinct values of each filter over published cars, for the filter panel, and with a
 * filter argument each value's count of matching cars.
 */
final class CarFiltersType {

	public static function create( TypeRegistry $types ): ObjectType {
		$strings = static fn ( string $description ): array => array(
			'type'        => Type::nonNull( Type::listOf( Type::nonNull( Type::string() ) ) ),
			'description' => $description,
		);
		// Each list again with counts: an option's count is how many cars match the filter argument
		// with this list's own choice replaced by the option; 0 when none (the option stays listed).
		$options = static fn ( string $facet ): array => array(
			'type'        => $types->list_of( 'FilterOption' ),
			'description' => 'Every value of ' . $facet . ' with its count for the filter argument, in the same order.',
			'resolve'     => static fn ( array $root ): array => $root['counts']()['options'][ $facet ],
		);
		return new ObjectType(
			array(
				'name'   => 'CarFilters',
				'fields' => static fn (): array => Cost::apply(
					array(
						'brands'              => $strings( 'Sorted, case-insensitively.' ),
						'models'              => $strings( 'Sorted, case-insensitively.' ),
						'bodyTypes'           => $strings( 'Sorted.' ),
						'fuelTypes'           => $strings( 'Stored values such as premium-petrol, sorted.' ),
						'transmissions'       => $strings( 'Stored values such as automatic, sorted.' ),
						'driveTypes'          => $strings( 'Sorted.' ),
						'years'               => array(
							'type'        => Type::nonNull( Type::listOf( Type::nonNull( Type::int() ) ) ),
							'description' => 'Newest first.',
						),
						'priceRange'          => array(
							'type'        => $types->non_null( 'PriceRange' ),
							'description' => 'Lowest and highest known price; 0 and 0 when no car has a price.',
						),
						'total'               => array(
							'type'        => Type::nonNull( Type::int() ),
							'description' => 'Cars matching the filter argument (its sold rule included).',
							'resolve'     => static fn ( array $root ): int => $root['counts']()['total'],
						),
						'bodyTypeOptions'     => $options( 'bodyTypes' ),
						'fuelTypeOptions'     => $options( 'fuelTypes' ),
						'transmissionOptions' => $options( 'transmissions' ),
						'brandOptions'        => $options( 'brands' ),
						'modelOptions'        => $options( 'models' ),
						'driveTypeOptions'    => $options( 'driveTypes' ),
						'yearOptions'         => $options( 'years' ),
						'matchingPriceRange'  => array(
							'type'        => $types->non_null( 'PriceRange' ),
							'description' => 'Lowest and highest known price of the cars matching the filter argument but its price bounds; 0 and 0 when none has a price.',
							'resolve'     => static fn ( array $root ): array => $root['counts']()['priceRange'],
						),
					)
				),
			)
		);
	}
}
