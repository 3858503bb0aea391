<?php
declare(strict_types=1);

namespace CarExport\Search;

/**
 * The catalogue search engine the GraphQL resolvers ask: result pages, the filter lists and the
 * count of cars behind each filter option. MariaDB answers today (MariaDbCatalogueSearch, behind
 * a cache keyed by the catalogue version); a dedicated engine (OpenSearch, Meilisearch) would
 * implement the same three methods and be fed from LookupSync's writes.
 *
 * @phpstan-import-type Filter from CarQuery
 * @phpstan-import-type Facets from CarQuery
 * @phpstan-import-type FacetCountsResult from FacetRules
 */
interface CatalogueSearch {

	/**
	 * One page of matching car ids in order, and how many cars match.
	 *
	 * @param Filter $filter
	 * @return array{ids: list<int>, total: int}
	 */
	public function search( array $filter, string $order_by, string $order, int $page, int $per_page ): array;

	/**
	 * Every value each filter can take over published cars (sold ones too when asked).
	 *
	 * @return Facets
	 */
	public function filter_values( bool $include_sold ): array;

	/**
	 * For each filter, how many cars match $filter with that filter's own choice replaced by each
	 * value (the marketplace rule), the price range of cars matching all but the price bounds, and
	 * the number of cars matching $filter itself.
	 *
	 * @param Filter $filter
	 * @return FacetCountsResult
	 */
	public function facet_counts( array $filter ): array;
}
