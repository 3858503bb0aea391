<?php
declare(strict_types=1);

namespace CarExport\Media;

use CarExport\Service;

/**
 * The formats WordPress writes an upload's sizes in.
 *
 * Rules: the original upload is kept as it came. JPEG and PNG sub-sizes are written as WebP when
 * the image editor can write WebP (every current browser shows WebP, and it is a third lighter
 * than JPEG at the same look), so one WebP list serves every visitor and no JPEG copies are made.
 * When the editor can also write AVIF (WordPress 6.5+ with a PHP that encodes it), each sub-size
 * gets an AVIF copy beside it, recorded under the size's `sources` in the attachment metadata, for
 * browsers that announce AVIF; nothing is guessed from PHP's own image functions, since WordPress
 * itself must be able to write the format. AVIF encodes several times slower than WebP, so the
 * copies are not made inside the upload or import: the upload is put on AvifBacklog and a cron
 * batch makes them, and a size's copy enters the metadata (so the read APIs list it) only once its
 * file is written.
 */
final class ImageFormats implements Service {

	public const WEBP = 'image/webp';
	public const AVIF = 'image/avif';

	/** Uploads whose sub-sizes are re-encoded; GIF stays GIF (it may be animated). */
	private const CONVERTED = array( 'image/jpeg', 'image/png' );

	/** WebP at this quality looks like the JPEG default (82) at about two thirds of its bytes. */
	private const WEBP_QUALITY = 78;

	/** @var array<string, bool> */
	private static array $writable = array();

	public function register(): void {
		add_filter( 'image_editor_output_format', array( $this, 'output_format' ), 10, 2 );
		add_filter( 'wp_editor_set_quality', array( $this, 'quality' ), 10, 2 );
		add_filter( 'wp_generate_attachment_metadata', array( $this, 'queue_avif_copies' ), 10, 2 );
		add_action( 'delete_attachment', array( $this, 'delete_avif_copies' ) );
	}

	/** Whether WordPress's image editor (GD or Imagick, as WordPress picks) can write this type. */
	public static function can_write( string $mime ): bool {
		if ( ! isset( self::$writable[ $mime ] ) ) {
			self::$writable[ $mime ] = (bool) wp_image_editor_supports( array( 'mime_type' => $mime ) );
		}
		return self::$writable[ $mime ];
	}

	/**
	 * WordPress asks this about the sizes it writes (no file named: the editor's own output) and,
	 * since 6.7, about the upload itself before it makes the "full" size, converting the upload when
	 * the answer names another type. Asked about a file that already exists, the answer adds no
	 * conversion, so the upload is kept as it came (core's own mappings, HEIC to JPEG, still apply).
	 *
	 * @param array<string, string>|mixed $formats source type => type to write.
	 * @param string|null|mixed           $filename the file asked about, if any.
	 * @return array<string, string>
	 */
	public function output_format( $formats, $filename = null ): array {
		$formats = is_array( $formats ) ? $formats : array();
		if ( is_string( $filename ) && '' !== $filename && is_file( $filename ) ) {
			return $formats;
		}
		if ( self::can_write( self::WEBP ) ) {
			foreach ( self::CONVERTED as $mime ) {
				$formats[ $mime ] = self::WEBP;
			}
		}
		return $formats;
	}

	/**
	 * @param int|mixed $quality
	 * @param string    $mime_type the type being written.
	 */
	public function quality( $quality, $mime_type ): int {
		return self::WEBP === $mime_type ? self::WEBP_QUALITY : (int) $quality;
	}

	/**
	 * Fresh sizes carry no AVIF copy yet; the attachment waits on the backlog for one.
	 *
	 * @param array<string, mixed>|mixed $metadata
	 * @param int|mixed                  $attachment_id
	 * @return array<string, mixed>|mixed
	 */
	public function queue_avif_copies( $metadata, $attachment_id ) {
		if ( is_array( $metadata ) && is_array( $metadata['sizes'] ?? null ) && array() !== $metadata['sizes'] && self::can_write( self::AVIF ) ) {
			AvifBacklog::add( (int) $attachment_id );
		}
		return $metadata;
	}

