<?php
declare(strict_types=1);

namespace CarExport\Media;

/**
 * Makes every size of existing image attachments again, in today's formats (WebP sub-sizes, and
 * AVIF copies queued on AvifBacklog where WordPress can write them), as an upload now would. The original upload is never
 * touched; files of the old sizes that the new metadata no longer names are deleted, so an install
 * that had JPEG sub-sizes ends with WebP ones and no orphans.
 */
final class SizeRegenerator {

	/** @var callable(string): void */
	private $log;

	/**
	 * @param callable(string): void $log receives one line per attachment.
	 */
	public function __construct( callable $log ) {
		$this->log = $log;
	}

	/**
	 * @param list<int> $ids attachments to redo; every image attachment when empty.
	 * @return array{done: int, failed: int}
	 */
	public function run( array $ids ): array {
		require_once ABSPATH . 'wp-admin/includes/image.php';
		$ids    = array() !== $ids ? $ids : self::all_image_ids();
		$counts = array(
			'done'   => 0,
			'failed' => 0,
		);
		foreach ( $ids as $id ) {
			$problem = $this->regenerate( $id );
			if ( null === $problem ) {
				++$counts['done'];
				continue;
			}
			++$counts['failed'];
			( $this->log )( sprintf( 'Attachment %d: %s', $id, $problem ) );
		}
		return $counts;
	}

	/** @return string|null what went wrong, null when done. */
	private function regenerate( int $id ): ?string {
		if ( ! wp_attachment_is_image( $id ) ) {
			return 'not an image attachment.';
		}
		// The untouched upload when WordPress made a "-scaled" copy of a big one.
		$original = wp_get_original_image_path( $id );
		if ( ! is_string( $original ) || ! is_readable( $original ) ) {
			return 'its file is missing.';
		}
		$old = wp_get_attachment_metadata( $id );
		$new = wp_generate_attachment_metadata( $id, $original );
		if ( ! is_array( $new ) || array() === $new ) {
			return 'WordPress could not read the image.';
		}
		wp_update_attachment_metadata( $id, $new );
		$dir = trailingslashit( dirname( $original ) );
		foreach ( array_diff( self::size_files( is_array( $old ) ? $old : array() ), self::size_files( $new ) ) as $stale ) {
			wp_delete_file( $dir . $stale );
		}
		return null;
	}

	/**
	 * Every sub-size file (and extra format) an attachment's metadata names.
	 *
	 * @param array<mixed> $meta
	 * @return list<string>
	 */
	private static function size_files( array $meta ): array {
		$files = ImageFormats::source_files( $meta );
		foreach ( is_array( $meta['sizes'] ?? null ) ? $meta['sizes'] : array() as $size ) {
			if ( is_array( $size ) && ! empty( $size['file'] ) ) {
				$files[] = wp_basename( (string) $size['file'] );
			}
		}
		return $files;
	}

	/** @return list<int> */
	private static function all_image_ids(): array {
		$ids = get_posts(
			array(
				'post_type'      => 'attachment',
				'post_status'    => 'inherit',
				'post_mime_type' => 'image',
				'posts_per_page' => -1,
				'fields'         => 'ids',
				'orderby'        => 'ID',
				'order'          => 'ASC',
			)
		);
		return array_map( 'intval', $ids );
	}
}
