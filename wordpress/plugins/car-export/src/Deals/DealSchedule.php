<?php
declare(strict_types=1);

namespace CarExport\Deals;

use CarExport\Service;

/**
 * The deal module's hooks: the WP-Cron event that closes quotes and holds whose time has passed
 * (freeing the car) and reminds buyers a day before their hold ends, and the mail of each step.
 */
final class DealSchedule implements Service {

	public const HOOK = 'car_export_deals_expire_due';

	private const INTERVAL = 'car_export_five_minutes';

	/** A buyer is reminded this long before the hold ends. */
	public const REMIND_BEFORE = 86400;

	public function register(): void {
		// phpcs:ignore WordPress.WP.CronInterval.CronSchedulesInterval -- a hold must end close to its time, not up to an hour late.
		add_filter( 'cron_schedules', array( self::class, 'add_interval' ) );
		add_action( self::HOOK, array( self::class, 'run' ) );
		add_action( 'init', array( self::class, 'schedule' ) );
		DealMail::register();
	}

	/**
	 * @param array<string, array{interval: int, display: string}> $schedules
	 * @return array<string, array{interval: int, display: string}>
	 */
	public static function add_interval( mixed $schedules ): array {
		$schedules                   = is_array( $schedules ) ? $schedules : array();
		$schedules[ self::INTERVAL ] = array(
			'interval' => 300,
			'display'  => __( 'Every five minutes', 'car-export' ),
		);
		return $schedules;
	}

	public static function schedule(): void {
		if ( false === wp_next_scheduled( self::HOOK ) ) {
			wp_schedule_event( time() + 60, self::INTERVAL, self::HOOK );
		}
	}

	public static function unschedule(): void {
		wp_clear_scheduled_hook( self::HOOK );
	}

	/** @return array{expired: int, reminded: int} */
	public static function run(): array {
		$expired  = ( new DealService() )->expire_due();
		$reminded = 0;
		foreach ( DealStore::due_for_reminder( time(), self::REMIND_BEFORE ) as $deal_id ) {
			$deal = DealStore::find( $deal_id );
			// Marked first, by one conditional update: two cron runs at once remind only once.
			if ( null === $deal || ! DealStore::mark_reminded( $deal_id ) ) {
				continue;
			}
			/* translators: 1: amount due, 2: date and time the hold ends. */
			$note  = sprintf( __( 'Your reservation ends on %2$s. Please pay %1$s and send the proof of payment before then, or the car becomes available to other buyers.', 'car-export' ), DealStateMachine::usd( DealStateMachine::amount_due( $deal ) ), wp_date( 'j F Y H:i T', (int) $deal['hold_until'] ) );
			$event = DealStore::add_event( $deal_id, 0, DealService::SYSTEM, 'reminder', $deal['state'], $deal['state'], __( 'Buyer reminded that the hold ends within a day.', 'car-export' ), $note );
			if ( $event > 0 ) {
				do_action( DealService::STEP_DONE, $event ); // phpcs:ignore WordPress.NamingConventions.PrefixAllGlobals.DynamicHooknameFound -- a car_export_ name.
				++$reminded;
			}
		}
		return array(
			'expired'  => $expired,
			'reminded' => $reminded,
		);
	}
}
