<?php
declare(strict_types=1);

namespace CarExport\Search;

use CarExport\Cars\SaleStatus;

/**
 * How many published cars carry each filter value, split into sold and not sold, kept in step by
 * LookupSync on every write. The filter lists and the counts of an unfiltered catalogue (the
 * explore page as it first opens) are read from these few hundred rows instead of grouping the
 * whole lookup table, which costs the same at 100,000 cars as at 100.
 */
final class FacetCounts {

	/** The row counting every published car (its value is empty). */
	private const ALL = 'all';

	public static function name(): string {
		global $wpdb;
		return $wpdb->prefix . 'car_facet_counts';
	}

	/**
	 * Moves one car's contribution from its previous row to its new one (either may be null: a new
	 * or a removed car). Only published cars count.
	 *
	 * @param array<string, mixed>|null $before lookup row columns status, sale_status and the facet columns.
	 * @param array<string, mixed>|null $after  the same, as written.
	 * @return bool Whether a value came into or left a filter list (a count row was made or emptied).
	 */
	public static function apply( ?array $before, ?array $after ): bool {
		$deltas = array();
		foreach ( array(
			-1 => $before,
			1  => $after,
		) as $step => $row ) {
			foreach ( self::entries( $row ) as $entry ) {
				$deltas[ $entry ] = ( $deltas[ $entry ] ?? 0 ) + $step;
			}
		}
		$deltas = array_filter( $deltas );
		if ( array() === $deltas ) {
			return false;
		}
		global $wpdb;
		$moved = false;
		foreach ( $deltas as $entry => $delta ) {
			list( $facet, $sold, $value ) = explode( "\0", (string) $entry, 3 );
			// The sum is done by MariaDB, so saves running at once each add their own step. One affected
			// row means a new row (an update of an existing one reports two).
			$made  = $wpdb->query( $wpdb->prepare( "INSERT INTO {$wpdb->prefix}car_facet_counts (facet, value, sold, cars) VALUES (%s, %s, %d, %d) ON DUPLICATE KEY UPDATE cars = cars + VALUES(cars)", $facet, $value, (int) $sold, $delta ) );
			$moved = $moved || 1 === $made;
		}
		$emptied = $wpdb->query( "DELETE FROM {$wpdb->prefix}car_facet_counts WHERE cars <= 0" );
		return $moved || ( is_int( $emptied ) && $emptied > 0 );
	}

	/**
	 * Recounts every value from the lookup table (after a rebuild, or rows written around LookupSync).
	 * Two recounts at once (a command and a request) both write the same counts: a row the other one
	 * wrote first is overwritten, never a duplicate-key error.
	 */
	public static function rebuild(): void {
		global $wpdb;
		$wpdb->query( "DELETE FROM {$wpdb->prefix}car_facet_counts" );
		// Fixed statuses only (SaleStatus::SOLD, published): nothing here comes from a request.
		$wpdb->query(
			"INSERT INTO {$wpdb->prefix}car_facet_counts (facet, value, sold, cars)
			SELECT 'brands', brand, sale_status = 'sold', COUNT(*) FROM {$wpdb->prefix}car_lookup WHERE status = 'publish' AND brand <> '' GROUP BY brand, sale_status = 'sold'
			UNION ALL SELECT 'models', model, sale_status = 'sold', COUNT(*) FROM {$wpdb->prefix}car_lookup WHERE status = 'publish' AND model <> '' GROUP BY model, sale_status = 'sold'
			UNION ALL SELECT 'bodyTypes', body_type, sale_status = 'sold', COUNT(*) FROM {$wpdb->prefix}car_lookup WHERE status = 'publish' AND body_type <> '' GROUP BY body_type, sale_status = 'sold'
			UNION ALL SELECT 'fuelTypes', fuel_type, sale_status = 'sold', COUNT(*) FROM {$wpdb->prefix}car_lookup WHERE status = 'publish' AND fuel_type <> '' GROUP BY fuel_type, sale_status = 'sold'
			UNION ALL SELECT 'transmissions', transmission, sale_status = 'sold', COUNT(*) FROM {$wpdb->prefix}car_lookup WHERE status = 'publish' AND transmission <> '' GROUP BY transmission, sale_status = 'sold'
			UNION ALL SELECT 'driveTypes', drive_type, sale_status = 'sold', COUNT(*) FROM {$wpdb->prefix}car_lookup WHERE status = 'publish' AND drive_type <> '' GROUP BY drive_type, sale_status = 'sold'
			UNION ALL SELECT 'years', year, sale_status = 'sold', COUNT(*) FROM {$wpdb->prefix}car_lookup WHERE status = 'publish' AND year IS NOT NULL GROUP BY year, sale_status = 'sold'
			UNION ALL SELECT 'all', '', sale_status = 'sold', COUNT(*) FROM {$wpdb->prefix}car_lookup WHERE status = 'publish' GROUP BY sale_status = 'sold'
			ON DUPLICATE KEY UPDATE cars = VALUES(cars)"
		);
	}

