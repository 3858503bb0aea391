<?php
declare(strict_types=1);

namespace CarExport\GraphQL\Types;

use CarExport\GraphQL\EnumDefinition;
use CarExport\Search\CarQuery;

final class CarOrderByEnum extends EnumDefinition {

	public static function values(): array {
		return array(
			'DATE'  => self::value( CarQuery::ORDER_DATE, 'Publication date.' ),
			'PRICE' => self::value( CarQuery::ORDER_PRICE, 'Price; cars without a price come last in both directions.' ),
		);
	}
}
