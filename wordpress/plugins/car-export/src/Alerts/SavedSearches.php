<?php
declare(strict_types=1);

namespace CarExport\Alerts;

use CarExport\GraphQL\Resolvers\CarResolver;
use CarExport\Search\CarQuery;
use GraphQL\Error\UserError;

/**
 * A buyer's saved searches, kept in their user meta: WordPress deletes a user's meta with the user,
 * so deleting an account deletes its saved searches and pending alerts with nothing else to hook.
 * The filters are stored as the catalogue search reads them (CarResolver::filter), never as typed.
 *
 * @phpstan-import-type Filter from CarQuery
 * @phpstan-type SavedSearch array{id: int, name: string, filter: Filter, created: int, paused: bool, notified: list<int>}
 */
final class SavedSearches {

	public const META_KEY = 'car_export_saved_searches';

	/** A buyer's limit: enough for every market they follow, small enough to match on every publish. */
	public const MAX = 20;

	public const NAME_MAX = \CarExport\Rest\FieldRules::SEARCH_NAME_MAX;

	/** Cars remembered per search as already mailed; older ones have long left "new". */
	private const NOTIFIED_MAX = 500;

	/**
	 * @return list<SavedSearch>
	 */
	public static function read( int $user_id ): array {
		$stored = get_user_meta( $user_id, self::META_KEY, true );
		$out    = array();
		foreach ( is_array( $stored ) ? $stored : array() as $row ) {
			$search = is_array( $row ) ? self::normalize( $row ) : null;
			if ( null !== $search ) {
				$out[] = $search;
			}
		}
		return $out;
	}

	/**
	 * @param list<SavedSearch> $searches
	 */
	public static function write( int $user_id, array $searches ): void {
		if ( array() === $searches ) {
			delete_user_meta( $user_id, self::META_KEY );
			return;
		}
		update_user_meta( $user_id, self::META_KEY, $searches );
	}

	/**
	 * @param list<SavedSearch> $searches
	 * @return SavedSearch|null
	 */
	public static function find( array $searches, int $id ): ?array {
		foreach ( $searches as $search ) {
			if ( $search['id'] === $id ) {
				return $search;
			}
		}
		return null;
	}

	/**
	 * @param list<SavedSearch> $searches
	 */
	public static function next_id( array $searches ): int {
		$max = 0;
		foreach ( $searches as $search ) {
			$max = max( $max, $search['id'] );
		}
		return $max + 1;
	}

	/**
	 * The filter as the catalogue search reads it, or the search's own sentence saying what is wrong.
	 *
	 * @param array<string, mixed> $input
	 * @return Filter|string
	 */
	public static function parse_filter( array $input ): array|string {
		try {
			return CarResolver::filter( $input );
		} catch ( UserError $e ) {
			return $e->getMessage();
		}
	}

	/**
	 * The user ids that have at least one saved search.
	 *
	 * @return list<int>
	 */
	public static function owners(): array {
		return array_map(
			'intval',
			get_users(
				array(
					'meta_key' => self::META_KEY, // phpcs:ignore WordPress.DB.SlowDBQuery -- one indexed key lookup.
					'fields'   => 'ID',
					'number'   => -1,
				)
			)
		);
	}

	/**
	 * Remembers $car_id as mailed for the search; false when it already was.
	 *
	 * @param SavedSearch $search
	 * @return SavedSearch|null the search with the car added, or null when it was already there.
	 */
	public static function mark_notified( array $search, int $car_id ): ?array {
		if ( in_array( $car_id, $search['notified'], true ) ) {
			return null;
		}
		$search['notified'] = array_slice( array_merge( $search['notified'], array( $car_id ) ), -self::NOTIFIED_MAX );
		return $search;
	}

	/**
	 * A stored row made safe: anything else someone may have put in the meta is dropped.
	 *
	 * @param array<mixed> $row
	 * @return SavedSearch|null
	 */
	private static function normalize( array $row ): ?array {
		$id     = isset( $row['id'] ) && is_numeric( $row['id'] ) ? (int) $row['id'] : 0;
		$filter = is_array( $row['filter'] ?? null ) ? self::parse_filter( $row['filter'] ) : null;
		if ( $id <= 0 || ! is_array( $filter ) ) {
			return null;
		}
		$notified = array();
		foreach ( is_array( $row['notified'] ?? null ) ? $row['notified'] : array() as $car ) {
			if ( is_numeric( $car ) && (int) $car > 0 ) {
				$notified[] = (int) $car;
			}
		}
		return array(
			'id'       => $id,
			'name'     => is_string( $row['name'] ?? null ) ? $row['name'] : '',
			'filter'   => $filter,
			'created'  => isset( $row['created'] ) && is_numeric( $row['created'] ) ? (int) $row['created'] : 0,
			'paused'   => ! empty( $row['paused'] ),
			'notified' => $notified,
		);
	}
}
