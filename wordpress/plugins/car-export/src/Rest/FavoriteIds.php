<?php
declare(strict_types=1);

namespace CarExport\Rest;

/**
 * The list of favourite car ids as kept in user meta: positive, unique, in the order they were
 * added, and bounded so one account cannot grow its meta without limit.
 */
final class FavoriteIds {

	public const MAX = 500;

	/**
	 * @param array<mixed> $ids
	 * @return list<int>
	 */
	public static function normalize( array $ids ): array {
		$clean = array();
		foreach ( $ids as $id ) {
			$id = is_int( $id ) || ( is_string( $id ) && ctype_digit( $id ) ) ? (int) $id : 0;
			if ( $id > 0 ) {
				$clean[ $id ] = $id;
			}
		}
		return array_slice( array_values( $clean ), 0, self::MAX );
	}

	/**
	 * @param list<int> $ids
	 */
	public static function is_full( array $ids, int $car_id ): bool {
		return ! in_array( $car_id, $ids, true ) && count( $ids ) >= self::MAX;
	}

	/**
	 * @param list<int> $ids
	 * @return list<int>
	 */
	public static function add( array $ids, int $car_id ): array {
		return self::normalize( array_merge( $ids, array( $car_id ) ) );
	}

	/**
	 * @param list<int> $ids
	 * @return list<int>
	 */
	public static function remove( array $ids, int $car_id ): array {
		return array_values( array_filter( $ids, static fn( int $id ): bool => $id !== $car_id ) );
	}
}
