<?php
declare(strict_types=1);

namespace CarExport\GraphQL;

/**
 * An enum type declared by its values; TypeRegistry names it.
 */
abstract class EnumDefinition {

	/**
	 * @return array<string, array<string, mixed>> GraphQL name => value config
	 */
	abstract public static function values(): array;

	/**
	 * @return array{value: string, description: string}
	 */
	protected static function value( string $value, string $description ): array {
		return array(
			'value'       => $value,
			'description' => $description,
		);
	}
}