	/**
	 * Facet => value => published cars (sold ones only when asked), for values with any car.
	 *
	 * @return array<string, array<string, int>>
	 */
	public static function read( bool $include_sold ): array {
		global $wpdb;
		$rows   = $wpdb->get_results( $wpdb->prepare( "SELECT facet, value, SUM(cars) AS cars FROM {$wpdb->prefix}car_facet_counts WHERE sold <= %d GROUP BY facet, value", $include_sold ? 1 : 0 ) );
		$counts = array_fill_keys( array_keys( FacetRules::FACETS ), array() );
		foreach ( is_array( $rows ) ? $rows : array() as $row ) {
			if ( is_object( $row ) && isset( $counts[ (string) $row->facet ] ) && (int) $row->cars > 0 ) {
				$counts[ (string) $row->facet ][ (string) $row->value ] = (int) $row->cars;
			}
		}
		return $counts;
	}

	/**
	 * How many published cars $filter matches when it chooses at most one list value and nothing
	 * else (the explore page as it opens, a brand page); null for any other filter.
	 *
	 * @param array<string, mixed> $filter a CarQuery filter.
	 */
	public static function total( array $filter ): ?int {
		$include_sold = ! empty( $filter['includeSold'] );
		unset( $filter['includeSold'] );
		$chosen = array();
		foreach ( $filter as $key => $value ) {
			if ( is_string( $value ) ? '' !== trim( $value ) : null !== $value ) {
				$chosen[ $key ] = is_scalar( $value ) ? trim( (string) $value ) : '';
			}
		}
		$facet = self::ALL;
		$value = '';
		if ( 1 === count( $chosen ) ) {
			$facet = array_search( (string) array_key_first( $chosen ), array_map( static fn ( array $f ): string => $f[0], FacetRules::FACETS ), true );
			$value = (string) reset( $chosen );
		}
		if ( count( $chosen ) > 1 || false === $facet ) {
			return null;
		}
		global $wpdb;
		return (int) $wpdb->get_var( $wpdb->prepare( "SELECT COALESCE(SUM(cars), 0) FROM {$wpdb->prefix}car_facet_counts WHERE facet = %s AND value = %s AND sold <= %d", $facet, $value, $include_sold ? 1 : 0 ) );
	}

	/**
	 * "facet\0sold\0value" for each non-empty facet value of a published row.
	 *
	 * @param array<string, mixed>|null $row
	 * @return list<string>
	 */
	private static function entries( ?array $row ): array {
		if ( null === $row || 'publish' !== ( $row['status'] ?? '' ) ) {
			return array();
		}
		$sold    = SaleStatus::SOLD === ( $row['sale_status'] ?? '' ) ? '1' : '0';
		$entries = array( self::ALL . "\0" . $sold . "\0" );
		foreach ( FacetRules::FACETS as $facet => $facet_column ) {
			$value = $row[ $facet_column[1] ] ?? null;
			$value = null === $value ? '' : trim( (string) $value );
			if ( '' !== $value ) {
				// The table's collation folds case, so "suv" and "SUV" add up in one row, as in a search.
				$entries[] = $facet . "\0" . $sold . "\0" . $value;
			}
		}
		return $entries;
	}
}
