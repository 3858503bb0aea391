<?php
declare(strict_types=1);

namespace CarExport\Media;

/**
 * Attachment images as plain arrays (id, alt, url, width, height, sizes) for the read APIs.
 * Reads only the post and meta caches, so callers prime those first and a page of cars costs
 * no query per image.
 *
 * Each size carries its MIME type: sub-sizes are WebP (see ImageFormats) while "full" is the
 * original upload, and a size with an AVIF copy is listed once more with that copy's file.
 *
 * @phpstan-type ImageSize array{name: string, url: string, width: int, height: int, mimeType: string}
 * @phpstan-type Image array{id: int, alt: string, url: string, width: int, height: int, sizes: list<ImageSize>}
 */
final class ImageData {

	/** Sizes first in this order, then any other registered size; 'full' always last. */
	private const SIZE_ORDER = array( 'thumbnail', 'car-thumb', 'medium', 'medium_large', 'large' );

	/**
	 * Loads attachments and their meta in two queries at most, whatever the number of ids.
	 *
	 * @param array<int|string> $ids
	 */
	public static function prime( array $ids ): void {
		$ids = array_values( array_unique( array_filter( array_map( 'intval', $ids ) ) ) );
		if ( array() !== $ids ) {
			_prime_post_caches( $ids, false, true );
		}
	}

	/**
	 * @return Image|null null when the id is not an image attachment (deleted, or a video).
	 */
	public static function from_attachment( int $id ): ?array {
		if ( $id <= 0 ) {
			return null;
		}
		$post = get_post( $id );
		if ( ! $post instanceof \WP_Post || 'attachment' !== $post->post_type || ! wp_attachment_is_image( $post ) ) {
			return null;
		}
		$url = wp_get_attachment_url( $id );
		if ( ! is_string( $url ) || '' === $url ) {
			return null;
		}
		$meta   = wp_get_attachment_metadata( $id );
		$meta   = is_array( $meta ) ? $meta : array();
		$width  = (int) ( $meta['width'] ?? 0 );
		$height = (int) ( $meta['height'] ?? 0 );

		return array(
			'id'     => $id,
			'alt'    => trim( wp_strip_all_tags( (string) get_post_meta( $id, '_wp_attachment_image_alt', true ) ) ),
			'url'    => $url,
			'width'  => $width,
			'height' => $height,
			'sizes'  => self::sizes( $url, $width, $height, (string) $post->post_mime_type, is_array( $meta['sizes'] ?? null ) ? $meta['sizes'] : array() ),
		);
	}

	/**
	 * @param array<int|string> $ids
	 * @return list<Image> images in the given order, missing ones left out.
	 */
	public static function from_attachments( array $ids ): array {
		$images = array();
		foreach ( $ids as $id ) {
			$image = self::from_attachment( (int) $id );
			if ( null !== $image ) {
				$images[] = $image;
			}
		}
		return $images;
	}

	/**
	 * Intermediate files sit next to the full file, so their URL is the full URL's folder plus
	 * the file name from the metadata (what image_downsize() does, without its per-size work).
	 *
	 * @param array<mixed> $meta_sizes
	 * @return list<ImageSize>
	 */
	private static function sizes( string $full_url, int $width, int $height, string $full_mime, array $meta_sizes ): array {
		$base  = substr( $full_url, 0, (int) strrpos( $full_url, '/' ) + 1 );
		$sizes = array();
		foreach ( self::ordered_names( array_keys( $meta_sizes ) ) as $name ) {
			$size = $meta_sizes[ $name ];
			if ( ! is_array( $size ) || empty( $size['file'] ) ) {
				continue;
			}
			$files = array( (string) $size['file'] => (string) ( $size['mime-type'] ?? '' ) );
			foreach ( is_array( $size['sources'] ?? null ) ? $size['sources'] : array() as $mime => $source ) {
				if ( is_array( $source ) && ! empty( $source['file'] ) ) {
					$files[ (string) $source['file'] ] = (string) $mime;
				}
			}
			foreach ( $files as $file => $mime ) {
				$sizes[] = array(
					'name'     => (string) $name,
					'url'      => $base . wp_basename( $file ),
					'width'    => (int) ( $size['width'] ?? 0 ),
					'height'   => (int) ( $size['height'] ?? 0 ),
					'mimeType' => '' !== $mime ? $mime : self::mime_of( $file ),
				);
			}
		}
		$sizes[] = array(
			'name'     => 'full',
			'url'      => $full_url,
			'width'    => $width,
			'height'   => $height,
			'mimeType' => '' !== $full_mime ? $full_mime : self::mime_of( $full_url ),
		);
		return $sizes;
	}

	/** Metadata written before WordPress 5.x kept no type per size; the extension tells it. */
	private static function mime_of( string $file ): string {
		$type = wp_check_filetype( $file );
		return is_string( $type['type'] ) ? $type['type'] : 'application/octet-stream';
	}

	/**
	 * @param array<int|string> $names
	 * @return list<string>
	 */
	private static function ordered_names( array $names ): array {
		$names = array_map( 'strval', $names );
		$known = array_values( array_intersect( self::SIZE_ORDER, $names ) );
		$other = array_values( array_diff( $names, self::SIZE_ORDER, array( 'full' ) ) );
		sort( $other );
		return array_merge( $known, $other );
	}
}
