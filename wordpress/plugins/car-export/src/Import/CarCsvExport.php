<?php
declare(strict_types=1);

namespace CarExport\Import;

use CarExport\Cars\CarFields;
use CarExport\Cars\CarRepository;
use CarExport\Messages\Csv;

/**
 * Writes the catalogue as CSV in the import's columns, so exporting and importing the file again
 * changes nothing: values in their stored form, lists joined by CarCsv::LIST_SEPARATOR, images by
 * their file names in the media library. Cars are read in batches so memory stays flat, and each
 * batch's rows leave for the handle before the next batch is read, so a download starts at once.
 */
final class CarCsvExport {

	/** @var array<int, string> Attachment id => file name, for the images of the batch being written. */
	private array $files = array();

	/** The gallery's meta key (its attachment ids), looked up once. */
	private string $gallery_key = '';

	/**
	 * @param resource $out
	 * @return int Number of cars written.
	 */
	public function write( $out ): int {
		$columns = CarCsv::columns();
		// Each column's meta key looked up once: CarFields builds its whole field list per lookup,
		// which 100,000 cars × 25 columns made half of the export's PHP time.
		$keys = array();
		foreach ( $columns as $column ) {
			$keys[ $column ] = in_array( $column, array( 'title', 'status', 'description', 'images' ), true ) ? '' : CarFields::meta_key( $column );
		}
		$this->gallery_key = CarFields::meta_key( 'gallery' );
		fwrite( $out, Csv::row( $columns ) ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_operations_fwrite -- streaming to the handle given.
		// Every status staff can edit, so the file round-trips drafts and scheduled cars too.
		return CarRepository::walk(
			true,
			function ( int $id ) use ( $out, $keys ): bool {
				$post = get_post( $id );
				if ( ! $post instanceof \WP_Post ) {
					return false;
				}
				fwrite( $out, Csv::row( $this->cells( $post, $keys ) ) ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_operations_fwrite -- as above.
				return true;
			},
			function ( array $ids ) use ( $out ): void {
				// The rows written so far go to the reader now, not when the whole file is done.
				fflush( $out );
				flush();
				$this->files = $this->image_files( $ids );
			}
		);
	}

	/**
	 * The file name of every image in the cars' galleries, in one query: looked up car by car,
	 * each image cost a query of its own.
	 *
	 * @param list<int> $car_ids Cars whose meta is loaded.
	 * @return array<int, string>
	 */
	private function image_files( array $car_ids ): array {
		global $wpdb;
		$ids = array();
		foreach ( $car_ids as $car_id ) {
			$gallery = get_post_meta( $car_id, $this->gallery_key, true );
			foreach ( is_array( $gallery ) ? $gallery : array() as $id ) {
				$ids[ (int) $id ] = true;
			}
		}
		$ids = array_keys( $ids );
		if ( array() === $ids ) {
			return array();
		}
		$marks = implode( ',', array_fill( 0, count( $ids ), '%d' ) );
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
	 * @param array<string, string> $keys Column => its meta key ('' for the post's own fields and the
	 *                                    images), in the file's order.
	 * @return list<string>
	 */
	private function cells( \WP_Post $post, array $keys ): array {
		// Every meta value of the car from the batch's loaded meta at once: a get_post_meta() call per
		// column ran core's meta filters 25 times a car, a third of a 100,000-car export's time.
		$meta  = get_post_meta( $post->ID );
		$cells = array();
		foreach ( $keys as $column => $meta_key ) {
			switch ( $column ) {
				case 'title':
					$cells[] = $post->post_title;
					break;
				case 'status':
					$cells[] = $post->post_status;
					break;
				case 'description':
					$cells[] = $post->post_content;
					break;
				case 'images':
					$cells[] = implode( CarCsv::LIST_SEPARATOR, $this->image_names( maybe_unserialize( $meta[ $this->gallery_key ][0] ?? '' ) ) );
					break;
				default:
					$stored  = $meta[ $meta_key ][0] ?? '';
					$value   = maybe_unserialize( $stored );
					$cells[] = is_array( $value ) ? implode( CarCsv::LIST_SEPARATOR, array_map( 'strval', $value ) ) : ( is_scalar( $value ) ? (string) $value : '' );
			}
		}
		return $cells;
	}

	/**
	 * @param mixed $gallery The car's stored gallery: a list of attachment ids.
	 * @return list<string>
	 */
	private function image_names( mixed $gallery ): array {
		$names = array();
		foreach ( is_array( $gallery ) ? $gallery : array() as $id ) {
			$file = $this->files[ (int) $id ] ?? '';
			if ( '' !== $file ) {
				$names[] = wp_basename( $file );
			}
		}
		return $names;
	}
}
