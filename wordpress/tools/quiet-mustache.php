<?php
/**
 * Loaded first by every WP-CLI run of scripts/lib/wp-cli.mjs (--require).
 *
 * WP-CLI 2.11 asks for mustache/mustache 2.14.1, the release that made it quiet on PHP 8.1+. The
 * package registry this project installs from has 2.13.0 only (composer.json aliases it), whose
 * tokenizer passes null to trim() whenever WP-CLI renders its parameter help, which it does to
 * check the arguments of every command it runs. That deprecation would land in WordPress's debug
 * log, where any PHP notice fails the test run. This drops exactly that one: a deprecation raised
 * inside the mustache package. Every other error is handled as before.
 *
 * @package CarExportTools
 */

declare(strict_types=1);

$car_export_mustache_dir = realpath( __DIR__ . '/vendor/mustache' );

if ( false !== $car_export_mustache_dir ) {
	set_error_handler(
		static function ( int $level, string $message, string $file = '' ) use ( $car_export_mustache_dir ): bool {
			// True: handled (dropped). False: PHP's own handling, as if this handler did not exist.
			return str_starts_with( $file, $car_export_mustache_dir . DIRECTORY_SEPARATOR );
		},
		E_DEPRECATED
	);
}
