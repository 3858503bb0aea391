<?php
declare(strict_types=1);

namespace CarExport\GraphQL\Types;

use CarExport\GraphQL\Field;
use CarExport\GraphQL\ObjectDefinition;
use CarExport\GraphQL\TypeRegistry;

/**
 * A destination port with the figures of the landed-price estimate.
 */
final class PortType extends ObjectDefinition {

	public static function fields( TypeRegistry $types ): array {
		return array(
			'id'               => Field::id(),
			'databaseId'       => Field::int(),
			'name'             => Field::string(),
			'country'          => Field::string(),
			'roroFreight'      => Field::int( 'Roll-on/roll-off freight per car, USD.' ),
			'containerFreight' => Field::int( 'Container freight per car, USD.' ),
			'insuranceRate'    => Field::float( 'Percent of FOB price plus freight.' ),
			'transitDays'      => Field::int( 'Typical sailing time in days.' ),
		);
	}
}
