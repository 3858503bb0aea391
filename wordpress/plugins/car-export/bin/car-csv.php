<?php
/**
 * The same import and export as `wp car-export import|export`, for a machine without WP-CLI:
 *
 *   php bin/car-csv.php --wordpress=/path/to/wordpress import file.csv [--dry-run]
 *   php bin/car-csv.php --wordpress=/path/to/wordpress export [file.csv]
 *
 * Runs as the first administrator, as WP-CLI does with --user.
 */

declare(strict_types=1);

if ( 'cli' !== PHP_SAPI ) {
	exit( 1 );
}

$car_export_args = array_slice( $argv, 1 );
$car_export_wp   = '';
$car_export_dry  = false;
$car_export_rest = array();
foreach ( $car_export_args as $car_export_arg ) {
	if ( str_starts_with( $car_export_arg, '--wordpress=' ) ) {
		$car_export_wp = substr( $car_export_arg, strlen( '--wordpress=' ) );
	} elseif ( '--dry-run' === $car_export_arg ) {
		$car_export_dry = true;
	} else {
		$car_export_rest[] = $car_export_arg;
	}
}
if ( '' === $car_export_wp || ! is_file( $car_export_wp . '/wp-load.php' ) || ! in_array( $car_export_rest[0] ?? '', array( 'import', 'export' ), true ) ) {
	fwrite( STDERR, "usage: php bin/car-csv.php --wordpress=<dir> import <file.csv> [--dry-run] | export [<file.csv>]\n" );
	exit( 2 );
}

$_SERVER['HTTP_HOST'] = $_SERVER['HTTP_HOST'] ?? 'localhost';
define( 'WP_IMPORTING', true );
require $car_export_wp . '/wp-load.php';

$car_export_admins = get_users(
	array(
		'role'    => 'administrator',
		'number'  => 1,
		'orderby' => 'ID',
	)
);
if ( array() !== $car_export_admins ) {
	wp_set_current_user( $car_export_admins[0]->ID );
}

$car_export_cli = new \CarExport\Cli\CsvCommands(
	static function ( string $line ): void {
		fwrite( STDERR, $line . "\n" );
	}
);
if ( 'import' === $car_export_rest[0] ) {
	exit( $car_export_cli->import( $car_export_rest[1] ?? '', $car_export_dry ) );
}
$car_export_out = fopen( $car_export_rest[1] ?? 'php://stdout', 'wb' );
if ( false === $car_export_out ) {
	fwrite( STDERR, "The file could not be written.\n" );
	exit( 1 );
}
exit( $car_export_cli->export( $car_export_out ) );
