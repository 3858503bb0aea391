<?php
declare(strict_types=1);

namespace CarExport\GraphQL\Types;

use CarExport\GraphQL\TypeRegistry;
use GraphQL\Type\Definition\InputObjectType;
use GraphQL\Type\Definition\Type;

/**
 * Catalogue filters; every one is optional and an empty string counts as not given.
 */
final class CarFilterInput {

	public static function create( TypeRegistry $types ): InputObjectType {
		unset( $types );
		return new InputObjectType(
			array(
				'name'   => 'CarFilter',
				'fields' => static fn (): array => array(
					'search'       => array(
						'type'        => Type::string(),
						'description' => 'Words that must all appear in the title or specs (at most 200 characters).',
					),
					'bodyType'     => array(
						'type'        => Type::string(),
						'description' => 'Exact, case-insensitive.',
					),
					'fuelType'     => array(
						'type'        => Type::string(),
						'description' => 'Exact, case-insensitive (for example premium-petrol, electric).',
					),
					'transmission' => array(
						'type'        => Type::string(),
						'description' => 'Exact, case-insensitive (for example automatic, ev).',
					),
					'brand'        => array( 'type' => Type::string() ),
					'model'        => array( 'type' => Type::string() ),
					'drive'        => array(
						'type'        => Type::string(),
						'description' => 'Drive type: FWD, RWD, AWD or 4WD.',
					),
					'year'         => array( 'type' => Type::int() ),
					'minPrice'     => array(
						'type'        => Type::int(),
						'description' => 'USD; cars without a price never match a price bound.',
					),
					'maxPrice'     => array(
						'type'        => Type::int(),
						'description' => 'USD; cars without a price never match a price bound.',
					),
					'includeSold'  => array(
						'type'         => Type::boolean(),
						'defaultValue' => false,
						'description'  => 'Also list sold cars (hidden by default; reserved cars are always listed).',
					),
				),
			)
		);
	}
}
