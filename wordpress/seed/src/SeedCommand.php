<?php
/**
 * The `wp car-export seed` command.
 *
 * @package CarExportSeed
 */

declare(strict_types=1);

namespace CarExportSeed;

use WP_CLI;

/**
 * The `wp car-export seed` command; its options are documented on __invoke(), where WP-CLI reads them.
 */
final class SeedCommand {

	/**
	 * Loads the demo catalogue (cars with pictures, home page videos, news posts, seller settings).
	 *
	 * The pictures come from make-images.mjs (run it first; the start script does). Without --force a
	 * catalogue already seeded from the same data is left alone; with it, the earlier demo content is
	 * removed and imported again. Content staff added by hand is never touched.
	 *
	 * ## OPTIONS
	 *
	 * [--media=<dir>]
	 * : Folder of the pictures made by `node wordpress/seed/make-images.mjs DIR` (default: .local/seed-media
	 * of this checkout).
	 *
	 * [--force]
	 * : Remove the earlier demo content and import it again.
	 *
	 * [--metadata-worker]
	 * : Used by the command itself: makes the image sizes of the attachment ids (a JSON list) read
	 * from standard input, in a second process.
	 *
	 * ## EXAMPLES
	 *
	 *     wp --path=.local/wordpress --require=wordpress/seed/command.php car-export seed --media=.local/seed-media
	 *
	 * @param list<string>          $args       Positional arguments (none).
	 * @param array<string, string> $assoc_args The options above.
	 */
	public function __invoke( array $args, array $assoc_args ): void {
		if ( ! class_exists( \CarExport\Cars\CarFields::class ) ) {
			WP_CLI::error( 'the car-export plugin is not active (or its Composer dependencies are not installed)' );
		}
		if ( isset( $assoc_args['metadata-worker'] ) ) {
			$this->metadata_worker();
			return;
		}

		$media = (string) ( $assoc_args['media'] ?? dirname( __DIR__, 3 ) . '/.local/seed-media' );
		if ( ! is_dir( $media ) ) {
			WP_CLI::error( sprintf( 'media folder %1$s does not exist; run: node wordpress/seed/make-images.mjs %1$s', $media ) );
		}

		$started = microtime( true );
		try {
			$counts = ( new Seeder( isset( $assoc_args['force'] ), $this->worker_command() ) )->run( $media, dirname( __DIR__ ) . '/data' );
		} catch ( \Throwable $error ) {
			WP_CLI::error( $error->getMessage() );
		}

		if ( isset( $counts['skipped'] ) ) {
			WP_CLI::success( sprintf( 'demo catalogue already seeded (version %s); use --force to import it again', $counts['version'] ) );
			return;
		}
		WP_CLI::success(
			sprintf(
				'seeded %d cars, %d images, %d videos, %d news posts, %d lookup rows in %s s (version %s)',
				$counts['cars'] ?? 0,
				$counts['images'] ?? 0,
				$counts['videos'] ?? 0,
				$counts['news'] ?? 0,
				$counts['lookup_rows'] ?? 0,
				number_format( microtime( true ) - $started, 1 ),
				$counts['version'] ?? '?'
			)
		);
	}

	/**
	 * The same command in a second PHP process, as this one was started: same PHP, same WP-CLI
	 * (the phar or the Composer copy), same WordPress, same files loaded first (this command's
	 * among them), same memory limit.
	 *
	 * @return list<string>
	 */
	private function worker_command(): array {
		$command  = array(
			\WP_CLI\Utils\get_php_binary(),
			'-d',
			'memory_limit=' . (string) ini_get( 'memory_limit' ),
			(string) $GLOBALS['argv'][0],
			'--path=' . ABSPATH,
		);
		$required = WP_CLI::get_config( 'require' );
		foreach ( is_array( $required ) ? $required : array() as $file ) {
			$command[] = '--require=' . (string) $file;
		}
		if ( WP_CLI::get_config( 'allow-root' ) ) {
			$command[] = '--allow-root';
		}
		return array_merge( $command, array( 'car-export', 'seed', '--metadata-worker' ) );
	}

	/**
	 * Makes the image sizes of the attachment ids on standard input.
	 */
	private function metadata_worker(): void {
		$ids = json_decode( (string) file_get_contents( 'php://stdin' ), true );
		if ( ! is_array( $ids ) ) {
			WP_CLI::error( 'the metadata worker expects a JSON list of attachment ids on standard input' );
		}
		try {
			$sized = Seeder::generate_metadata( array_values( array_map( 'intval', $ids ) ) );
			WP_CLI::log( sprintf( '%d images sized', $sized ) );
		} catch ( \Throwable $error ) {
			WP_CLI::error( $error->getMessage() );
		}
	}
}
