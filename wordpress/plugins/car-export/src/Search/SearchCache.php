<?php
declare(strict_types=1);

namespace CarExport\Search;

/**
 * Answers of the catalogue search kept in a small table, keyed by the question and tagged with the
 * searches they answer. A car's save drops only the answers it can be part of (changed()): a
 * search it matches before or after the save, the filter panels whose counts it is in, the
 * filter lists when it moves a value or a price. Every other answer stays warm. An answer is
 * otherwise reused for a day (the catalogue rarely changes within one).
 *
 * Each catalogue write also raises the catalogue version, and an answer is kept only if the
 * version is still the one its request started with: an answer computed from rows a save has
 * since changed is never stored after that save's purge.
 *
 * @phpstan-import-type Filter from CarQuery
 */
final class SearchCache {

	private const VERSION_OPTION = 'car_export_catalogue_version';

	/** Seconds an answer is kept when the catalogue does not change. */
	private const TTL = 86400;

	/** One write in this many also removes expired answers, so the table stays small. */
	private const PRUNE_EVERY = 200;

	/** Kinds of answer, each purged by its own rule (see changed()). */
	public const SEARCH = 'search';
	public const COUNTS = 'counts';
	public const VALUES = 'values';

	/** Kept answers removed per DELETE, so a purge never builds one huge statement. */
	private const DELETE_BATCH = 500;

	/** @var list<array{0: string, 1: array<string, mixed>}> What this request's answers were computed from. */
	private static array $request_tags = array();

	/** The catalogue version when this request first used the cache; null until then. */
	private static ?string $started_version = null;

	/** While true (a bulk import), per-car purges are skipped; the importer drops every answer once it commits. */
	private static bool $bulk = false;

	public static function name(): string {
		global $wpdb;
		return $wpdb->prefix . 'car_search_cache';
	}

	/** The catalogue changed in a way no rule follows (a rebuild, rows written around WordPress): drop every answer. */
	public static function bump(): void {
		global $wpdb;
		self::raise_version();
		$wpdb->query( "DELETE FROM {$wpdb->prefix}car_search_cache" );
	}

	/**
	 * Many cars are about to change in this request: matching each against every kept answer would
	 * cost more than refilling them, so the caller drops them all with bump() once its writes are in.
	 */
	public static function bulk(): void {
		self::$bulk = true;
	}

	/**
	 * One car's lookup row changed from $before to $after (null: no row): drops the kept answers it
	 * can be part of.
	 *
	 * @param array<string, mixed>|null $before
	 * @param array<string, mixed>|null $after
	 * @param bool                      $values_changed whether a filter value appeared in or left the catalogue.
	 */
	public static function changed( ?array $before, ?array $after, bool $values_changed ): void {
		global $wpdb;
		if ( self::$bulk ) {
			return;
		}
		self::raise_version();
		$counted = self::differs( $before, $after, array( 'status', 'sale_status', 'price', 'brand', 'model', 'body_type', 'fuel_type', 'transmission', 'drive_type', 'year' ) );
		// The filter lists move with a value, or with the catalogue's price range (this car at one of its ends).
		$lists = $values_changed || ( $counted && ( self::range_moved( $before, $after, false ) || self::range_moved( $before, $after, true ) ) );
		$rows  = $wpdb->get_results( "SELECT cache_key, tags FROM {$wpdb->prefix}car_search_cache", ARRAY_A );
		$stale = array();
		foreach ( is_array( $rows ) ? $rows : array() as $row ) {
			$tags = json_decode( (string) $row['tags'], true );
			if ( ! is_array( $tags ) || array() === $tags || self::touches( $tags, $before, $after, $counted, $lists ) ) {
				$stale[] = (string) $row['cache_key'];
			}
		}
		foreach ( array_chunk( $stale, self::DELETE_BATCH ) as $keys ) {
			$marks = implode( ', ', array_fill( 0, count( $keys ), '%s' ) );
			// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared, WordPress.DB.PreparedSQLPlaceholders.UnfinishedPrepare -- one %s per key.
			$wpdb->query( $wpdb->prepare( "DELETE FROM {$wpdb->prefix}car_search_cache WHERE cache_key IN ({$marks})", $keys ) );
		}
	}

