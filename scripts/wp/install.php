<?php
/**
 * Installs the local WordPress once and keeps it configured: site title, pretty permalinks,
 * the admin account, the headless theme and the active plugin. Safe to run on every start.
 *
 * Usage: php scripts/wp/install.php /path/to/wordpress install|configure
 * (admin account from the CAR_EXPORT_ADMIN_* environment variables)
 *
 * Two phases because WordPress loads no plugins while WP_INSTALLING is set, and the rewrite
 * rules can only be rebuilt with the plugin loaded (its /graphql rule).
 */

declare(strict_types=1);

if ( PHP_SAPI !== 'cli' ) {
	exit( 1 );
}

$root  = rtrim( (string) ( $argv[1] ?? '' ), '/' );
$phase = (string) ( $argv[2] ?? '' );
if ( '' === $root || ! is_file( $root . '/wp-config.php' ) || ! in_array( $phase, array( 'install', 'configure' ), true ) ) {
	fwrite( STDERR, "usage: php install.php /path/to/wordpress install|configure\n" );
	exit( 2 );
}

if ( 'install' === $phase ) {
	define( 'WP_INSTALLING', true );
}
$_SERVER['HTTP_HOST']   = parse_url( 'http://127.0.0.1', PHP_URL_HOST );
$_SERVER['REQUEST_URI'] = '/';

require $root . '/wp-load.php';
require_once ABSPATH . 'wp-admin/includes/upgrade.php';
require_once ABSPATH . 'wp-admin/includes/plugin.php';

$user     = (string) getenv( 'CAR_EXPORT_ADMIN_USER' );
$password = (string) getenv( 'CAR_EXPORT_ADMIN_PASSWORD' );
$email    = (string) getenv( 'CAR_EXPORT_ADMIN_EMAIL' );

if ( ! is_blog_installed() ) {
	$result = wp_install( 'Car Export', $user, $email, true, '', wp_slash( $password ) );
	if ( is_wp_error( $result ) ) {
		fwrite( STDERR, 'install failed: ' . $result->get_error_message() . "\n" );
		exit( 1 );
	}
	// WordPress's sample post, page and comment would show up in the catalogue's news and sitemap.
	foreach ( array( 'hello-world' => 'post', 'sample-page' => 'page' ) as $slug => $type ) {
		$sample = get_page_by_path( $slug, OBJECT, $type );
		if ( $sample instanceof WP_Post ) {
			wp_delete_post( $sample->ID, true );
		}
	}
	echo "installed\n";
}

// The core files may be of another release than the one that last upgraded the database (the stack
// replaces core when wordpress/core/packages changes). WordPress's own database upgrade then runs
// here, as wp-admin/upgrade.php would run it on the first admin visit, before the plugin or the
// site reads tables the new core expects; on an up-to-date database it is not called.
global $wp_db_version;
$car_export_db_version = (int) get_option( 'db_version' );
if ( $car_export_db_version !== (int) $wp_db_version ) {
	wp_upgrade();
	echo 'database upgraded from db version ' . $car_export_db_version . ' to ' . (int) $wp_db_version . ' (WordPress ' . get_bloginfo( 'version' ) . ")\n";
}
if ( 'install' === $phase ) {
	exit( 0 );
}

update_option( 'blogdescription', 'Cars from China, exported worldwide' );
update_option( 'timezone_string', 'UTC' );
update_option( 'users_can_register', '0' );
update_option( 'default_comment_status', 'closed' );
update_option( 'default_ping_status', 'closed' );

global $wp_rewrite;
if ( get_option( 'permalink_structure' ) !== '/%postname%/' ) {
	$wp_rewrite->set_permalink_structure( '/%postname%/' );
}

if ( get_option( 'stylesheet' ) !== 'car-export-headless' ) {
	switch_theme( 'car-export-headless' );
}

$plugin = 'car-export/car-export.php';
if ( ! is_plugin_active( $plugin ) ) {
	$activated = activate_plugin( $plugin, '', false, false );
	if ( is_wp_error( $activated ) ) {
		fwrite( STDERR, 'plugin activation failed: ' . $activated->get_error_message() . "\n" );
		exit( 1 );
	}
	echo "plugin activated\n";
}
// Rules may have changed with the code; rebuilding them is cheap.
flush_rewrite_rules( false );
echo "ready\n";
