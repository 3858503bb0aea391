<?php
/**
 * The plugin's wp-admin scripts and styles.
 *
 * @package CarExport
 */

declare(strict_types=1);

namespace CarExport\Admin;

use CarExport\Plugin;

/**
 * Enqueues files from the plugin's assets/ folder, each versioned by the plugin version and the
 * file's change time (so an edited file is never served from a browser's cache), and tells which
 * wp-admin screen is showing, so each screen loads only what it uses.
 */
final class Assets {

	/**
	 * The media library and the shared picker on top of it. Returns the picker's handle, for a
	 * form's own script to depend on.
	 */
	public static function enqueue_media_picker(): string {
		wp_enqueue_media();
		return self::script( 'admin-media-picker.js', array( 'jquery', 'media-editor' ) );
	}

	/**
	 * Enqueues a script of assets/ in the footer. Its handle is "car-export-" and the file's name,
	 * so a file has one handle whichever screen asks for it (WordPress then loads it once). Returns
	 * the handle.
	 *
	 * @param list<string> $deps Handles the script needs first.
	 */
	public static function script( string $file, array $deps = array() ): string {
		$handle = self::handle( $file );
		wp_enqueue_script( $handle, self::url( $file ), $deps, self::version( $file ), true );
		return $handle;
	}

	/**
	 * Enqueues a style of assets/, its handle named like a script's.
	 *
	 * @param list<string> $deps Handles the style needs first.
	 */
	public static function style( string $file, array $deps = array() ): string {
		$handle = self::handle( $file );
		wp_enqueue_style( $handle, self::url( $file ), $deps, self::version( $file ) );
		return $handle;
	}

	/**
	 * Whether the screen is the add or edit form of one post type.
	 *
	 * @param string $hook_suffix What admin_enqueue_scripts passes.
	 */
	public static function is_edit_screen( string $hook_suffix, string $post_type ): bool {
		return in_array( $hook_suffix, array( 'post.php', 'post-new.php' ), true ) && self::screen_post_type() === $post_type;
	}

	/**
	 * Whether the screen is the list of one post type.
	 *
	 * @param string $hook_suffix What admin_enqueue_scripts passes.
	 */
	public static function is_list_screen( string $hook_suffix, string $post_type ): bool {
		return 'edit.php' === $hook_suffix && self::screen_post_type() === $post_type;
	}

	private static function screen_post_type(): string {
		$screen = function_exists( 'get_current_screen' ) ? get_current_screen() : null;
		return null === $screen ? '' : $screen->post_type;
	}

	private static function handle( string $file ): string {
		return 'car-export-' . pathinfo( $file, PATHINFO_FILENAME );
	}

	private static function url( string $file ): string {
		return plugins_url( 'assets/' . $file, dirname( __DIR__, 2 ) . '/car-export.php' );
	}

	private static function version( string $file ): string {
		$changed = filemtime( dirname( __DIR__, 2 ) . '/assets/' . $file );
		return Plugin::VERSION . ( false === $changed ? '' : '.' . $changed );
	}
}
