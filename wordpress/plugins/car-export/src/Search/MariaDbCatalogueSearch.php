<?php
declare(strict_types=1);

namespace CarExport\Search;

/**
 * The catalogue search answered by MariaDB: the lookup table for results and filtered counts,
 * the facet counts table for the filter lists and the counts of an unfiltered catalogue.
 *
 * @phpstan-import-type Filter from CarQuery
 * @phpstan-import-type Facets from CarQuery
 * @phpstan-import-type FacetCountsResult from FacetRules
 */
final class MariaDbCatalogueSearch implements CatalogueSearch {

	public function search( array $filter, string $order_by, string $order, int $page, int $per_page ): array {
		return ( new CarQuery( $filter, $order_by, $order, $page, $per_page ) )->run();
	}

	public function filter_values( bool $include_sold ): array {
		$counts = FacetCounts::read( $include_sold );
		$lists  = array();
		foreach ( $counts as $facet => $values ) {
			$values = array_map( 'strval', array_keys( $values ) );
			usort( $values, 'strnatcasecmp' );
			$lists[ $facet ] = $values;
		}
		$years = array_map( 'intval', $lists['years'] );
		rsort( $years, SORT_NUMERIC );
		$filter = $include_sold ? array( 'includeSold' => true ) : array();

		return array(
			'brands'        => $lists['brands'],
			'models'        => $lists['models'],
			'bodyTypes'     => $lists['bodyTypes'],
			'fuelTypes'     => $lists['fuelTypes'],
			'transmissions' => $lists['transmissions'],
			'driveTypes'    => $lists['driveTypes'],
			'years'         => $years,
			'priceRange'    => self::price_range( $filter ),
		);
	}

	public function facet_counts( array $filter ): array {
		$include_sold = ! empty( $filter['includeSold'] );
		$values       = $this->filter_values( $include_sold );
		$catalogue    = null;
		$grouped      = array();
		$parts        = array();
		$params       = array();
		$table        = LookupTable::name();
		foreach ( FacetRules::FACETS as $facet => $facet_column ) {
			$others = FacetRules::without( $filter, $facet );
			if ( FacetRules::is_unfiltered( $others ) ) {
				// Nothing else chosen: the counts kept on every save are the answer.
				$catalogue         = $catalogue ?? FacetCounts::read( $include_sold );
				$grouped[ $facet ] = $catalogue[ $facet ];
				continue;
			}
			$grouped[ $facet ]     = array();
			$column                = $facet_column[1];
			list( $where, $bound ) = CarQuery::where( $others );
			$parts[]               = "(SELECT %s AS facet, {$column} AS value, COUNT(*) AS cars FROM {$table} WHERE {$where} GROUP BY {$column})";
			$params                = array_merge( $params, array( $facet ), $bound );
		}
		if ( array() !== $parts ) {
			global $wpdb;
			// One round trip for every filtered facet; each part reads only the cars its filter matches.
			$rows = $wpdb->get_results( $wpdb->prepare( implode( ' UNION ALL ', $parts ), $params ) );
			CarQuery::assert_no_db_error();
			foreach ( is_array( $rows ) ? $rows : array() as $row ) {
				if ( is_object( $row ) && null !== $row->value && '' !== (string) $row->value ) {
					$grouped[ (string) $row->facet ][ (string) $row->value ] = (int) $row->cars;
				}
			}
		}

		$options = array();
		foreach ( array_keys( FacetRules::FACETS ) as $facet ) {
			$options[ $facet ] = FacetRules::options( $values[ $facet ], $grouped[ $facet ] );
		}
		return array(
			'total'      => CarQuery::count( $filter ),
			'options'    => $options,
			'priceRange' => self::price_range( FacetRules::without( $filter, FacetRules::PRICE ) ),
		);
	}

	/**
	 * The lowest and highest known price among the cars $filter matches; 0 and 0 when none has one.
	 * Each end is the first row of the price index read from that end, not a scan of every price.
	 *
	 * @param Filter $filter
	 * @return array{min: int, max: int}
	 */
	private static function price_range( array $filter ): array {
		global $wpdb;
		$table                  = LookupTable::name();
		list( $where, $params ) = CarQuery::where( $filter );
		$sql                    = "(SELECT price FROM {$table} WHERE {$where} AND price IS NOT NULL ORDER BY price ASC LIMIT 1) UNION ALL (SELECT price FROM {$table} WHERE {$where} AND price IS NOT NULL ORDER BY price DESC LIMIT 1)";
		$ends                   = $wpdb->get_col( $wpdb->prepare( $sql, array_merge( $params, $params ) ) );
		CarQuery::assert_no_db_error();
		return array(
			'min' => (int) ( $ends[0] ?? 0 ),
			'max' => (int) ( $ends[1] ?? 0 ),
		);
	}
}
