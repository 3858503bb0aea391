<?php
/**
 * Loads the demo catalogue into a WordPress install that has the car-export plugin active.
 *
 *   php wordpress/seed/seed.php --wp=/path/to/wordpress [--media=DIR] [--force]
 *
 * The pictures come from make-images.mjs (run it first; the start script does). Without --force
 * a catalogue already seeded from the same data is left alone; with it, the earlier demo content
 * is removed and imported again.
 */
declare(strict_types=1);

if ( PHP_SAPI !== 'cli' ) {
	exit( 1 );
}

function car_export_seed_fail( string $message ): never {
	fwrite( STDERR, "seed: {$message}\n" );
	exit( 1 );
}

$car_export_opts = getopt( '', array( 'wp:', 'media:', 'force', 'help', 'metadata-worker' ) );
if ( isset( $car_export_opts['help'] ) || ! isset( $car_export_opts['wp'] ) || ! is_string( $car_export_opts['wp'] ) ) {
	fwrite( STDERR, "usage: php wordpress/seed/seed.php --wp=/path/to/wordpress [--media=DIR] [--force]\n" );
	exit( isset( $car_export_opts['help'] ) ? 0 : 2 );
}

$car_export_wp    = rtrim( $car_export_opts['wp'], '/' );
$car_export_media = isset( $car_export_opts['media'] ) && is_string( $car_export_opts['media'] )
	? $car_export_opts['media']
	: dirname( __DIR__, 2 ) . '/.local/seed-media';
$car_export_force = isset( $car_export_opts['force'] );

if ( ! is_readable( $car_export_wp . '/wp-load.php' ) ) {
	car_export_seed_fail( "no WordPress at {$car_export_wp} (wp-load.php not found)" );
}
if ( ! isset( $car_export_opts['metadata-worker'] ) && ! is_dir( $car_export_media ) ) {
	car_export_seed_fail( "media folder {$car_export_media} does not exist; run: node wordpress/seed/make-images.mjs {$car_export_media}" );
}

// wp-load.php reads these to build URLs; without them it assumes a web request to an unknown host.
$_SERVER['HTTP_HOST']   ??= 'localhost';
$_SERVER['REQUEST_URI'] ??= '/';

$car_export_started = microtime( true );
require $car_export_wp . '/wp-load.php';

if ( ! class_exists( \CarExport\Seed\Seeder::class ) ) {
	car_export_seed_fail( 'the car-export plugin is not active (or its Composer dependencies are not installed)' );
}

// Worker mode (started by the Seeder itself): make the image sizes of the attachment ids on stdin.
if ( isset( $car_export_opts['metadata-worker'] ) ) {
	$car_export_ids = json_decode( (string) stream_get_contents( STDIN ), true );
	if ( ! is_array( $car_export_ids ) ) {
		car_export_seed_fail( 'the metadata worker expects a JSON list of attachment ids on stdin' );
	}
	try {
		echo \CarExport\Seed\Seeder::generate_metadata( array_values( array_map( 'intval', $car_export_ids ) ) ), " images sized\n";
	} catch ( \Throwable $car_export_error ) {
		car_export_seed_fail( $car_export_error->getMessage() );
	}
	exit( 0 );
}

$car_export_worker = array( PHP_BINARY, __FILE__, '--wp=' . $car_export_wp, '--metadata-worker' );
try {
	$car_export_counts = ( new \CarExport\Seed\Seeder( $car_export_force, $car_export_worker ) )->run( $car_export_media, __DIR__ . '/data' );
} catch ( \Throwable $car_export_error ) {
	car_export_seed_fail( $car_export_error->getMessage() );
}

$car_export_secs = number_format( microtime( true ) - $car_export_started, 1 );
if ( isset( $car_export_counts['skipped'] ) ) {
	echo "demo catalogue already seeded (version {$car_export_counts['version']}); use --force to import it again\n";
	exit( 0 );
}
printf(
	"seeded %d cars, %d images, %d videos, %d news posts, %d lookup rows in %s s (version %s)\n",
	$car_export_counts['cars'] ?? 0,
	$car_export_counts['images'] ?? 0,
	$car_export_counts['videos'] ?? 0,
	$car_export_counts['news'] ?? 0,
	$car_export_counts['lookup_rows'] ?? 0,
	$car_export_secs,
	$car_export_counts['version'] ?? '?'
);
