<?php
declare(strict_types=1);

namespace CarExport\GraphQL\Resolvers;

use CarExport\Cars\CarRepository;
use CarExport\GraphQL\Arguments;
use CarExport\Search\CachedCatalogueSearch;
use CarExport\Search\CarQuery;
use CarExport\Search\CatalogueSearch;
use CarExport\Search\MariaDbCatalogueSearch;
use GraphQL\Error\UserError;

/**
 * Catalogue root fields: checks arguments, asks the catalogue search for ids, filter lists and
 * counts, and CarRepository for the cars.
 *
 * @phpstan-import-type Filter from CarQuery
 * @phpstan-import-type Facets from CarQuery
 * @phpstan-import-type FacetCountsResult from \CarExport\Search\FacetRules
 */
final class CarResolver {

	public const MAX_FEATURED = 24;
	public const MAX_SIMILAR  = 12;

	/** Enough for a comparison (4) and a recently-viewed list (8) with room to spare. */
	public const MAX_BY_IDS = 24;

	private const MAX_SEARCH_LENGTH = 200;
	private const MAX_TEXT_LENGTH   = 100;

	private CarRepository $repository;
	private CatalogueSearch $search;

	public function __construct( ?CarRepository $repository = null, ?CatalogueSearch $search = null ) {
		$this->repository = $repository ?? new CarRepository();
		$this->search     = $search ?? new CachedCatalogueSearch( new MariaDbCatalogueSearch() );
	}

	/**
	 * @param array<string, mixed> $args
	 * @return array{nodes: list<array<string, mixed>>, total: int, page: int, perPage: int, totalPages: int}
	 */
	public function cars( array $args ): array {
		$page     = Arguments::page( $args['page'] ?? null );
		$per_page = Arguments::int_between( $args['perPage'] ?? null, 'perPage', 1, CarQuery::MAX_PER_PAGE );
		$filter   = self::filter( is_array( $args['filter'] ?? null ) ? $args['filter'] : array() );

		$result = $this->search->search( $filter, (string) $args['orderBy'], (string) $args['order'], $page, $per_page );

		return array(
			'nodes'      => $this->repository->find_many( $result['ids'] ),
			'total'      => $result['total'],
			'page'       => $page,
			'perPage'    => $per_page,
			'totalPages' => (int) ceil( $result['total'] / $per_page ),
		);
	}

	/**
	 * @return array<string, mixed>|null
	 */
	public function car( mixed $id ): ?array {
		$id = is_scalar( $id ) ? trim( (string) $id ) : '';
		// Anything but a positive decimal id cannot be a car: null, as for an unknown one.
		if ( ! ctype_digit( $id ) || (int) $id <= 0 ) {
			return null;
		}
		return $this->repository->find( (int) $id );
	}

	/**
	 * Published cars in the order of $ids. An id that cannot be a car (not a positive decimal) is
	 * left out like an unknown one, so a visitor's stale or edited list still gets the cars that exist.
	 *
	 * @param mixed $ids
	 * @return list<array<string, mixed>>
	 */
	public function cars_by_ids( mixed $ids ): array {
		$ids = is_array( $ids ) ? $ids : array();
		if ( count( $ids ) > self::MAX_BY_IDS ) {
			throw new UserError( sprintf( 'ids must hold at most %d ids.', self::MAX_BY_IDS ) );
		}
		$valid = array();
		foreach ( $ids as $id ) {
			$id = is_scalar( $id ) ? trim( (string) $id ) : '';
			if ( ctype_digit( $id ) && (int) $id > 0 ) {
				$valid[] = (int) $id;
			}
		}
		return $this->repository->find_many( $valid );
	}

	/**
	 * @return list<array<string, mixed>>
	 */
	public function featured( mixed $limit ): array {
		$limit = Arguments::int_between( $limit, 'limit', 1, self::MAX_FEATURED );
		return $this->repository->find_many( CarQuery::featured( $limit ) );
	}

	/**
	 * The filter lists; with a filter, also each option's count for that search (see FacetRules).
	 * Sold cars are in both when either the argument or the filter asks for them.
	 *
	 * @param array<string, mixed>|null $filter_input the carFilters filter argument.
	 * @return array<string, mixed> the lists (Facets) and, under counts, a closure that returns FacetCountsResult.
	 */
	public function filters( bool $include_sold = false, ?array $filter_input = null ): array {
		$filter = self::filter( $filter_input ?? array() );
		if ( $include_sold ) {
			$filter['includeSold'] = true;
		}
		$values = $this->search->filter_values( ! empty( $filter['includeSold'] ) );
		// Counts are worked out only when a client selects a counting field, and then once.
		$counts           = null;
		$values['counts'] = function () use ( &$counts, $filter ): array {
			$counts = $counts ?? $this->search->facet_counts( $filter );
			return $counts;
		};
		return $values;
	}

	/**
	 * @param array<string, mixed> $car a car as CarRepository returns it.
	 * @return list<array<string, mixed>>
	 */
	public function similar( array $car, mixed $limit ): array {
		$limit = Arguments::int_between( $limit, 'limit', 1, self::MAX_SIMILAR );
		$price = is_int( $car['price'] ?? null ) ? $car['price'] : null;
		$ids   = CarQuery::similar( (int) $car['databaseId'], (string) ( $car['bodyType'] ?? '' ), $price, $limit );
		return $this->repository->find_many( $ids );
	}

	/**
	 * The catalogue's filter rules: the CarFilter input checked and reduced to what the search
	 * applies. Saved searches are read with the same rules, so an alert matches what the search lists.
	 *
	 * @param array<string, mixed> $input
	 * @return Filter
	 * @throws UserError A value the search refuses, with a sentence saying which and why.
	 */
	public static function filter( array $input ): array {
		$filter = array();
		$search = Arguments::optional_string( $input['search'] ?? null, 'search', self::MAX_SEARCH_LENGTH );
		if ( null !== $search ) {
			$filter['search'] = $search;
		}
		foreach ( array( 'bodyType', 'fuelType', 'transmission', 'brand', 'model', 'drive' ) as $key ) {
			$value = Arguments::optional_string( $input[ $key ] ?? null, $key, self::MAX_TEXT_LENGTH );
			if ( null !== $value ) {
				$filter[ $key ] = $value;
			}
		}
		if ( isset( $input['year'] ) ) {
			$filter['year'] = (int) $input['year'];
		}
		$min = Arguments::optional_non_negative( $input['minPrice'] ?? null, 'minPrice' );
		$max = Arguments::optional_non_negative( $input['maxPrice'] ?? null, 'maxPrice' );
		if ( null !== $min && null !== $max && $min > $max ) {
			throw new UserError( 'minPrice must not be greater than maxPrice.' );
		}
		if ( null !== $min ) {
			$filter['minPrice'] = $min;
		}
		if ( null !== $max ) {
			$filter['maxPrice'] = $max;
		}
		if ( true === ( $input['includeSold'] ?? null ) ) {
			$filter['includeSold'] = true;
		}
		return $filter;
	}
}
