<?php
declare(strict_types=1);

namespace CarExport\Search;

use CarExport\Cars\SaleStatus;

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

	/**
	 * Whether a lookup row is among the cars $filter finds, by the rules CarQuery's SQL applies:
	 * published, not sold unless asked, each list choice equal (case folded), year equal, a price
	 * within both bounds, every keyword term inside the row's search text. Text beyond ASCII is
	 * compared by the database's collation, which folds accents too: here such a comparison
	 * counts as a match, so a purge may drop an answer it could have kept but never keeps one the
	 * car is in.
	 *
	 * @param array<string, mixed> $row    lookup columns: status, sale_status, the facet columns, price, search_text.
	 * @param Filter               $filter
	 */
	public static function row_matches( array $row, array $filter ): bool {
		if ( 'publish' !== ( $row['status'] ?? '' ) || ( empty( $filter['includeSold'] ) && SaleStatus::SOLD === ( $row['sale_status'] ?? '' ) ) ) {
			return false;
		}
		foreach ( self::FACETS as $facet_column ) {
			list( $key, $column ) = $facet_column;
			$wanted               = isset( $filter[ $key ] ) ? trim( (string) $filter[ $key ] ) : '';
			if ( '' !== $wanted && ! self::same_text( $wanted, trim( (string) ( $row[ $column ] ?? '' ) ), false ) ) {
				return false;
			}
		}
		$price = isset( $row['price'] ) ? (int) $row['price'] : null;
		if ( ( isset( $filter['minPrice'] ) || isset( $filter['maxPrice'] ) ) && null === $price ) {
			return false;
		}
		if ( ( isset( $filter['minPrice'] ) && $price < (int) $filter['minPrice'] ) || ( isset( $filter['maxPrice'] ) && $price > (int) $filter['maxPrice'] ) ) {
			return false;
		}
		$text = (string) ( $row['search_text'] ?? '' );
		foreach ( CarQuery::terms( (string) ( $filter['search'] ?? '' ) ) as $term ) {
			if ( ! self::same_text( $term, $text, true ) ) {
				return false;
			}
		}
		return true;
	}

	/**
	 * Whether $wanted equals $value (or is inside it, for a keyword), case folded; true whenever
	 * either is beyond ASCII (see row_matches()).
	 */
	private static function same_text( string $wanted, string $value, bool $inside ): bool {
		if ( 1 === preg_match( '/[^\x00-\x7f]/', $wanted . $value ) ) {
			return true;
		}
		$wanted = strtolower( $wanted );
		$value  = strtolower( $value );
		return $inside ? str_contains( $value, $wanted ) : $wanted === $value;
	}

	/**
	 * Whether a lookup row counts anywhere in $filter's panel: it meets every choice, or misses
	 * exactly one list or price choice (then it counts in that list, or in the price range).
	 *
	 * @param array<string, mixed> $row see row_matches().
	 * @param Filter               $filter
	 */
	public static function row_counts_in( array $row, array $filter ): bool {
		$rest = self::without( $filter, self::PRICE );
		foreach ( array_keys( self::FACETS ) as $facet ) {
			$rest = self::without( $rest, $facet );
		}
		if ( ! self::row_matches( $row, $rest ) ) {
			return false;
		}
		$missed = 0;
		foreach ( array_merge( array_keys( self::FACETS ), array( self::PRICE ) ) as $facet ) {
			// The row against this one choice alone (the rest, already met, stays in).
			$own = array_diff_key( $filter, self::without( $filter, $facet ) );
			if ( array() !== $own && ! self::row_matches( $row, $rest + $own ) ) {
				++$missed;
			}
		}
		return $missed <= 1;
	}

	private static function key( string $value ): string {
		return mb_strtolower( $value );
	}
}
