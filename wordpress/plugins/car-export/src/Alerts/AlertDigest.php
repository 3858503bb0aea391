<?php
declare(strict_types=1);

namespace CarExport\Alerts;

use CarExport\Cars\CarFields;
use CarExport\Rest\FavoritesController;
use CarExport\Search\CarQuery;
use CarExport\Service;

/**
 * The alert run, on every cron run: each car marked by AlertQueue is matched against every active
 * saved search with the catalogue's own search (CarQuery::matches: a match means the search would
 * now list the car), and what matched waits in the buyer's pending list. A buyer whose last alert
 * is a day old or more (or who never had one) is then sent one digest of everything pending.
 * A car is recorded on the search as mailed when it is matched, so it is never mailed twice for it.
 *
 * @phpstan-type Pending array{matches: list<array{search: int, car: int}>, drops: list<array{car: int, from: int}>}
 */
final class AlertDigest implements Service {

	public const PENDING_META   = 'car_export_alert_pending';
	public const LAST_SENT_META = 'car_export_alert_last_sent';
	private const FAILED_META   = 'car_export_alert_failed_at';

	/** At most one alert a buyer per this many seconds. */
	public const INTERVAL = 86400;

	/** A refused mail is tried again after this long, not on every cron run. */
	private const RETRY_AFTER = 600;

	/** Cars matched per run, so one run stays short after a large import; the next run goes on. */
	private const CARS_PER_RUN = 50;

	public function register(): void {
		add_action( 'wp_loaded', array( $this, 'run_on_cron' ) );
	}

	public function run_on_cron(): void {
		if ( wp_doing_cron() ) {
			$this->run();
		}
	}

	/**
	 * One run; a run already going on elsewhere (a slow mail server) is left to finish alone.
	 *
	 * @return int Alert mails sent.
	 */
	public function run(): int {
		global $wpdb;
		$lock = substr( $wpdb->dbname . '.' . $wpdb->prefix . 'car_export_alerts', -64 );
		if ( '1' !== (string) $wpdb->get_var( $wpdb->prepare( 'SELECT GET_LOCK(%s, 0)', $lock ) ) ) {
			return 0;
		}
		try {
			foreach ( self::claim_queued() as $car_id => $mark ) {
				self::match_car( $car_id, AlertQueue::dropped_from( $mark ) );
			}
			return $this->send_due();
		} finally {
			$wpdb->query( $wpdb->prepare( 'SELECT RELEASE_LOCK(%s)', $lock ) );
		}
	}

	/**
	 * The marked cars, each taken off the queue by this run.
	 *
	 * @return array<int, string> car id => mark
	 */
	private static function claim_queued(): array {
		$ids     = get_posts(
			array(
				'post_type'        => CarFields::POST_TYPE,
				'post_status'      => 'any',
				'fields'           => 'ids',
				'posts_per_page'   => self::CARS_PER_RUN, // phpcs:ignore WordPress.WP.PostsPerPage -- fifty ids, no post bodies.
				'orderby'          => 'ID',
				'order'            => 'ASC',
				'no_found_rows'    => true,
				'suppress_filters' => true,
				'meta_key'         => AlertQueue::META_KEY, // phpcs:ignore WordPress.DB.SlowDBQuery -- only the few cars waiting have the key.
			)
		);
		$claimed = array();
		foreach ( $ids as $id ) {
			$id   = (int) $id;
			$mark = (string) get_post_meta( $id, AlertQueue::META_KEY, true );
			if ( delete_post_meta( $id, AlertQueue::META_KEY ) && 'publish' === get_post_status( $id ) ) {
				$claimed[ $id ] = $mark;
			}
		}
		return $claimed;
	}

