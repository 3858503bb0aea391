<?php
declare(strict_types=1);

namespace CarExport\Import;

/**
 * The last import that wrote to the catalogue (the screen's batches or the command line): when it
 * started and ended, who ran it, and its counts, for the dashboard. Dry runs are not kept.
 *
 * @phpstan-type Entry array{started: int, finished: int, user: string, created: int, updated: int, unchanged: int, failed: int}
 */
final class ImportLog {

	public const OPTION = 'car_export_last_import';

	/**
	 * Adds one batch's counts; the first batch of a file starts a new entry.
	 *
	 * @param array{created: int, updated: int, unchanged: int, failed: int} $report
	 */
	public static function add( array $report, bool $first ): void {
		$entry = $first ? null : self::last();
		if ( null === $entry ) {
			$user  = wp_get_current_user();
			$entry = array(
				'started'   => time(),
				'finished'  => 0,
				'user'      => $user->exists() ? $user->display_name : __( 'the command line', 'car-export' ),
				'created'   => 0,
				'updated'   => 0,
				'unchanged' => 0,
				'failed'    => 0,
			);
		}
		foreach ( array( 'created', 'updated', 'unchanged', 'failed' ) as $key ) {
			$entry[ $key ] += $report[ $key ];
		}
		update_option( self::OPTION, $entry, false );
	}

	public static function finish(): void {
		$entry = self::last();
		if ( null !== $entry ) {
			$entry['finished'] = time();
			update_option( self::OPTION, $entry, false );
		}
	}

	/**
	 * @return Entry|null
	 */
	public static function last(): ?array {
		$stored = get_option( self::OPTION );
		if ( ! is_array( $stored ) || ! isset( $stored['started'] ) ) {
			return null;
		}
		return array(
			'started'   => (int) $stored['started'],
			'finished'  => (int) ( $stored['finished'] ?? 0 ),
			'user'      => is_string( $stored['user'] ?? null ) ? $stored['user'] : '',
			'created'   => (int) ( $stored['created'] ?? 0 ),
			'updated'   => (int) ( $stored['updated'] ?? 0 ),
			'unchanged' => (int) ( $stored['unchanged'] ?? 0 ),
			'failed'    => (int) ( $stored['failed'] ?? 0 ),
		);
	}
}