	/**
	 * Whether any of an answer's tags can change with the row going from $before to $after.
	 *
	 * @param array<mixed>              $tags    [kind, filter] pairs.
	 * @param array<string, mixed>|null $before
	 * @param array<string, mixed>|null $after
	 * @param bool                      $counted whether a column the counts read changed.
	 * @param bool                      $lists   whether the filter lists changed (a value, the price range).
	 */
	public static function touches( array $tags, ?array $before, ?array $after, bool $counted, bool $lists ): bool {
		foreach ( $tags as $tag ) {
			if ( ! is_array( $tag ) || ! is_string( $tag[0] ?? null ) || ! is_array( $tag[1] ?? null ) ) {
				return true;
			}
			/** @var Filter $filter */
			$filter = $tag[1];
			$hit    = match ( $tag[0] ) {
				self::SEARCH => self::either_matches( $before, $after, $filter ),
				// Every panel lists every catalogue value; otherwise only cars its counts are taken over matter.
				self::COUNTS => $lists || ( $counted && ( ( null !== $before && FacetRules::row_counts_in( $before, $filter ) ) || ( null !== $after && FacetRules::row_counts_in( $after, $filter ) ) ) ),
				self::VALUES => $lists,
				default      => true,
			};
			if ( $hit ) {
				return true;
			}
		}
		return false;
	}

	/**
	 * The kept answer to $question, or what $compute returns (then kept, tagged with $kind and $filter).
	 *
	 * @template T of array
	 * @param callable(): T $compute
	 * @param Filter        $filter
	 * @return T
	 */
	public static function remember( string $question, callable $compute, string $kind, array $filter ): array {
		self::$request_tags[] = array( $kind, $filter );
		$cached               = self::get( $question );
		$answer               = null === $cached ? null : json_decode( $cached, true );
		if ( is_array( $answer ) ) {
			/** @var T $answer */
			return $answer;
		}
		$answer  = $compute();
		$payload = wp_json_encode( $answer );
		if ( is_string( $payload ) ) {
			self::put( $question, $payload, self::TTL, array( array( $kind, $filter ) ) );
		}
		return $answer;
	}

	/**
	 * The searches this request's answers came from, for an answer that holds several of them.
	 *
	 * @return list<array{0: string, 1: array<string, mixed>}>
	 */
	public static function request_tags(): array {
		return self::$request_tags;
	}

	/** The text kept for $question, or null. */
	public static function get( string $question ): ?string {
		global $wpdb;
		self::started_version();
		$payload = $wpdb->get_var( $wpdb->prepare( "SELECT payload FROM {$wpdb->prefix}car_search_cache WHERE cache_key = %s AND expires > %d", self::key( $question ), time() ) );
		return is_string( $payload ) ? $payload : null;
	}

	/**
	 * Keeps $payload as the answer to $question for $ttl seconds, tagged with the searches it
	 * answers (no tags: any change drops it), unless the catalogue changed since this request began.
	 *
	 * @param list<array{0: string, 1: array<string, mixed>}> $tags
	 */
	public static function put( string $question, string $payload, int $ttl, array $tags ): void {
		global $wpdb;
		$now     = time();
		$version = self::started_version();
		// One statement: the row goes in only while the version is the one this request read, so a
		// save that raised it (and purged) in between leaves nothing stale behind.
		$wpdb->query(
			$wpdb->prepare(
				"REPLACE INTO {$wpdb->prefix}car_search_cache (cache_key, payload, expires, tags)
				SELECT %s, %s, %d, %s FROM DUAL WHERE COALESCE((SELECT option_value FROM {$wpdb->options} WHERE option_name = %s), '0') = %s",
				self::key( $question ),
				$payload,
				$now + $ttl,
				(string) wp_json_encode( $tags ),
				self::VERSION_OPTION,
				$version
			)
		);
		if ( 0 === wp_rand( 0, self::PRUNE_EVERY - 1 ) ) {
			$wpdb->query( $wpdb->prepare( "DELETE FROM {$wpdb->prefix}car_search_cache WHERE expires <= %d", $now ) );
		}
	}

