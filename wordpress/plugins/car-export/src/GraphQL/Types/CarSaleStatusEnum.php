<?php
declare(strict_types=1);

namespace CarExport\GraphQL\Types;

use CarExport\Cars\SaleStatus;
use CarExport\GraphQL\TypeRegistry;
use GraphQL\Type\Definition\EnumType;

/**
 * A car's sale status; the enum's internal values are the stored meta values.
 */
final class CarSaleStatusEnum {

	public static function create( TypeRegistry $types ): EnumType {
		unset( $types );
		return new EnumType(
			array(
				'name'   => 'CarSaleStatus',
				'values' => array(
					'AVAILABLE' => array(
						'value'       => SaleStatus::AVAILABLE,
						'description' => 'For sale.',
					),
					'RESERVED'  => array(
						'value'       => SaleStatus::RESERVED,
						'description' => 'A buyer holds it; it may come back on sale.',
					),
					'SOLD'      => array(
						'value'       => SaleStatus::SOLD,
						'description' => 'No longer for sale; its page stays.',
					),
				),
			)
		);
	}
}
