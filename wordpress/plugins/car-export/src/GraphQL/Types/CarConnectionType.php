<?php
declare(strict_types=1);

namespace CarExport\GraphQL\Types;

use CarExport\GraphQL\Field;
use CarExport\GraphQL\ObjectDefinition;
use CarExport\GraphQL\TypeRegistry;

/**
 * One page of cars with the counts a pager needs.
 */
final class CarConnectionType extends ObjectDefinition {

	public static function fields( TypeRegistry $types ): array {
		return array(
			// The cars field already multiplies by perPage.
			'nodes'      => Field::object( $types->list_of( 'Car' ) ),
			'total'      => Field::int( 'Cars matching the filter, over all pages.' ),
			'page'       => Field::int(),
			'perPage'    => Field::int(),
			'totalPages' => Field::int( '0 when nothing matches.' ),
		);
	}
}