	/**
	 * Adds the car to the pending list of every buyer with an active search that now lists it, and,
	 * for a reduced price, of every buyer with alerts on who keeps it as a favourite.
	 */
	private static function match_car( int $car_id, ?int $dropped_from ): void {
		foreach ( SavedSearches::owners() as $user_id ) {
			$searches = SavedSearches::read( $user_id );
			$active   = array_filter( $searches, static fn( array $search ): bool => ! $search['paused'] );
			if ( array() === $active ) {
				continue;
			}
			$pending = self::pending( $user_id );
			$changed = false;
			foreach ( $searches as $index => $search ) {
				if ( $search['paused'] || ! CarQuery::matches( $search['filter'], $car_id ) ) {
					continue;
				}
				$marked = SavedSearches::mark_notified( $search, $car_id );
				if ( null === $marked ) {
					continue;
				}
				$searches[ $index ]   = $marked;
				$pending['matches'][] = array(
					'search' => $search['id'],
					'car'    => $car_id,
				);
				$changed              = true;
			}
			if ( null !== $dropped_from && in_array( $car_id, FavoritesController::read( $user_id ), true ) ) {
				$pending['drops'] = array_values( array_filter( $pending['drops'], static fn( array $drop ): bool => $drop['car'] !== $car_id ) );
				// The first price of a run of reductions is the one the buyer saw.
				$pending['drops'][] = array(
					'car'  => $car_id,
					'from' => $dropped_from,
				);
				$changed            = true;
			}
			if ( $changed ) {
				SavedSearches::write( $user_id, $searches );
				update_user_meta( $user_id, self::PENDING_META, $pending );
			}
		}
	}

	/**
	 * Sends the digest of every buyer who has one waiting and is due.
	 */
	private function send_due(): int {
		$users = get_users(
			array(
				'meta_key' => self::PENDING_META, // phpcs:ignore WordPress.DB.SlowDBQuery -- only buyers with an alert waiting.
				'fields'   => 'ID',
				'number'   => -1,
			)
		);
		$sent  = 0;
		$now   = time();
		foreach ( $users as $user_id ) {
			$user_id = (int) $user_id;
			$last    = (int) get_user_meta( $user_id, self::LAST_SENT_META, true );
			$failed  = (int) get_user_meta( $user_id, self::FAILED_META, true );
			if ( $now - $last < self::INTERVAL || $now - $failed < self::RETRY_AFTER ) {
				continue;
			}
			$user = get_userdata( $user_id );
			$mail = $user instanceof \WP_User ? AlertMail::compose( $user, self::pending( $user_id ) ) : null;
			if ( null === $mail ) {
				// Nothing left to tell (the cars were unpublished since): no mail.
				delete_user_meta( $user_id, self::PENDING_META );
				continue;
			}
			if ( AlertMail::send( (string) $user->user_email, $mail ) ) {
				update_user_meta( $user_id, self::LAST_SENT_META, $now );
				delete_user_meta( $user_id, self::PENDING_META );
				delete_user_meta( $user_id, self::FAILED_META );
				++$sent;
			} else {
				update_user_meta( $user_id, self::FAILED_META, $now );
			}
		}
		return $sent;
	}

	/**
	 * @return Pending
	 */
	public static function pending( int $user_id ): array {
		$stored  = get_user_meta( $user_id, self::PENDING_META, true );
		$pending = array(
			'matches' => array(),
			'drops'   => array(),
		);
		$stored  = is_array( $stored ) ? $stored : array();
		foreach ( is_array( $stored['matches'] ?? null ) ? $stored['matches'] : array() as $row ) {
			if ( is_array( $row ) && is_numeric( $row['search'] ?? null ) && is_numeric( $row['car'] ?? null ) ) {
				$pending['matches'][] = array(
					'search' => (int) $row['search'],
					'car'    => (int) $row['car'],
				);
			}
		}
		foreach ( is_array( $stored['drops'] ?? null ) ? $stored['drops'] : array() as $row ) {
			if ( is_array( $row ) && is_numeric( $row['car'] ?? null ) && is_numeric( $row['from'] ?? null ) ) {
				$pending['drops'][] = array(
					'car'  => (int) $row['car'],
					'from' => (int) $row['from'],
				);
			}
		}
		return $pending;
	}

	/** A deleted search's waiting matches are not mailed. */
	public static function forget_search( int $user_id, int $search_id ): void {
		$pending            = self::pending( $user_id );
		$pending['matches'] = array_values( array_filter( $pending['matches'], static fn( array $row ): bool => $row['search'] !== $search_id ) );
		update_user_meta( $user_id, self::PENDING_META, $pending );
	}

	/** After an unsubscribe nothing waiting is sent either. */
	public static function forget_pending( int $user_id ): void {
		delete_user_meta( $user_id, self::PENDING_META );
	}
}
