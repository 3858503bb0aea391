<?php
/**
 * Registers `wp car-export seed`, which loads the demo catalogue into a WordPress install that has
 * the car-export plugin active. Not part of the plugin: WP-CLI loads this file on request.
 *
 *   wp --path=/path/to/wordpress --require=wordpress/seed/command.php car-export seed [--media=DIR] [--force]
 *
 * In this checkout `node scripts/wp-cli.mjs car-export seed` does the same with the local paths.
 *
 * @package CarExportSeed
 */

declare(strict_types=1);

if ( ! defined( 'WP_CLI' ) ) {
	return;
}

require_once __DIR__ . '/src/Seeder.php';
require_once __DIR__ . '/src/SeedCommand.php';

WP_CLI::add_command( 'car-export seed', \CarExportSeed\SeedCommand::class );
