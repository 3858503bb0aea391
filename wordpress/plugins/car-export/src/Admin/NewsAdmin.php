<?php
declare(strict_types=1);

namespace CarExport\Admin;

use CarExport\Service;

/**
 * WordPress's posts are the site's News: named so in wp-admin, with a Featured image panel (the
 * photo of the /news card, the article's hero and its share image), and a Cover column on the
 * list that points out a post still without one.
 */
final class NewsAdmin implements Service {

	public function register(): void {
		// Core only shows the Featured image panel when the theme supports thumbnails for the type;
		// this site has no theme of its own to say so.
		add_action( 'after_setup_theme', array( $this, 'thumbnails' ), 20 );
		add_filter( 'post_type_labels_post', array( $this, 'labels' ) );
		add_action( 'admin_menu', array( $this, 'menu' ) );
		add_filter( 'manage_post_posts_columns', array( $this, 'columns' ) );
		add_action( 'manage_post_posts_custom_column', array( $this, 'render_column' ), 10, 2 );
		add_action( 'admin_enqueue_scripts', array( $this, 'enqueue' ) );
	}

	public function enqueue( string $hook_suffix ): void {
		if ( Assets::is_list_screen( $hook_suffix, 'post' ) ) {
			Assets::style( 'admin-news.css' );
		}
	}

	public function thumbnails(): void {
		add_theme_support( 'post-thumbnails', array( 'post' ) );
	}

	/**
	 * Core names the posts menu "Posts" whatever the type's labels say; the site calls them News.
	 */
	public function menu(): void {
		global $menu, $submenu;
		foreach ( is_array( $menu ) ? $menu : array() as $position => $item ) {
			if ( isset( $item[2] ) && 'edit.php' === $item[2] ) {
				// phpcs:ignore WordPress.WP.GlobalVariablesOverride.Prohibited -- the documented way to rename a core menu item.
				$menu[ $position ][0] = __( 'News', 'car-export' );
			}
		}
		foreach ( is_array( $submenu['edit.php'] ?? null ) ? $submenu['edit.php'] : array() as $position => $item ) {
			if ( isset( $item[2] ) && 'edit.php' === $item[2] ) {
				// phpcs:ignore WordPress.WP.GlobalVariablesOverride.Prohibited -- as above.
				$submenu['edit.php'][ $position ][0] = __( 'All news', 'car-export' );
			}
		}
	}

	/**
	 * @param \stdClass $labels Core's labels of the post type.
	 */
	public function labels( \stdClass $labels ): \stdClass {
		$labels->name               = __( 'News', 'car-export' );
		$labels->menu_name          = __( 'News', 'car-export' );
		$labels->name_admin_bar     = __( 'News post', 'car-export' );
		$labels->singular_name      = __( 'News post', 'car-export' );
		$labels->all_items          = __( 'All news', 'car-export' );
		$labels->add_new_item       = __( 'Add news post', 'car-export' );
		$labels->edit_item          = __( 'Edit news post', 'car-export' );
		$labels->new_item           = __( 'New news post', 'car-export' );
		$labels->view_item          = __( 'View news post', 'car-export' );
		$labels->search_items       = __( 'Search news', 'car-export' );
		$labels->not_found          = __( 'No news found.', 'car-export' );
		$labels->featured_image     = __( 'Cover image', 'car-export' );
		$labels->set_featured_image = __( 'Set cover image', 'car-export' );
		return $labels;
	}

	/**
	 * @param array<string, string> $columns
	 * @return array<string, string>
	 */
	public function columns( array $columns ): array {
		$cover = array( 'cover' => __( 'Cover', 'car-export' ) );
		$index = array_search( 'title', array_keys( $columns ), true );
		if ( false === $index ) {
			return $columns + $cover;
		}
		return array_slice( $columns, 0, $index, true ) + $cover + array_slice( $columns, $index, null, true );
	}

	public function render_column( string $column, int $post_id ): void {
		if ( 'cover' !== $column ) {
			return;
		}
		$thumbnail = get_the_post_thumbnail( $post_id, array( 80, 60 ), array( 'class' => 'car-export-news-cover' ) );
		if ( '' !== $thumbnail ) {
			echo wp_kses_post( $thumbnail );
			return;
		}
		echo '<span class="car-export-news-no-cover">' . esc_html__( 'No cover: the news card shows a grey box', 'car-export' ) . '</span>';
	}
}
