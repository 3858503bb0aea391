<?php
declare(strict_types=1);

namespace CarExport\Search;

/**
 * Answers of the catalogue search kept in a small table, keyed by the question and the catalogue
 * version. Every write to the lookup table bumps the version and empties the table, so a staff
 * edit, a status change or a deletion shows in the very next search; an answer is otherwise
 * reused for a day (the catalogue rarely changes within one).
 */
final class SearchCache {

	private const VERSION_OPTION = 'car_export_catalogue_version';

	/** Seconds an answer is kept when the catalogue does not change. */
	private const TTL = 86400;

	/** One write in this many also removes expired answers, so the table stays small. */
	private const PRUNE_EVERY = 200;

	public static function name(): string {
		global $wpdb;
		return $wpdb->prefix . 'car_search_cache';
	}

	/** The catalogue changed: every kept answer is out of date. */
	public static function bump(): void {
		global $wpdb;
		update_option( self::VERSION_OPTION, self::version() + 1, true );
		$wpdb->query( "DELETE FROM {$wpdb->prefix}car_search_cache" );
	}

	/**
	 * The kept answer to $question, or what $compute returns (then kept).
	 *
	 * @template T of array
	 * @param callable(): T $compute
	 * @return T
	 */
	public static function remember( string $question, callable $compute ): array {
		$cached = self::get( $question );
		$answer = null === $cached ? null : json_decode( $cached, true );
		if ( is_array( $answer ) ) {
			/** @var T $answer */
			return $answer;
		}
		$answer  = $compute();
		$payload = wp_json_encode( $answer );
		if ( is_string( $payload ) ) {
			self::put( $question, $payload, self::TTL );
		}
		return $answer;
	}

	/** The text kept for $question in this catalogue version, or null. */
	public static function get( string $question ): ?string {
		global $wpdb;
		$payload = $wpdb->get_var( $wpdb->prepare( "SELECT payload FROM {$wpdb->prefix}car_search_cache WHERE cache_key = %s AND expires > %d", self::key( $question ), time() ) );
		return is_string( $payload ) ? $payload : null;
	}

	/** Keeps $payload as the answer to $question in this catalogue version for $ttl seconds. */
	public static function put( string $question, string $payload, int $ttl ): void {
		global $wpdb;
		$now = time();
		$wpdb->replace(
			self::name(),
			array(
				'cache_key' => self::key( $question ),
				'payload'   => $payload,
				'expires'   => $now + $ttl,
			),
			array( '%s', '%s', '%d' )
		);
		if ( 0 === wp_rand( 0, self::PRUNE_EVERY - 1 ) ) {
			$wpdb->query( $wpdb->prepare( "DELETE FROM {$wpdb->prefix}car_search_cache WHERE expires <= %d", $now ) );
		}
	}

	private static function key( string $question ): string {
		return sha1( self::version() . "\0" . $question );
	}

	private static function version(): int {
		return (int) get_option( self::VERSION_OPTION, 0 );
	}
}
