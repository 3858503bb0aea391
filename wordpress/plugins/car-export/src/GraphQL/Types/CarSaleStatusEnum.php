<?php
declare(strict_types=1);

namespace CarExport\GraphQL\Types;

use CarExport\Cars\SaleStatus;
use CarExport\GraphQL\EnumDefinition;

/**
 * A car's sale status; the enum's internal values are the stored meta values.
 */
final class CarSaleStatusEnum extends EnumDefinition {

	public static function values(): array {
		return array(
			'AVAILABLE' => self::value( SaleStatus::AVAILABLE, 'For sale.' ),
			'RESERVED'  => self::value( SaleStatus::RESERVED, 'A buyer holds it; it may come back on sale.' ),
			'SOLD'      => self::value( SaleStatus::SOLD, 'No longer for sale; its page stays.' ),
		);
	}
}
