<?php
declare(strict_types=1);

namespace CarExport\Messages;

/**
 * Drops bot submissions without a captcha. Two signals from the site's forms: a honeypot field
 * ("website") that is hidden from people, so any value in it was typed by a bot, and the time spent
 * filling the form, since nobody types a name, e-mail and message in under three seconds.
 * A client that sends neither field (an API client) is not checked.
 */
final class SpamGuard {

	public const HONEYPOT_FIELD = 'website';
	public const FILL_FIELD     = 'fillMs';
	public const MIN_FILL_MS    = 3000;

	/** Counters staff see on the Messages screen, one per lead type. */
	public const COUNTER_OPTION = 'car_export_spam_dropped';

	public static function is_spam( mixed $honeypot, mixed $fill_ms ): bool {
		if ( is_scalar( $honeypot ) && '' !== trim( (string) $honeypot ) ) {
			return true;
		}
		return is_int( $fill_ms ) && $fill_ms < self::MIN_FILL_MS;
	}

	public static function count_dropped( string $type ): void {
		$counts          = self::dropped();
		$counts[ $type ] = ( $counts[ $type ] ?? 0 ) + 1;
		update_option( self::COUNTER_OPTION, $counts, false );
	}

	/**
	 * @return array<string, int> lead type => submissions dropped so far
	 */
	public static function dropped(): array {
		$stored = get_option( self::COUNTER_OPTION, array() );
		$counts = array();
		if ( is_array( $stored ) ) {
			foreach ( $stored as $type => $count ) {
				if ( is_string( $type ) && is_numeric( $count ) ) {
					$counts[ $type ] = max( 0, (int) $count );
				}
			}
		}
		return $counts;
	}
}
