<?php
/**
 * The video post type.
 *
 * @package CarExport
 */

declare(strict_types=1);

namespace CarExport\Videos;

use CarExport\Service;

/**
 * Short videos for the home page: a title, a thumbnail, and either a media-library file or an
 * external https URL (the file wins when both are set), plus the duration the player shows.
 * This class registers the type and its typed meta; VideoAdmin is the form, VideoListColumns the list.
 */
final class VideoPostType implements Service {

	public function register(): void {
		add_action( 'init', array( $this, 'register_post_type' ) );
		add_action( 'init', array( $this, 'register_meta' ) );
	}

	public function register_post_type(): void {
		// The headless site's theme may not declare thumbnails; videos need them for the poster image.
		add_theme_support( 'post-thumbnails', array( VideoFields::POST_TYPE ) );

		register_post_type(
			VideoFields::POST_TYPE,
			array(
				'labels'              => array(
					'name'               => __( 'Videos', 'car-export' ),
					'singular_name'      => __( 'Video', 'car-export' ),
					'add_new_item'       => __( 'Add New Video', 'car-export' ),
					'edit_item'          => __( 'Edit Video', 'car-export' ),
					'new_item'           => __( 'New Video', 'car-export' ),
					'view_item'          => __( 'View Video', 'car-export' ),
					'search_items'       => __( 'Search Videos', 'car-export' ),
					'not_found'          => __( 'No videos found.', 'car-export' ),
					'not_found_in_trash' => __( 'No videos found in Trash.', 'car-export' ),
					'all_items'          => __( 'All Videos', 'car-export' ),
					'featured_image'     => __( 'Poster image', 'car-export' ),
					'set_featured_image' => __( 'Set poster image', 'car-export' ),
				),
				// Videos are read through GraphQL only; WordPress itself renders no page for them.
				'public'              => false,
				'publicly_queryable'  => false,
				'exclude_from_search' => true,
				'show_ui'             => true,
				'show_in_menu'        => true,
				'show_in_nav_menus'   => false,
				'show_in_rest'        => false,
				'has_archive'         => false,
				'rewrite'             => false,
				'query_var'           => false,
				'menu_icon'           => 'dashicons-video-alt3',
				'menu_position'       => 21,
				'supports'            => array( 'title', 'thumbnail' ),
			)
		);
	}

	public function register_meta(): void {
		// Typed and sanitised on every write, whoever writes (this form, the seed, a script).
		$common = array(
			'object_subtype' => VideoFields::POST_TYPE,
			'single'         => true,
			'show_in_rest'   => false,
		);
		$to_int = static fn ( $value ): int => absint( $value );
		$to_url = static fn ( $value ): string => esc_url_raw( is_string( $value ) ? $value : '', array( 'http', 'https' ) );
		register_meta(
			'post',
			VideoFields::META_FILE,
			$common + array(
				'type'              => 'integer',
				'sanitize_callback' => $to_int,
			)
		);
		register_meta(
			'post',
			VideoFields::META_URL,
			$common + array(
				'type'              => 'string',
				'sanitize_callback' => $to_url,
			)
		);
		register_meta(
			'post',
			VideoFields::META_DURATION,
			$common + array(
				'type'              => 'integer',
				'sanitize_callback' => $to_int,
			)
		);
	}
}