	/**
	 * Writes the AVIF copy of every sub-size of an attachment that lacks one, then records the
	 * copies in its metadata. Sizes whose copy is already recorded and on disk are skipped, so a
	 * second run after an interrupted one only finishes the rest.
	 *
	 * @return int the number of copies written.
	 */
	public static function make_avif_copies( int $attachment_id ): int {
		$file = get_attached_file( $attachment_id );
		$meta = wp_get_attachment_metadata( $attachment_id );
		if ( ! is_string( $file ) || '' === $file || ! is_array( $meta ) || ! is_array( $meta['sizes'] ?? null ) || ! self::can_write( self::AVIF ) ) {
			return 0;
		}
		$dir  = trailingslashit( dirname( $file ) );
		$made = array();
		foreach ( $meta['sizes'] as $size ) {
			if ( ! is_array( $size ) || empty( $size['file'] ) || self::AVIF === ( $size['mime-type'] ?? '' ) ) {
				continue;
			}
			$recorded = $size['sources'][ self::AVIF ]['file'] ?? '';
			if ( is_string( $recorded ) && '' !== $recorded && is_file( $dir . wp_basename( $recorded ) ) ) {
				continue;
			}
			$name = wp_basename( (string) $size['file'] );
			$copy = self::avif_copy( $dir . $name );
			if ( null !== $copy ) {
				$made[ $name ] = $copy;
			}
		}
		if ( array() === $made ) {
			return 0;
		}
		// Encoding takes seconds, during which staff may have edited the image: the metadata is read
		// again and a copy is recorded only beside the very file it was made from.
		wp_cache_delete( $attachment_id, 'post_meta' );
		$meta = wp_get_attachment_metadata( $attachment_id );
		if ( ! is_array( $meta ) || ! is_array( $meta['sizes'] ?? null ) ) {
			return 0;
		}
		$recorded = 0;
		foreach ( $meta['sizes'] as $size_name => $size ) {
			$name = is_array( $size ) && ! empty( $size['file'] ) ? wp_basename( (string) $size['file'] ) : '';
			if ( isset( $made[ $name ] ) ) {
				$meta['sizes'][ $size_name ]['sources'][ self::AVIF ] = $made[ $name ];
				++$recorded;
			}
		}
		wp_update_attachment_metadata( $attachment_id, $meta );
		return $recorded;
	}

	/**
	 * The AVIF files live beside the sizes, outside what WordPress deletes with an attachment.
	 *
	 * @param int|mixed $attachment_id
	 */
	public function delete_avif_copies( $attachment_id ): void {
		$meta = wp_get_attachment_metadata( (int) $attachment_id );
		$file = get_attached_file( (int) $attachment_id );
		if ( ! is_array( $meta ) || ! is_string( $file ) || '' === $file ) {
			return;
		}
		foreach ( self::source_files( $meta ) as $name ) {
			wp_delete_file( trailingslashit( dirname( $file ) ) . $name );
		}
	}

	/**
	 * File names of every extra format of every size in an attachment's metadata.
	 *
	 * @param array<mixed> $meta
	 * @return list<string>
	 */
	public static function source_files( array $meta ): array {
		$files = array();
		foreach ( is_array( $meta['sizes'] ?? null ) ? $meta['sizes'] : array() as $size ) {
			foreach ( is_array( $size['sources'] ?? null ) ? $size['sources'] : array() as $source ) {
				if ( is_array( $source ) && ! empty( $source['file'] ) ) {
					$files[] = wp_basename( (string) $source['file'] );
				}
			}
		}
		return $files;
	}

	/**
	 * Encodes one sub-size file again as AVIF, beside it (same name, .avif).
	 *
	 * @return array{file: string, filesize: int}|null null when the editor failed.
	 */
	private static function avif_copy( string $path ): ?array {
		$choose = array( AvifGdEditor::class, 'in_place_of_gd' );
		add_filter( 'wp_image_editors', $choose );
		$editor = wp_get_image_editor( $path );
		remove_filter( 'wp_image_editors', $choose );
		if ( is_wp_error( $editor ) ) {
			return null;
		}
		$target = preg_replace( '/\.[^.\/]+$/', '.avif', $path );
		$saved  = $editor->save( is_string( $target ) ? $target : $path . '.avif', self::AVIF );
		if ( is_wp_error( $saved ) || self::AVIF !== ( $saved['mime-type'] ?? '' ) ) {
			return null;
		}
		return array(
			'file'     => wp_basename( (string) $saved['path'] ),
			'filesize' => (int) filesize( (string) $saved['path'] ),
		);
	}
}
