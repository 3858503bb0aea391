<?php
declare(strict_types=1);

namespace CarExport\GraphQL;

/**
 * An object type declared by its fields: TypeRegistry names it, adds the default cost to every
 * field that has none (Cost::apply) and builds the fields only when a query first needs them.
 */
abstract class ObjectDefinition {

	/** The type's description in the schema; null for none. */
	public const DESCRIPTION = null;

	/**
	 * @return array<string, array<string, mixed>>
	 */
	abstract public static function fields( TypeRegistry $types ): array;
}
