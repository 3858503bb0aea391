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
		$tally        = FacetRules::is_unfiltered( $filter ) ? self::catalogue_tally( $include_sold ) : self::tally( $filter );

		$options = array();
		foreach ( array_keys( FacetRules::FACETS ) as $facet ) {
			$options[ $facet ] = FacetRules::options( $values[ $facet ], $tally['counts'][ $facet ] );
		}
		return array(
			'total'      => $tally['total'],
			'options'    => $options,
			'priceRange' => $tally['priceRange'],
		);
	}

	/**
	 * The counts of an unfiltered catalogue, from the counts kept on every save.
	 *
	 * @return array{total: int, counts: array<string, array<string, int>>, priceRange: array{min: int, max: int}}
	 */
	private static function catalogue_tally( bool $include_sold ): array {
		$filter = $include_sold ? array( 'includeSold' => true ) : array();
		return array(
			'total'      => CarQuery::count( $filter ),
			'counts'     => FacetCounts::read( $include_sold ),
			'priceRange' => self::price_range( $filter ),
		);
	}

	/**
	 * Every count of a filtered search in one read of the lookup table: the rows that miss at most one
	 * of the search's list and price choices (the keyword and the sold rule always apply), each with
	 * a flag per choice. A row meeting every choice counts in every list; a row missing one choice
	 * counts only in that choice's own list, which is the marketplace rule. When the keyword is the
	 * only other condition and one list is chosen, that list's counts are the kept catalogue ones and
	 * only the rows meeting the choice are read.
	 *
	 * @param Filter $filter
	 * @return array{total: int, counts: array<string, array<string, int>>, priceRange: array{min: int, max: int}}
	 */
	private static function tally( array $filter ): array {
		global $wpdb;
		// Each choice as [SQL with placeholders, its values]; a choice appears several times below.
		$choices = array();
		foreach ( FacetRules::FACETS as $facet => $facet_column ) {
			list( $key, $column ) = $facet_column;
			$value                = $filter[ $key ] ?? null;
			if ( is_string( $value ) ? '' !== trim( $value ) : null !== $value ) {
				$choices[ $facet ] = 'year' === $column ? array( "{$column} = %d", array( (int) $value ) ) : array( "{$column} = %s", array( trim( (string) $value ) ) );
			}
		}
		list( $bounds, $limits ) = CarQuery::price_bounds( $filter );
		if ( array() !== $bounds ) {
			$choices[ FacetRules::PRICE ] = array( implode( ' AND ', $bounds ), $limits );
		}

		$common = $filter;
		foreach ( array_keys( $choices ) as $facet ) {
			$common = FacetRules::without( $common, $facet );
		}
		// A car outside the price bounds counts in no list: the price has none, only the range of the
		// search without its bounds. That range is two seeks down the price index, so without a keyword
		// (whose rows a price walk would have to read) the bounds become a plain condition and only
		// the cars inside them are grouped, a fraction of the catalogue for a typical price range.
		$price_condition = null;
		if ( isset( $choices[ FacetRules::PRICE ] ) && ! CarQuery::has_keyword( $common ) ) {
			$price_condition = $choices[ FacetRules::PRICE ];
			unset( $choices[ FacetRules::PRICE ] );
		}
		$kept   = array();
		$need   = count( $choices ) - 1;
		$chosen = (string) array_key_first( $choices );
		if ( null === $price_condition && 1 === count( $choices ) && FacetRules::is_unfiltered( $common ) && FacetRules::PRICE !== $chosen ) {
			$kept = array( $chosen => FacetCounts::read( ! empty( $filter['includeSold'] ) )[ $chosen ] );
			$need = 1;
		}

		list( $where, $params ) = CarQuery::where( $common );
		if ( null !== $price_condition ) {
			$where .= ' AND (' . $price_condition[0] . ')';
			$params = array_merge( $params, $price_condition[1] );
		}
		$flags = array_values( $choices );
		$sum   = self::joined( $flags, ') + (', '0' );
		// Rows alike in every counted column and flag are counted as one group by MariaDB, so PHP reads
		// one row per combination of values, far fewer than the matching cars when many share their specs.
		$select  = array( 'COUNT(*) AS cars, MIN(price) AS low, MAX(price) AS high, brand, model, body_type, fuel_type, transmission, drive_type, year, (' . $sum[0] . ') AS matched', $sum[1] );
		$group   = 'brand, model, body_type, fuel_type, transmission, drive_type, year, matched';
		$missing = array();
		foreach ( array_keys( $choices ) as $i => $facet ) {
			$select[0] .= ', (' . $flags[ $i ][0] . ') AS m' . $i;
			$select[1]  = array_merge( $select[1], $flags[ $i ][1] );
			$group     .= ', m' . $i;
			$missing[]  = $facet;
		}
		if ( $need >= count( $flags ) ) {
			// Every choice must hold: plain conditions, which the indexes can seek on.
			$all    = self::joined( $flags, ') AND (', '1' );
			$where .= ' AND (' . $all[0] . ')';
			$params = array_merge( $params, $all[1] );
		} else {
			// A row may miss one choice; of any two choices it meets at least one.
			if ( count( $flags ) >= 2 ) {
				$either = self::joined( array_slice( $flags, 0, 2 ), ') OR (', '1' );
				$where .= ' AND ((' . $either[0] . '))';
				$params = array_merge( $params, $either[1] );
			}
			$where .= ' AND (' . $sum[0] . ') >= %d';
			$params = array_merge( $params, $sum[1], array( max( 0, $need ) ) );
		}
		// Every condition and counted column is in one index, the counting one or, with a keyword, the
		// search one: read that index alone.
		$index = CarQuery::count_index( $common );
		$index = '' === $index ? ' FORCE INDEX (status_facets)' : $index;
		$table = LookupTable::name();
		$rows  = $wpdb->get_results( $wpdb->prepare( "SELECT {$select[0]} FROM {$table}{$index} WHERE {$where} GROUP BY {$group}", array_merge( $select[1], $params ) ), ARRAY_A );
		CarQuery::assert_no_db_error();

		$counts  = array_merge( array_fill_keys( array_keys( FacetRules::FACETS ), array() ), $kept );
		$total   = 0;
		$low     = null;
		$high    = null;
		$columns = array_map( static fn ( array $f ): string => $f[1], FacetRules::FACETS );
		$wanted  = count( $choices );
		foreach ( is_array( $rows ) ? $rows : array() as $row ) {
			$all = $wanted === (int) $row['matched'];
			// The one choice a row misses, if any: it counts only for that choice's own list.
			$only = null;
			if ( ! $all ) {
				foreach ( $missing as $i => $facet ) {
					if ( '1' !== (string) $row[ 'm' . $i ] ) {
						$only = $facet;
					}
				}
			}
			$cars = (int) $row['cars'];
			if ( $all ) {
				$total += $cars;
			}
			foreach ( $columns as $facet => $column ) {
				$value = (string) $row[ $column ];
				if ( '' !== $value && ( $all || $only === $facet ) && ! isset( $kept[ $facet ] ) ) {
					$counts[ $facet ][ $value ] = ( $counts[ $facet ][ $value ] ?? 0 ) + $cars;
				}
			}
			if ( null !== $row['low'] && ( $all || FacetRules::PRICE === $only ) ) {
				$low  = null === $low ? (int) $row['low'] : min( $low, (int) $row['low'] );
				$high = null === $high ? (int) $row['high'] : max( $high, (int) $row['high'] );
			}
		}
		return array(
			'total'      => $total,
			'counts'     => $counts,
			'priceRange' => null !== $price_condition ? self::price_range( FacetRules::without( $filter, FacetRules::PRICE ) ) : array(
				'min' => $low ?? 0,
				'max' => $high ?? 0,
			),
		);
	}

	/**
	 * The conditions joined by $glue (as "(a) + (b)" once wrapped), with their values in order; $empty
	 * when there are none.
	 *
	 * @param list<array{0: string, 1: list<int|string>}> $parts
	 * @return array{0: string, 1: list<int|string>}
	 */
	private static function joined( array $parts, string $glue, string $empty ): array {
		if ( array() === $parts ) {
			return array( $empty, array() );
		}
		return array( implode( $glue, array_column( $parts, 0 ) ), array_merge( ...array_column( $parts, 1 ) ) );
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
