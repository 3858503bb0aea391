<?php
declare(strict_types=1);

namespace CarExport\Cli;

use CarExport\Media\AvifBacklog;
use CarExport\Media\SizeRegenerator;
use CarExport\Purge\PurgeNotifier;
use CarExport\Search\FacetCounts;
use CarExport\Search\SearchCache;
use CarExport\Service;

/**
 * `wp car-export import <file> [--dry-run]`, `wp car-export export [--file=<file>]` and
 * `wp car-export recount`, `wp car-export regenerate-images [<id>...]` and
 * `wp car-export make-avif [--status]` and `wp car-export purge-site [--reason=<reason>]` under WP-CLI.
 */
final class WpCliCommands implements Service {

	public function register(): void {
		if ( ! defined( 'WP_CLI' ) || ! class_exists( '\WP_CLI' ) ) {
			return;
		}
		\WP_CLI::add_command( 'car-export import', array( $this, 'import' ) );
		\WP_CLI::add_command( 'car-export export', array( $this, 'export' ) );
		\WP_CLI::add_command( 'car-export recount', array( $this, 'recount' ) );
		\WP_CLI::add_command( 'car-export regenerate-images', array( $this, 'regenerate_images' ) );
		\WP_CLI::add_command( 'car-export make-avif', array( $this, 'make_avif' ) );
		\WP_CLI::add_command( 'car-export purge-site', array( $this, 'purge_site' ) );
	}

	/**
	 * Tells the website to drop every page and catalogue answer it keeps, and waits for its answer;
	 * for data changed around WordPress's own saves (a restored backup).
	 *
	 * ## OPTIONS
	 *
	 * [--reason=<reason>]
	 * : What changed, kept with the answer on the settings page.
	 * ---
	 * default: restore
	 * options:
	 *   - restore
	 *   - import
	 *   - settings
	 * ---
	 *
	 * @param list<string>          $args
	 * @param array<string, string> $assoc_args
	 */
	public function purge_site( array $args, array $assoc_args ): void {
		unset( $args );
		$result = PurgeNotifier::purge_everything( (string) ( $assoc_args['reason'] ?? 'restore' ) );
		if ( null === $result ) {
			\WP_CLI::error( 'No purge address or secret is set (Settings, Car Export): the website was not told.' );
		}
		if ( ! $result['ok'] ) {
			\WP_CLI::error( sprintf( 'The website did not confirm the purge: %s', $result['error'] ) );
		}
		\WP_CLI::success( 'The website dropped every kept page and catalogue answer.' );
	}

	/**
	 * Makes every AVIF copy still waiting now, instead of in the cron batches (or, with --status,
	 * only says how many images wait).
	 *
	 * ## OPTIONS
	 *
	 * [--status]
	 * : Print the number of images waiting and change nothing.
	 *
	 * [--main-photos-only]
	 * : Make the copies of the main photos only (each post's own photo, banners) and take the other
	 * photos off the backlog: they are served in WebP only. For a stack whose cron runner must stay
	 * free, such as the tests'.
	 *
	 * @param list<string>          $args
	 * @param array<string, string> $assoc_args
	 */
	public function make_avif( array $args, array $assoc_args ): void {
		unset( $args );
		if ( isset( $assoc_args['status'] ) ) {
			\WP_CLI::log( sprintf( '%d image(s) waiting for AVIF copies.', AvifBacklog::count() ) );
			return;
		}
		if ( isset( $assoc_args['main-photos-only'] ) ) {
			$made    = AvifBacklog::run_batch( 0, true );
			$dropped = AvifBacklog::drop_other_photos();
			\WP_CLI::success( sprintf( 'Made the AVIF copies of %d main photo(s); %d other photo(s) are served in WebP only.', $made, $dropped ) );
			return;
		}
		\WP_CLI::success( sprintf( 'Made the AVIF copies of %d image(s).', AvifBacklog::run_batch( 0 ) ) );
	}

	/**
	 * Recounts the filter options from the search lookup table and drops every kept search answer,
	 * after lookup rows were written around WordPress (a bulk SQL load, a restored backup).
	 */
	public function recount(): void {
		FacetCounts::rebuild();
		SearchCache::bump();
		\WP_CLI::success( 'Filter counts rebuilt; kept search answers dropped.' );
	}

	/**
	 * Imports cars from a CSV file; a known stock number updates that car.
	 *
	 * ## OPTIONS
	 *
	 * <file>
	 * : The CSV file.
	 *
	 * [--dry-run]
	 * : Check every row and list its problems; save nothing.
	 *
	 * @param list<string>          $args
	 * @param array<string, string> $assoc_args
	 */
	public function import( array $args, array $assoc_args ): void {
		$status = ( new CsvCommands( array( $this, 'log' ) ) )->import( $args[0] ?? '', isset( $assoc_args['dry-run'] ) );
		\WP_CLI::halt( $status );
	}

	/**
	 * Writes every car as CSV, in the import's columns.
	 *
	 * ## OPTIONS
	 *
	 * [--file=<file>]
	 * : Where to write; standard output when left out.
	 *
	 * @param list<string>          $args
	 * @param array<string, string> $assoc_args
	 */
	public function export( array $args, array $assoc_args ): void {
		$out = fopen( $assoc_args['file'] ?? 'php://stdout', 'wb' );
		if ( false === $out ) {
			\WP_CLI::error( 'The file could not be written.' );
		}
		( new CsvCommands( array( $this, 'log' ) ) )->export( $out );
		fclose( $out );
	}

	/**
	 * Makes the sizes of existing images again in today's formats (WebP now, AVIF copies by the cron
	 * batches afterwards where WordPress can write AVIF) and deletes the old size files; the
	 * original uploads stay as they are.
	 *
	 * ## OPTIONS
	 *
	 * [<id>...]
	 * : Attachment ids; every image in the media library when left out.
	 *
	 * @param list<string>          $args
	 * @param array<string, string> $assoc_args
	 */
	public function regenerate_images( array $args, array $assoc_args ): void {
		unset( $assoc_args );
		$counts = ( new SizeRegenerator( array( $this, 'log' ) ) )->run( array_values( array_filter( array_map( 'intval', $args ) ) ) );
		$line   = sprintf( 'Regenerated %d image(s), %d failed.', $counts['done'], $counts['failed'] );
		if ( $counts['failed'] > 0 ) {
			\WP_CLI::error( $line );
		}
		\WP_CLI::success( $line );
	}

	public function log( string $line ): void {
		\WP_CLI::log( $line );
	}
}
