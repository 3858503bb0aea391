<?php
/**
 * Plugin Name: Local stack: no calls to WordPress.org
 * Description: The local stack runs on machines without internet access. WordPress's own update
 * checks would only fail there (slowly, and with warnings in the PHP log that hide real ones), so
 * this must-use plugin, installed by the local stack only, never a production site, turns them off.
 */

defined( 'ABSPATH' ) || exit;

foreach (
	array(
		array( 'admin_init', '_maybe_update_core' ),
		array( 'wp_version_check', 'wp_version_check' ),
		array( 'admin_init', '_maybe_update_plugins' ),
		array( 'wp_update_plugins', 'wp_update_plugins' ),
		array( 'load-plugins.php', 'wp_update_plugins' ),
		array( 'load-update.php', 'wp_update_plugins' ),
		array( 'load-update-core.php', 'wp_update_plugins' ),
		array( 'admin_init', '_maybe_update_themes' ),
		array( 'wp_update_themes', 'wp_update_themes' ),
		array( 'load-themes.php', 'wp_update_themes' ),
		array( 'load-update.php', 'wp_update_themes' ),
		array( 'load-update-core.php', 'wp_update_themes' ),
		array( 'wp_maybe_auto_update', 'wp_maybe_auto_update' ),
		array( 'init', 'wp_schedule_update_checks' ),
	) as $hook
) {
	remove_action( $hook[0], $hook[1] );
}
