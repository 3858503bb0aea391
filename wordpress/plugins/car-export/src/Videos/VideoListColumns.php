<?php
/**
 * Columns of the Videos list.
 *
 * @package CarExport
 */

declare(strict_types=1);

namespace CarExport\Videos;

use CarExport\Service;

/**
 * Poster, duration and source (file or external host) on the Videos list screen.
 */
final class VideoListColumns implements Service {

	public function register(): void {
		add_filter( 'manage_' . VideoFields::POST_TYPE . '_posts_columns', array( $this, 'columns' ) );
		add_action( 'manage_' . VideoFields::POST_TYPE . '_posts_custom_column', array( $this, 'render_column' ), 10, 2 );
	}

	/**
	 * @param array<string, string> $columns
	 * @return array<string, string>
	 */
	public function columns( array $columns ): array {
		$ordered = array();
		foreach ( $columns as $key => $label ) {
			if ( 'title' === $key ) {
				$ordered['car_export_thumbnail'] = __( 'Poster', 'car-export' );
			}
			$ordered[ $key ] = $label;
			if ( 'title' === $key ) {
				$ordered['car_export_duration'] = __( 'Duration', 'car-export' );
				$ordered['car_export_source']   = __( 'Source', 'car-export' );
			}
		}
		return $ordered;
	}

	public function render_column( string $column, int $post_id ): void {
		switch ( $column ) {
			case 'car_export_thumbnail':
				echo has_post_thumbnail( $post_id ) ? get_the_post_thumbnail( $post_id, array( 60, 60 ) ) : '&mdash;';
				break;
			case 'car_export_duration':
				$duration = VideoFields::duration( $post_id );
				echo $duration > 0 ? esc_html( VideoFields::format_duration( $duration ) ) : '&mdash;';
				break;
			case 'car_export_source':
				echo esc_html( $this->source_label( $post_id ) );
				break;
		}
	}

	private function source_label( int $post_id ): string {
		$file_id = VideoFields::file_id( $post_id );
		if ( $file_id > 0 ) {
			$file_url = wp_get_attachment_url( $file_id );
			/* translators: %s: file name */
			return $file_url ? sprintf( __( 'File: %s', 'car-export' ), wp_basename( $file_url ) ) : __( 'File (missing)', 'car-export' );
		}
		$url = VideoFields::url( $post_id );
		if ( '' !== $url ) {
			/* translators: %s: host name of the external video */
			return sprintf( __( 'URL: %s', 'car-export' ), (string) wp_parse_url( $url, PHP_URL_HOST ) );
		}
		return __( 'None', 'car-export' );
	}
}
