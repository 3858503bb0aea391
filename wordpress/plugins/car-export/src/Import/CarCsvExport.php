<?php
declare(strict_types=1);

namespace CarExport\Import;

use CarExport\Cars\CarFields;
use CarExport\Cars\CarRepository;
use CarExport\Messages\Csv;

/**
 * Writes the catalogue as CSV in the import's columns, so exporting and importing the file again
 * changes nothing: values in their stored form, lists joined by CarCsv::LIST_SEPARATOR, images by
 * their file names in the media library. Cars are read in batches so memory stays flat.
 */
final class CarCsvExport {

	/**
	 * @param resource $out
	 * @return int Number of cars written.
	 */
	public function write( $out ): int {
		$columns = CarCsv::columns();
		fwrite( $out, Csv::row( $columns ) ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_operations_fwrite -- streaming to the handle given.
		// Every status staff can edit, so the file round-trips drafts and scheduled cars too.
		return CarRepository::walk(
			true,
			function ( int $id ) use ( $out, $columns ): bool {
				$post = get_post( $id );
				if ( ! $post instanceof \WP_Post ) {
					return false;
				}
				fwrite( $out, Csv::row( $this->cells( $post, $columns ) ) ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_operations_fwrite -- as above.
				return true;
			}
		);
	}

	/**
	 * @param list<string> $columns
	 * @return list<string>
	 */
	private function cells( \WP_Post $post, array $columns ): array {
		$cells = array();
		foreach ( $columns as $column ) {
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
					$cells[] = implode( CarCsv::LIST_SEPARATOR, $this->image_names( $post->ID ) );
					break;
				default:
					$value   = get_post_meta( $post->ID, CarFields::meta_key( $column ), true );
					$cells[] = is_array( $value ) ? implode( CarCsv::LIST_SEPARATOR, array_map( 'strval', $value ) ) : ( is_scalar( $value ) ? (string) $value : '' );
			}
		}
		return $cells;
	}

	/**
	 * @return list<string>
	 */
	private function image_names( int $car_id ): array {
		$gallery = get_post_meta( $car_id, CarFields::meta_key( 'gallery' ), true );
		$names   = array();
		foreach ( is_array( $gallery ) ? $gallery : array() as $id ) {
			$file = get_post_meta( (int) $id, '_wp_attached_file', true );
			if ( is_string( $file ) && '' !== $file ) {
				$names[] = wp_basename( $file );
			}
		}
		return $names;
	}
}