	private static function key( string $question ): string {
		return sha1( $question );
	}

	/** The version this request started with, read from the table itself (not an option cache). */
	private static function started_version(): string {
		if ( null === self::$started_version ) {
			global $wpdb;
			$value                 = $wpdb->get_var( $wpdb->prepare( "SELECT option_value FROM {$wpdb->options} WHERE option_name = %s", self::VERSION_OPTION ) );
			self::$started_version = is_string( $value ) ? $value : '0';
		}
		return self::$started_version;
	}

	private static function raise_version(): void {
		global $wpdb;
		// In SQL, so saves running at once each raise it; no answer of this request is kept after it.
		$wpdb->query( $wpdb->prepare( "INSERT INTO {$wpdb->options} (option_name, option_value, autoload) VALUES (%s, '1', 'off') ON DUPLICATE KEY UPDATE option_value = option_value + 1", self::VERSION_OPTION ) );
		self::$started_version = '-1';
	}

	/**
	 * Whether the lowest or highest price of published cars (sold ones too with $include_sold) may
	 * have moved: the car's old price was not strictly inside the range as it now is, or its new
	 * price is one of its ends.
	 *
	 * @param array<string, mixed>|null $before
	 * @param array<string, mixed>|null $after
	 */
	private static function range_moved( ?array $before, ?array $after, bool $include_sold ): bool {
		$filter = $include_sold ? array( 'includeSold' => true ) : array();
		$old    = null !== $before && FacetRules::row_matches( $before, $filter ) && isset( $before['price'] ) ? (int) $before['price'] : null;
		$new    = null !== $after && FacetRules::row_matches( $after, $filter ) && isset( $after['price'] ) ? (int) $after['price'] : null;
		if ( null === $old && null === $new ) {
			return false;
		}
		global $wpdb;
		list( $where, $params ) = CarQuery::where( $filter );
		// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared, WordPress.DB.PreparedSQLPlaceholders.UnfinishedPrepare -- table name and placeholders (in $where) are ours.
		$ends = $wpdb->get_row( $wpdb->prepare( "SELECT MIN(price) AS low, MAX(price) AS high FROM {$wpdb->prefix}car_lookup WHERE {$where}", $params ), ARRAY_A );
		if ( ! is_array( $ends ) || null === $ends['low'] ) {
			return true;
		}
		$low  = (int) $ends['low'];
		$high = (int) $ends['high'];
		return ( null !== $old && ( $old <= $low || $old >= $high ) ) || ( null !== $new && ( $new <= $low || $new >= $high ) );
	}

	/**
	 * @param array<string, mixed>|null $before
	 * @param array<string, mixed>|null $after
	 * @param Filter                    $filter
	 */
	private static function either_matches( ?array $before, ?array $after, array $filter ): bool {
		return ( null !== $before && FacetRules::row_matches( $before, $filter ) ) || ( null !== $after && FacetRules::row_matches( $after, $filter ) );
	}

	/**
	 * @param array<string, mixed>|null $before
	 * @param array<string, mixed>|null $after
	 * @param list<string>              $columns
	 */
	private static function differs( ?array $before, ?array $after, array $columns ): bool {
		if ( null === $before || null === $after ) {
			return $before !== $after;
		}
		foreach ( $columns as $column ) {
			if ( (string) ( $before[ $column ] ?? '' ) !== (string) ( $after[ $column ] ?? '' ) ) {
				return true;
			}
		}
		return false;
	}
}
