<?php
declare(strict_types=1);

namespace CarExport\GraphQL;

/**
 * One page of a list with the counts a pager needs. A connection names the type of its items, and
 * may describe its total and totalPages.
 */
abstract class ConnectionDefinition extends ObjectDefinition {

	/** The type of the page's items. */
	public const NODE = '';

	/** @var string|null */
	public const TOTAL = null;

	/** @var string|null */
	public const TOTAL_PAGES = null;

	public static function fields( TypeRegistry $types ): array {
		return array(
			// The field that returns the connection already multiplies by perPage.
			'nodes'      => Field::object( $types->list_of( static::NODE ) ),
			'total'      => Field::int( static::TOTAL ),
			'page'       => Field::int(),
			'perPage'    => Field::int(),
			'totalPages' => Field::int( static::TOTAL_PAGES ),
		);
	}
}
