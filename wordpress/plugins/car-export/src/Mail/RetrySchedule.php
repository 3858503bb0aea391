<?php
declare(strict_types=1);

namespace CarExport\Mail;

/**
 * When to try a staff notice again after it failed: soon at first (a mail server restarting), then
 * further apart, then give up and leave the lead marked as failed for staff to see. The lead itself
 * is stored either way; only the notice is retried.
 */
final class RetrySchedule {

	/** Seconds to wait after the 1st, 2nd and 3rd failed attempt. */
	public const DELAYS = array( 300, 1800, 7200 );

	/**
	 * @param int $failed_attempts Attempts made so far, all failed (the first send counts).
	 * @return int|null Seconds until the next attempt, or null when no attempt is left.
	 */
	public static function delay_after( int $failed_attempts ): ?int {
		if ( $failed_attempts < 1 ) {
			return 0;
		}
		return self::DELAYS[ $failed_attempts - 1 ] ?? null;
	}

	public static function max_attempts(): int {
		return count( self::DELAYS ) + 1;
	}
}
