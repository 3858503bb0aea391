<?php
declare(strict_types=1);

namespace CarExport\Messages;

use CarExport\Service;

/**
 * Idempotency keys of stored leads and the answer each one got, in a table whose UNIQUE index on
 * (scope, key) makes "exactly once" hold under concurrency: a request claims its key by inserting
 * the row inside a transaction, stores the lead, writes the answer and commits. A second request
 * with the same key blocks on that index entry until the first commits, then finds the row taken
 * and replays its answer; if the first rolled back, the second's insert goes through instead.
 */
final class IdempotencyStore implements Service {

	/** Keys are kept this long; a client retrying later than that is treated as new. */
	public const KEEP_DAYS = 7;

	public const CLEANUP_HOOK = 'car_export_idempotency_cleanup';

	public function register(): void {
		add_action( self::CLEANUP_HOOK, array( self::class, 'cleanup' ) );
		add_action( 'init', array( $this, 'schedule_cleanup' ) );
	}

	public function schedule_cleanup(): void {
		if ( false === wp_next_scheduled( self::CLEANUP_HOOK ) ) {
			wp_schedule_event( time() + 3600, 'daily', self::CLEANUP_HOOK );
		}
	}

	public static function name(): string {
		global $wpdb;
		return $wpdb->prefix . 'car_export_idempotency';
	}

	public static function install(): void {
		global $wpdb;
		require_once ABSPATH . 'wp-admin/includes/upgrade.php';
		$table   = self::name();
		$collate = $wpdb->get_charset_collate();
		// The key column is binary-compared ASCII: "abc…" and "ABC…" are different keys, and the
		// site's default case-insensitive collation would make them collide.
		dbDelta(
			"CREATE TABLE {$table} (
  id bigint(20) unsigned NOT NULL AUTO_INCREMENT,
  scope varchar(20) NOT NULL,
  idem_key varchar(128) CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
  post_id bigint(20) unsigned NOT NULL DEFAULT 0,
  status smallint(5) unsigned NOT NULL DEFAULT 0,
  response longtext NOT NULL,
  created_at datetime NOT NULL,
  PRIMARY KEY  (id),
  UNIQUE KEY scope_key (scope,idem_key),
  KEY created_at (created_at)
) {$collate};"
		);
	}

	/**
	 * The answer recorded for a key, when a lead was stored with it.
	 *
	 * @return array{status: int, body: array<string, mixed>, post_id: int}|null
	 */
	public function find( string $scope, string $key ): ?array {
		global $wpdb;
		$table = self::name();
		// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table name is ours.
		$row = $wpdb->get_row( $wpdb->prepare( "SELECT post_id, status, response FROM {$table} WHERE scope = %s AND idem_key = %s", $scope, $key ), ARRAY_A );
		if ( ! is_array( $row ) || (int) $row['status'] <= 0 ) {
			return null;
		}
		$body = json_decode( (string) $row['response'], true );
		if ( ! is_array( $body ) ) {
			return null;
		}
		return array(
			'status'  => (int) $row['status'],
			'body'    => $body,
			'post_id' => (int) $row['post_id'],
		);
	}

	/**
	 * Opens a transaction and takes the key. Blocks while another request holds the same key.
	 *
	 * @return bool|null true: this request owns the key (transaction open, finish with complete()
	 *                   or abandon()); false: another request stored a lead with it (transaction
	 *                   closed, replay find()); null: the database refused (transaction closed).
	 */
	public function claim( string $scope, string $key ): ?bool {
		global $wpdb;
		$table = self::name();
		$wpdb->query( 'START TRANSACTION' );
		$suppress = $wpdb->suppress_errors( true );
		// INSERT IGNORE turns "the key is taken" into 0 rows instead of an error; lock waits and
		// deadlocks still fail the query, which is reported as null.
		$inserted = $wpdb->query(
			// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table name is ours.
			$wpdb->prepare( "INSERT IGNORE INTO {$table} (scope, idem_key, response, created_at) VALUES (%s, %s, '', %s)", $scope, $key, gmdate( 'Y-m-d H:i:s' ) )
		);
		$wpdb->suppress_errors( $suppress );
		if ( 1 === $inserted ) {
			return true;
		}
		$wpdb->query( 'ROLLBACK' );
		return false === $inserted ? null : false;
	}

	/**
	 * Records the answer with the key and commits the lead and the key together.
	 *
	 * @param array<string, mixed> $body
	 */
	public function complete( string $scope, string $key, int $post_id, int $status, array $body ): bool {
		global $wpdb;
		$updated = $wpdb->update(
			self::name(),
			array(
				'post_id'  => $post_id,
				'status'   => $status,
				'response' => (string) wp_json_encode( $body ),
			),
			array(
				'scope'    => $scope,
				'idem_key' => $key,
			),
			array( '%d', '%d', '%s' ),
			array( '%s', '%s' )
		);
		if ( 1 !== $updated ) {
			$wpdb->query( 'ROLLBACK' );
			return false;
		}
		return false !== $wpdb->query( 'COMMIT' );
	}

	/**
	 * Gives the key back (the lead could not be stored), so a retry with it can succeed.
	 */
	public function abandon(): void {
		global $wpdb;
		$wpdb->query( 'ROLLBACK' );
	}

	public static function cleanup(): void {
		global $wpdb;
		$table  = self::name();
		$before = gmdate( 'Y-m-d H:i:s', time() - self::KEEP_DAYS * 86400 );
		// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table name is ours.
		$wpdb->query( $wpdb->prepare( "DELETE FROM {$table} WHERE created_at < %s", $before ) );
	}
}
