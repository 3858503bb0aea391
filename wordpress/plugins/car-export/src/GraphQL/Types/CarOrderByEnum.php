<?php
declare(strict_types=1);

namespace CarExport\GraphQL\Types;

use CarExport\GraphQL\TypeRegistry;
use CarExport\Search\CarQuery;
use GraphQL\Type\Definition\EnumType;

final class CarOrderByEnum {

	public static function create( TypeRegistry $types ): EnumType {
		unset( $types );
		return new EnumType(
			array(
				'name'   => 'CarOrderBy',
				'values' => array(
					'DATE'  => array(
						'value'       => CarQuery::ORDER_DATE,
						'description' => 'Publication date.',
					),
					'PRICE' => array(
						'value'       => CarQuery::ORDER_PRICE,
						'description' => 'Price; cars without a price come last in both directions.',
					),
				),
			)
		);
	}
}
