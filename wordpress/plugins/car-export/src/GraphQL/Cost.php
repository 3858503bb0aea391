<?php
declare(strict_types=1);

namespace CarExport\GraphQL;

use GraphQL\Type\Definition\LeafType;
use GraphQL\Type\Definition\Type;

/**
 * Query cost for the QueryComplexity rule. Objects cost 1 each and scalars nothing (the data of a
 * loaded object is already in memory); root fields that query the database cost more, and list
 * fields multiply their items' cost by the number of items they may return.
 */
final class Cost {

	/** Assumed number of items of a list with no size argument (gallery images, image sizes). */
	public const UNSIZED_LIST_ITEMS = 6;

	/**
	 * Adds the default cost to each field config that has none.
	 *
	 * @param array<string, array<string, mixed>> $fields
	 * @return array<string, array<string, mixed>>
	 */
	public static function apply( array $fields ): array {
		foreach ( $fields as $name => $field ) {
			if ( isset( $field['complexity'] ) || ! ( $field['type'] ?? null ) instanceof Type ) {
				continue;
			}
			$type = $field['type'];
			if ( Type::getNamedType( $type ) instanceof LeafType ) {
				$fields[ $name ]['complexity'] = static fn (): int => 0;
			} elseif ( Type::getNullableType( $type ) instanceof \GraphQL\Type\Definition\ListOfType ) {
				$fields[ $name ]['complexity'] = self::unsized_list();
			}
		}
		return $fields;
	}

	/**
	 * A field that runs its own queries: base cost plus its selection.
	 */
	public static function object( int $base ): \Closure {
		return static fn ( int $children ): int => $base + $children;
	}

	/**
	 * A list sized by an argument: each of up to $max items costs the selection.
	 */
	public static function sized_list( int $base, string $argument, int $max ): \Closure {
		return static function ( int $children, array $args ) use ( $base, $argument, $max ): int {
			// Clamp so an out-of-range size reports its own clear error instead of a cost error.
			$items = min( $max, max( 1, (int) ( $args[ $argument ] ?? 1 ) ) );
			return $base + $children * $items;
		};
	}

	/**
	 * A list of one item per id given: each of up to $max items costs the selection.
	 */
	public static function id_list( int $base, string $argument, int $max ): \Closure {
		return static function ( int $children, array $args ) use ( $base, $argument, $max ): int {
			$ids   = $args[ $argument ] ?? array();
			$items = min( $max, max( 1, is_array( $ids ) ? count( $ids ) : 1 ) );
			return $base + $children * $items;
		};
	}

	public static function unsized_list(): \Closure {
		return static fn ( int $children ): int => 1 + $children * self::UNSIZED_LIST_ITEMS;
	}
}
