<?php
declare(strict_types=1);

namespace CarExport\Media;

/**
 * WordPress's GD image editor, writing AVIF at libavif's speed 7 where GD asks for its default 6.
 * WordPress's own Imagick editor asks for 7 for the same reason: on the demo photos (Debian 13's
 * libavif) 7 encodes a size in about 60 % of the time of 6 at the same or a smaller file, and the
 * AVIF backlog is the slowest work the back end does after an import.
 */
final class AvifGdEditor extends \WP_Image_Editor_GD {

	private const AVIF_SPEED = 7;

	/**
	 * @param string       $filename
	 * @param callable     $callback the GD function that writes the file.
	 * @param array<mixed> $arguments its arguments: image, file name, quality.
	 * @return bool
	 */
	protected function make_image( $filename, $callback, $arguments ) {
		if ( 'imageavif' === $callback ) {
			$arguments[3] = self::AVIF_SPEED;
		}
		return parent::make_image( $filename, $callback, $arguments );
	}

	/**
	 * The editor list WordPress chooses from, with this class in the GD editor's place (Imagick,
	 * when WordPress prefers it, already encodes AVIF at this speed).
	 *
	 * @param array<mixed>|mixed $editors
	 * @return array<mixed>
	 */
	public static function in_place_of_gd( $editors ): array {
		require_once ABSPATH . WPINC . '/class-wp-image-editor.php';
		require_once ABSPATH . WPINC . '/class-wp-image-editor-gd.php';
		return array_map(
			static fn( $editor ) => 'WP_Image_Editor_GD' === $editor ? self::class : $editor,
			is_array( $editors ) ? $editors : array()
		);
	}
}
