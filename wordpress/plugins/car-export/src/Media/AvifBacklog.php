<?php
declare(strict_types=1);

namespace CarExport\Media;

use CarExport\Service;

/**
 * The images still waiting for their AVIF copies, and the cron batch that makes them.
 *
 * Rules: an image waits while it carries the PENDING post meta, so the backlog survives restarts
 * and needs no shared list that two requests could overwrite; a batch takes the newest images
 * first (the one staff just uploaded is the one they look at, while an imported catalogue can
 * wait), stops after BATCH_SECONDS so the other due cron events (queued mail) are not held up,
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
	 * @param float $seconds encoding time after which the batch stops; 0 works until none waits.
	 * @return int images taken off the backlog.
	 */
	public static function run_batch( float $seconds = self::BATCH_SECONDS ): int {
		require_once ABSPATH . 'wp-admin/includes/image.php';
		$start = microtime( true );
		$done  = 0;
		$taken = array();
		do {
			// An image handed out twice in one run was not taken off the backlog (its mark could not be
			// deleted): the run ends there instead of encoding the same images forever.
			$ids = array_values( array_diff( self::waiting( self::BATCH_SIZE ), $taken ) );
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

	/** How many images still wait for their AVIF copies. */
	public static function count(): int {
		return count( self::waiting( -1 ) );
	}

	/** @return list<int> */
	private static function waiting( int $limit ): array {
		$ids = get_posts(
			array(
				'post_type'        => 'attachment',
				'post_status'      => 'inherit',
				'meta_key'         => self::PENDING, // phpcs:ignore WordPress.DB.SlowDBQuery.slow_db_query_meta_key -- the backlog is this key; the query reads the few rows that carry it.
				'orderby'          => 'ID',
				'order'            => 'DESC',
				'posts_per_page'   => $limit,
				'fields'           => 'ids',
				'no_found_rows'    => true,
				'suppress_filters' => true,
				// Read from the database every time, never from this process's query cache: the cron
				// runner and `wp car-export make-avif` work the same backlog, and an image the other one
				// took off is gone from the table without this process's cache hearing of it.
				'cache_results'    => false,
			)
		);
		return array_map( 'intval', $ids );
	}

	private static function schedule(): void {
		if ( false === wp_next_scheduled( self::HOOK ) ) {
			wp_schedule_single_event( time(), self::HOOK );
		}
	}
}
