<?php
declare(strict_types=1);

namespace CarExport\Search;

/**
 * Any catalogue search, its answers kept in SearchCache (each tagged with its search) until a
 * change it can see: a repeated search (the explore page as it opens, a popular filter) costs one
 * primary-key read, and a staff save leaves the searches it does not touch warm.
 */
final class CachedCatalogueSearch implements CatalogueSearch {

	private CatalogueSearch $engine;

	public function __construct( CatalogueSearch $engine ) {
		$this->engine = $engine;
	}

	public function search( array $filter, string $order_by, string $order, int $page, int $per_page ): array {
		$question = implode( "\0", array( 'search', FacetRules::fingerprint( $filter ), $order_by, strtoupper( $order ), $page, $per_page ) );
		return SearchCache::remember( $question, fn (): array => $this->engine->search( $filter, $order_by, $order, $page, $per_page ), SearchCache::SEARCH, $filter );
	}

	public function filter_values( bool $include_sold ): array {
		return SearchCache::remember( 'values' . ( $include_sold ? "\0sold" : '' ), fn (): array => $this->engine->filter_values( $include_sold ), SearchCache::VALUES, $include_sold ? array( 'includeSold' => true ) : array() );
	}

	public function facet_counts( array $filter ): array {
		return SearchCache::remember( "counts\0" . FacetRules::fingerprint( $filter ), fn (): array => $this->engine->facet_counts( $filter ), SearchCache::COUNTS, $filter );
	}
}
