<?php
declare(strict_types=1);

namespace CarExport\Import;

use CarExport\Cars\CarFields;
use CarExport\Cars\CarRepository;
use CarExport\Messages\Csv;

/**
 * Writes the catalogue as CSV in the import's columns, so exporting and importing the file again
 * changes nothing: values in the words the import's column guide gives (CarCsv::export_cell), lists
 * joined by CarCsv::LIST_SEPARATOR, images by their file names in the media library. Cars are read in batches so memory stays flat, and each
 * batch's rows leave for the handle before the next batch is read, so a download starts at once.
 */
final class CarCsvExport {

	/** Columns filled from the post itself, not from meta. */
	private const POST_COLUMNS = array(
		'title'       => 'post_title',
		'status'      => 'post_status',
		'description' => 'post_content',
	);

	/**
	 * @param resource $out
	 * @return int Number of cars written.
	 */
	public function write( $out ): int {
		$columns = CarCsv::columns();
		// Each column's meta key looked up once: CarFields builds its whole field list per lookup.
		$keys = array();
		foreach ( $columns as $column ) {
			$keys[ $column ] = isset( self::POST_COLUMNS[ $column ] ) || 'images' === $column ? '' : CarFields::meta_key( $column );
		}
		$fields = array();
		foreach ( array_filter( $keys ) as $column => $meta_key ) {
			$fields[ $column ] = CarFields::get( $column );
		}
		$gallery_key = CarFields::meta_key( 'gallery' );
		$meta_keys   = array_values( array_unique( array_merge( array_filter( $keys ), array( $gallery_key ) ) ) );
		fwrite( $out, Csv::row( CarCsv::header() ) ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_operations_fwrite -- streaming to the handle given.
		fflush( $out );
		flush();
		$count = 0;
		// Every status staff can edit, so the file round-trips drafts and scheduled cars too. Each
		// batch is read in three queries of only what the file holds (post fields, the columns' meta,
		// the gallery's file names): priming WordPress's caches with every meta row of every car, and
		// reading them back through its meta API, was most of a 100,000-car export's time.
		foreach ( CarRepository::batches( true ) as $ids ) {
			$meta      = $this->meta( $ids, $meta_keys );
			$galleries = array();
			foreach ( $meta as $car_id => $values ) {
				$gallery              = maybe_unserialize( $values[ $gallery_key ] ?? '' );
				$galleries[ $car_id ] = is_array( $gallery ) ? $gallery : array();
			}
			$files = $this->image_files( $galleries );
			$lines = '';
			foreach ( $this->posts( $ids ) as $post ) {
				$car_id = (int) $post['ID'];
				$lines .= Csv::row( $this->cells( $post, $meta[ $car_id ] ?? array(), $keys, $fields, $galleries[ $car_id ] ?? array(), $files ) );
				++$count;
			}
			// The batch's rows go to the reader now, not when the whole file is done.
			fwrite( $out, $lines ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_operations_fwrite -- as above.
			fflush( $out );
			flush();
		}
		return $count;
	}

	/**
	 * The post fields the file holds, in id order.
	 *
	 * @param list<int> $ids
	 * @return list<array<string, string>>
	 */
	private function posts( array $ids ): array {
		global $wpdb;
		$marks = self::marks( $ids, '%d' );
		// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared, WordPress.DB.PreparedSQLPlaceholders.UnfinishedPrepare -- one %d per id, built above.
		$rows = $wpdb->get_results( $wpdb->prepare( "SELECT ID, post_title, post_status, post_content FROM {$wpdb->posts} WHERE ID IN ({$marks}) ORDER BY ID ASC", $ids ), ARRAY_A );
		return is_array( $rows ) ? $rows : array();
	}

	/**
	 * Each car's stored value of each of the keys. A key stored twice keeps its oldest row, the one
	 * get_post_meta() returns.
	 *
	 * @param list<int>    $ids
	 * @param list<string> $meta_keys
	 * @return array<int, array<string, string>> Car id => meta key => stored (maybe serialized) value.
	 */
	private function meta( array $ids, array $meta_keys ): array {
		global $wpdb;
		$id_marks  = self::marks( $ids, '%d' );
		$key_marks = self::marks( $meta_keys, '%s' );
		// By the post_id index: by meta_key MariaDB would read every car's rows of each key.
		// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared, WordPress.DB.PreparedSQLPlaceholders.UnfinishedPrepare -- one placeholder per value, built above.
		$rows = $wpdb->get_results( $wpdb->prepare( "SELECT post_id, meta_key, meta_value FROM {$wpdb->postmeta} FORCE INDEX (post_id) WHERE post_id IN ({$id_marks}) AND meta_key IN ({$key_marks}) ORDER BY meta_id ASC", array_merge( $ids, $meta_keys ) ), ARRAY_A );
		$meta = array();
		foreach ( is_array( $rows ) ? $rows : array() as $row ) {
			$meta[ (int) $row['post_id'] ][ (string) $row['meta_key'] ] ??= (string) $row['meta_value'];
		}
		return $meta;
	}

	/**
	 * The file name of every image in the cars' galleries, in one query: looked up car by car,
	 * each image cost a query of its own.
	 *
	 * @param array<int, array<mixed>> $galleries Car id => its gallery's attachment ids.
	 * @return array<int, string>
	 */
	private function image_files( array $galleries ): array {
		global $wpdb;
		$ids = array();
		foreach ( $galleries as $gallery ) {
			foreach ( $gallery as $id ) {
				$ids[ (int) $id ] = true;
			}
		}
		$ids = array_keys( $ids );
		if ( array() === $ids ) {
			return array();
		}
		$marks = self::marks( $ids, '%d' );
		// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared, WordPress.DB.PreparedSQLPlaceholders.UnfinishedPrepare -- one %d per id, built above.
		$rows  = $wpdb->get_results( $wpdb->prepare( "SELECT post_id, meta_value FROM {$wpdb->postmeta} WHERE meta_key = '_wp_attached_file' AND post_id IN ({$marks}) ORDER BY meta_id DESC", $ids ), ARRAY_A );
		$files = array();
		// Newest first, so an attachment's oldest row wins, as get_post_meta() would read it.
		foreach ( is_array( $rows ) ? $rows : array() as $row ) {
			$files[ (int) $row['post_id'] ] = (string) $row['meta_value'];
		}
		return $files;
	}

	/**
	 * @param array<string, string> $post    The post fields.
	 * @param array<string, string> $meta    Meta key => stored value, of this car.
	 * @param array<string, string> $keys    Column => its meta key ('' for the post's own fields and
	 *                                       the images), in the file's order.
	 * @param array<string, array{type: string, default?: string}> $fields Column => its field, for the meta columns.
	 * @param array<mixed>          $gallery This car's gallery: attachment ids.
	 * @param array<int, string>    $files   Attachment id => file name.
	 * @return list<string>
	 */
	private function cells( array $post, array $meta, array $keys, array $fields, array $gallery, array $files ): array {
		$cells = array();
		foreach ( $keys as $column => $meta_key ) {
			if ( '' !== $meta_key ) {
				$cells[] = CarCsv::export_cell( $fields[ $column ], self::text( $meta[ $meta_key ] ?? '' ) );
			} elseif ( 'images' === $column ) {
				$cells[] = self::image_names( $gallery, $files );
			} else {
				$cells[] = (string) $post[ self::POST_COLUMNS[ $column ] ];
			}
		}
		return $cells;
	}

	/**
	 * A stored meta value as its cell: a list joined by the list separator, a scalar as text.
	 */
	private static function text( string $stored ): string {
		// Only text that may be serialized (a type letter then a colon, "N;", or space before either,
		// which maybe_unserialize() trims) goes through it: the rest is the value as stored.
		if ( ! isset( $stored[1] ) || ( ':' !== $stored[1] && ';' !== $stored[1] && ! ctype_space( $stored[0] ) ) ) {
			return $stored;
		}
		$value = maybe_unserialize( $stored );
		if ( is_array( $value ) ) {
			return implode( CarCsv::LIST_SEPARATOR, array_map( 'strval', $value ) );
		}
		return is_scalar( $value ) ? (string) $value : '';
	}

	/**
	 * @param array<mixed>       $gallery The car's gallery: attachment ids.
	 * @param array<int, string> $files   Attachment id => file name.
	 */
	private static function image_names( array $gallery, array $files ): string {
		$names = array();
		foreach ( $gallery as $id ) {
			$file = $files[ (int) $id ] ?? '';
			if ( '' !== $file ) {
				$names[] = wp_basename( $file );
			}
		}
		return implode( CarCsv::LIST_SEPARATOR, $names );
	}

	/**
	 * One placeholder per value, comma-separated, for an IN ( … ) list.
	 *
	 * @param array<mixed> $values
	 */
	private static function marks( array $values, string $placeholder ): string {
		return implode( ',', array_fill( 0, count( $values ), $placeholder ) );
	}
}
