<?php
declare(strict_types=1);

namespace CarExport\Sitemap;

use CarExport\Cars\CarFields;
use CarExport\Cars\CarRepository;

/**
 * The published cars and news posts a sitemap lists, cut into files of at most file_size() entries
 * in id order. A file is named by its first id, so it is read with one range query on the primary
 * key however deep it lies (no OFFSET), and the index that names the files is one query per kind.
 *
 * @phpstan-type SitemapFile array{kind: string, from: int, count: int, modified: string}
 */
final class SitemapRepository {

	/** Most URLs one sitemap file may hold (the protocol allows 50,000; smaller files answer faster). */
	public const MAX_FILE_SIZE = 10000;

	/** Lowers the file size (tests list a catalogue past its first file with a few cars). */
	public const FILE_SIZE_OPTION = 'car_export_sitemap_file_size';

	/** Kind => [post type, whether a password excludes the post]. */
	private const KINDS = array(
		'cars' => array( CarFields::POST_TYPE, false ),
		'news' => array( 'post', true ),
	);

	public static function file_size(): int {
		$size = (int) get_option( self::FILE_SIZE_OPTION, self::MAX_FILE_SIZE );
		return $size >= 1 && $size <= self::MAX_FILE_SIZE ? $size : self::MAX_FILE_SIZE;
	}

	/**
	 * Every file of every kind: its first id, how many entries it holds and when the latest of them
	 * changed (ISO 8601 UTC).
	 *
	 * @return list<SitemapFile>
	 */
	public function files(): array {
		global $wpdb;
		$files = array();
		foreach ( array_keys( self::KINDS ) as $kind ) {
			list( $where, $params ) = self::where( $kind );
			$params[]               = self::file_size();
			$sql                    = "SELECT MIN(ID) AS first_id, COUNT(*) AS entries, MAX(post_modified_gmt) AS modified, MAX(post_modified) AS local_modified FROM (SELECT ID, post_modified_gmt, post_modified, ROW_NUMBER() OVER (ORDER BY ID) - 1 AS position FROM {$wpdb->posts} WHERE {$where}) AS listed GROUP BY position DIV %d ORDER BY first_id";
			// phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared -- the condition and its placeholders are ours.
			$rows = $wpdb->get_results( $wpdb->prepare( $sql, $params ), ARRAY_A );
			self::assert_no_db_error();
			foreach ( is_array( $rows ) ? $rows : array() as $row ) {
				$files[] = array(
					'kind'     => $kind,
					'from'     => (int) $row['first_id'],
					'count'    => (int) $row['entries'],
					'modified' => CarRepository::iso_date( (string) $row['modified'], (string) $row['local_modified'] ),
				);
			}
		}
		return $files;
	}

	/**
	 * One file: the entries of $kind from id $from on, at most file_size(), in id order; a car by its
	 * id, a news post by its slug, each with when it last changed.
	 *
	 * @return array{keys: list<string>, modified: list<string>}
	 */
	public function entries( string $kind, int $from ): array {
		global $wpdb;
		list( $where, $params ) = self::where( $kind );
		$params[]               = max( 0, $from );
		$params[]               = self::file_size();
		$key                    = 'news' === $kind ? 'post_name' : 'ID';
		// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared, WordPress.DB.PreparedSQLPlaceholders.ReplacementsWrongNumber -- column, condition and placeholders are ours.
		$rows = $wpdb->get_results( $wpdb->prepare( "SELECT {$key} AS entry, post_modified_gmt AS modified, post_modified AS local_modified FROM {$wpdb->posts} WHERE {$where} AND ID >= %d ORDER BY ID LIMIT %d", $params ), ARRAY_A );
		self::assert_no_db_error();
		$out = array(
			'keys'     => array(),
			'modified' => array(),
		);
		foreach ( is_array( $rows ) ? $rows : array() as $row ) {
			$out['keys'][]     = (string) $row['entry'];
			$out['modified'][] = CarRepository::iso_date( (string) $row['modified'], (string) $row['local_modified'] );
		}
		return $out;
	}

	/**
	 * $kind when it is one this sitemap lists; otherwise a client error naming the choices.
	 */
	public static function kind( mixed $kind ): string {
		if ( ! is_string( $kind ) || ! isset( self::KINDS[ $kind ] ) ) {
			throw new \GraphQL\Error\UserError( 'kind must be one of: ' . implode( ', ', array_keys( self::KINDS ) ) . '.' );
		}
		return $kind;
	}

	/**
	 * @return array{0: string, 1: list<string>}
	 */
	private static function where( string $kind ): array {
		list( $type, $no_password ) = self::KINDS[ $kind ] ?? self::KINDS['cars'];
		$where                      = 'post_type = %s AND post_status = %s' . ( $no_password ? " AND post_password = ''" : '' );
		return array( $where, array( $type, 'publish' ) );
	}

	private static function assert_no_db_error(): void {
		global $wpdb;
		if ( '' !== $wpdb->last_error ) {
			throw new \RuntimeException( 'Sitemap query failed: ' . $wpdb->last_error );
		}
	}
}
