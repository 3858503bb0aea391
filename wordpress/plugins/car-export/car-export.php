<?php
/**
 * Plugin Name: Car Export
 * Description: Headless catalogue back end for the car export site: cars, videos, GraphQL catalogue, JWT auth, favourites, contact messages and inquiries.
 * Version: 1.9.0
 * Requires at least: 6.8
 * Requires PHP: 8.4
 * License: GPL-2.0-or-later
 * Text Domain: car-export
 */

defined( 'ABSPATH' ) || exit;

$car_export_autoload = __DIR__ . '/vendor/autoload.php';
if ( ! is_readable( $car_export_autoload ) ) {
	// Without Composer's dependencies nothing can run; say so to staff instead of a fatal error.
	add_action(
		'admin_notices',
		static function (): void {
			echo '<div class="notice notice-error"><p>' . esc_html__( 'Car Export: run "composer install" in the plugin folder.', 'car-export' ) . '</p></div>';
		}
	);
	return;
}
require_once $car_export_autoload;

// A public catalogue search kept from an earlier request is answered here, before the rest of
// WordPress loads; anything else goes on as usual.
\CarExport\GraphQL\CatalogueResponseCache::serve_early();

\CarExport\Plugin::boot( __FILE__ );
