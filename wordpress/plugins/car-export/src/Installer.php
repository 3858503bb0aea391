<?php
declare(strict_types=1);

namespace CarExport;

use CarExport\Deals\DealSchedule;
use CarExport\Deals\DealTables;
use CarExport\Messages\IdempotencyStore;
use CarExport\Search\LookupSync;
use CarExport\Search\LookupTable;
use CarExport\Staff\SalesRole;

/**
 * Schema and role set-up on activation and on version change, so a plugin update needs no manual step.
 */
final class Installer {

	private const OPTION = 'car_export_db_version';

	/** How long a request waits for an upgrade another request is running. */
	private const UPGRADE_WAIT_SECONDS = 30;

	public static function activate(): void {
		self::install_tables();
		SalesRole::install();
		update_option( self::OPTION, Plugin::VERSION, true );
		// Post types and the /graphql rule must exist before the rules are rebuilt.
		( new Cars\CarPostType() )->register_post_type();
		( new Videos\VideoPostType() )->register_post_type();
		GraphQL\Endpoint::add_rewrite_rule();
		flush_rewrite_rules( false );
	}

	public static function deactivate(): void {
		flush_rewrite_rules( false );
		wp_clear_scheduled_hook( IdempotencyStore::CLEANUP_HOOK );
		DealSchedule::unschedule();
	}

	/** dbDelta creates a missing table and adds missing columns and indexes to an existing one. */
	private static function install_tables(): void {
		LookupTable::install();
		IdempotencyStore::install();
		DealTables::install();
	}

	public static function maybe_upgrade(): void {
		if ( Plugin::VERSION === get_option( self::OPTION ) ) {
			return;
		}
		global $wpdb;
		// Requests that arrive together after an update (visitors, the cron runner) would each run
		// the upgrade and trip over each other's rows: one takes this lock and upgrades while the
		// others wait for it (an upgrade takes seconds), then find the work done and go on with the new
		// tables. Past the wait they go on with the tables as they are.
		$lock = substr( $wpdb->dbname . '.' . $wpdb->prefix . 'car_export_upgrade', -64 );
		if ( '1' !== (string) $wpdb->get_var( $wpdb->prepare( 'SELECT GET_LOCK(%s, %d)', $lock, self::UPGRADE_WAIT_SECONDS ) ) ) {
			return;
		}
		try {
			// Read past the option cache: another request may have finished the upgrade meanwhile.
			$installed = $wpdb->get_var( $wpdb->prepare( "SELECT option_value FROM {$wpdb->options} WHERE option_name = %s", self::OPTION ) );
			if ( Plugin::VERSION === $installed ) {
				return;
			}
			// 1.6.0 holds the search text in an indexed column of 255 characters: a longer text loses
			// its end, where older versions put make, model and year. Only those few rows are
			// rewritten (most searched words first); rewriting every row inside one request would not
			// finish at 100,000 cars.
			$older_than = static fn ( string $version ): bool => is_string( $installed ) && version_compare( $installed, $version, '<' );
			$long       = $older_than( '1.6.0' ) ? LookupTable::long_search_texts() : array();
			self::install_tables();
			// 1.3.0 added the sale_status column: existing rows got the column's default
			// (available), so rows are rewritten once from each car's own meta.
			if ( $older_than( '1.3.0' ) ) {
				LookupSync::rebuild_all();
			} else {
				if ( $older_than( '1.4.0' ) ) {
					// 1.4.0 added the facet counts table: counted once from the existing rows.
					Search\FacetCounts::rebuild();
				}
				// 1.7.0 added the stock_number column, filled from the meta in one statement (a
				// rebuild above writes it with every row).
				if ( $older_than( '1.7.0' ) ) {
					LookupTable::fill_stock_numbers();
				}
			}
			foreach ( $long as $car_id ) {
				LookupSync::sync( $car_id );
			}
			// Roles are stored in the database: an install from before the Sales role (1.8.0) gets it,
			// and a later version's capabilities reach an existing one, without reactivating the plugin.
			SalesRole::install();
			update_option( self::OPTION, Plugin::VERSION, true );
		} finally {
			$wpdb->query( $wpdb->prepare( 'SELECT RELEASE_LOCK(%s)', $lock ) );
		}
	}
}
