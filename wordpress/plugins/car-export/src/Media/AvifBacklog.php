<?php
declare(strict_types=1);

namespace CarExport\Media;

use CarExport\Service;

/**
 * The images still waiting for their AVIF copies, and the cron batch that makes them.
 *
 * Rules: an image waits while it carries the PENDING post meta, so the backlog survives restarts
 * and needs no shared list that two requests could overwrite; a batch takes main photos before
 * the other photos of a gallery (every card, list and banner shows a main photo, while a car's
 * further photos are seen only on its page), and the newest first within each (the one staff just
 * uploaded is the one they look at, while an imported catalogue can wait); it stops after
 * BATCH_SECONDS so the other due cron events (queued mail) are not held up,
 * and schedules the next batch while any image still waits. An image leaves the backlog even when
 * its copies failed, so one unreadable file cannot stall the rest; it is then served in WebP only.
 */
final class AvifBacklog implements Service {

	public const HOOK = 'car_export_make_avif';

	private const PENDING = '_car_export_avif_pending';

	/** Seconds of encoding per cron run; one image at least is always done. */
	private const BATCH_SECONDS = 2.0;

	/** Images read per batch; more than a batch can encode in BATCH_SECONDS. */
	private const BATCH_SIZE = 20;

	public function register(): void {
		add_action( self::HOOK, array( $this, 'run_cron' ), 10, 0 );
	}

	public function run_cron(): void {
		self::run_batch();
	}

	public static function add( int $attachment_id ): void {
		if ( $attachment_id <= 0 ) {
			return;
		}
		update_post_meta( $attachment_id, self::PENDING, '1' );
		self::schedule();
	}

	/**
	 * @param float $seconds   encoding time after which the batch stops; 0 works until none waits.
	 * @param bool  $main_only take only main photos (a post's own photo, or one attached to none).
	 * @return int images taken off the backlog.
	 */
	public static function run_batch( float $seconds = self::BATCH_SECONDS, bool $main_only = false ): int {
		require_once ABSPATH . 'wp-admin/includes/image.php';
		$start = microtime( true );
		$done  = 0;
		$taken = array();
		do {
			// An image handed out twice in one run was not taken off the backlog (its mark could not be
			// deleted): the run ends there instead of encoding the same images forever.
			$ids = array_values( array_diff( self::waiting( self::BATCH_SIZE, $main_only ), $taken ) );
			foreach ( $ids as $id ) {
				$taken[] = $id;
				ImageFormats::make_avif_copies( $id );
				delete_post_meta( $id, self::PENDING );
				++$done;
				if ( $seconds > 0 && microtime( true ) - $start >= $seconds ) {
					break 2;
				}
			}
		} while ( array() !== $ids );
		if ( array() !== self::waiting( 1 ) ) {
			self::schedule();
		}
		return $done;
	}

	/**
	 * Takes every image that is not a main photo off the backlog without copies: they are served in
	 * WebP only. For a stack whose cron runner must stay free for other work, such as the tests'.
	 *
	 * @return int images taken off.
	 */
	public static function drop_other_photos(): int {
		$ids = array_diff( self::waiting( -1 ), self::waiting( -1, true ) );
		foreach ( $ids as $id ) {
			delete_post_meta( $id, self::PENDING );
		}
		return count( $ids );
	}

	/** How many images still wait for their AVIF copies. */
	public static function count(): int {
		return count( self::waiting( -1 ) );
	}

	/**
	 * The waiting images, main photos first and the newest first within each. The database is read
	 * every time, never a query cache: the cron runner and `wp car-export make-avif` work the same
	 * backlog, and an image the other one took off is gone from the table without this process's
	 * cache hearing of it.
	 *
	 * @param int  $limit     at most this many; -1 for all.
	 * @param bool $main_only only main photos.
	 * @return list<int>
	 */
	private static function waiting( int $limit, bool $main_only = false ): array {
		global $wpdb;
		// A further photo: attached to a post whose own photo (featured image) is another image.
		$further = "(a.post_parent > 0 AND NOT EXISTS (SELECT 1 FROM {$wpdb->postmeta} own WHERE own.post_id = a.post_parent AND own.meta_key = '_thumbnail_id' AND own.meta_value = CAST(a.ID AS CHAR)))";
		$sql     = "SELECT a.ID FROM {$wpdb->postmeta} w JOIN {$wpdb->posts} a ON a.ID = w.post_id
			WHERE w.meta_key = %s AND a.post_type = 'attachment' AND a.post_status = 'inherit'"
			. ( $main_only ? " AND NOT {$further}" : '' )
			. " ORDER BY {$further}, a.ID DESC"
			. ( $limit > 0 ? ' LIMIT ' . (int) $limit : '' );
		// phpcs:ignore WordPress.DB.DirectDatabaseQuery, WordPress.DB.PreparedSQL.NotPrepared -- the backlog is read fresh on purpose (see above); the SQL is built from table names and integers only.
		$ids = $wpdb->get_col( $wpdb->prepare( $sql, self::PENDING ) );
		return array_map( 'intval', $ids );
	}

	private static function schedule(): void {
		if ( false === wp_next_scheduled( self::HOOK ) ) {
			wp_schedule_single_event( time(), self::HOOK );
		}
	}
}
