<?php
declare(strict_types=1);

namespace CarExport\GraphQL\Types;

use CarExport\GraphQL\Field;
use CarExport\GraphQL\ObjectDefinition;
use CarExport\GraphQL\TypeRegistry;

/**
 * One page of news posts with the counts a pager needs.
 */
final class NewsConnectionType extends ObjectDefinition {

	public static function fields( TypeRegistry $types ): array {
		return array(
			// The newsPosts field already multiplies by perPage.
			'nodes'      => Field::object( $types->list_of( 'NewsPost' ) ),
			'total'      => Field::int(),
			'page'       => Field::int(),
			'perPage'    => Field::int(),
			'totalPages' => Field::int(),
		);
	}
}
