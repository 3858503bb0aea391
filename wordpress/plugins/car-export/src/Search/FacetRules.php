<?php
declare(strict_types=1);

namespace CarExport\Search;

/**
 * The counting rules of the filter panel, free of storage so they are tested on their own.
 *
 * A marketplace panel counts "disjunctively": an option's count is how many cars match the
 * current search with that filter's own choice replaced by the option. A buyer who picked SUV
 * still sees how many sedans there are, while every other choice (brand, price, keyword, sold)
 * narrows the count as it narrows the results.
 *
 * @phpstan-import-type Filter from CarQuery
 * @phpstan-type FacetOption array{value: string, count: int}
 * @phpstan-type FacetCountsResult array{total: int, options: array<string, list<FacetOption>>, priceRange: array{min: int, max: int}}
 */
final class FacetRules {

	/** Facet name => [filter key, lookup column]. */
	public const FACETS = array(
		'brands'        => array( 'brand', 'brand' ),
		'models'        => array( 'model', 'model' ),
		'bodyTypes'     => array( 'bodyType', 'body_type' ),
		'fuelTypes'     => array( 'fuelType', 'fuel_type' ),
		'transmissions' => array( 'transmission', 'transmission' ),
		'driveTypes'    => array( 'drive', 'drive_type' ),
		'years'         => array( 'year', 'year' ),
	);

	/** The price "facet": both bounds are its own choice. */
	public const PRICE = 'priceRange';

	/**
	 * The filter an option count of $facet is taken over: $filter without that facet's own choice.
	 *
	 * @param Filter $filter
	 * @return Filter
	 */
	public static function without( array $filter, string $facet ): array {
		if ( self::PRICE === $facet ) {
			unset( $filter['minPrice'], $filter['maxPrice'] );
			return $filter;
		}
		if ( isset( self::FACETS[ $facet ] ) ) {
			unset( $filter[ self::FACETS[ $facet ][0] ] );
		}
		return $filter;
	}

	/**
	 * Whether $filter narrows nothing but sold cars: its counts are the catalogue-wide ones.
	 *
	 * @param Filter $filter
	 */
	public static function is_unfiltered( array $filter ): bool {
		foreach ( $filter as $key => $value ) {
			if ( 'includeSold' === $key ) {
				continue;
			}
			if ( is_string( $value ) ? '' !== trim( $value ) : null !== $value ) {
				return false;
			}
		}
		return true;
	}

	/**
	 * Every value of the filter list with its count; a value no matching car has counts 0 (it stays
	 * listed, shown unavailable), and values compare case-insensitively as the search does.
	 *
	 * @param list<string|int>   $values the list in display order.
	 * @param array<string, int> $counts value => matching cars.
	 * @return list<FacetOption>
	 */
	public static function options( array $values, array $counts ): array {
		$by_key = array();
		foreach ( $counts as $value => $count ) {
			$key            = self::key( (string) $value );
			$by_key[ $key ] = ( $by_key[ $key ] ?? 0 ) + $count;
		}
		$options = array();
		foreach ( $values as $value ) {
			$options[] = array(
				'value' => (string) $value,
				'count' => $by_key[ self::key( (string) $value ) ] ?? 0,
			);
		}
		return $options;
	}

	/**
	 * A stable cache key part for a filter: key order and empty values do not matter.
	 *
	 * @param Filter $filter
	 */
	public static function fingerprint( array $filter ): string {
		$clean = array();
		foreach ( $filter as $key => $value ) {
			if ( is_string( $value ) ) {
				$value = self::key( trim( $value ) );
				if ( '' === $value ) {
					continue;
				}
			}
			if ( null !== $value && false !== $value ) {
				$clean[ $key ] = true === $value ? 1 : $value;
			}
		}
		ksort( $clean );
		return http_build_query( $clean );
	}

	private static function key( string $value ): string {
		return mb_strtolower( $value );
	}
}
