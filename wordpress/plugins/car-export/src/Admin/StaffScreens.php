<?php
declare(strict_types=1);

namespace CarExport\Admin;

use CarExport\Service;

/**
 * Hides the wp-admin screens that do nothing for this site: the public pages are the website's, so
 * WordPress's comments, Customizer, themes, widgets and menus change nothing a visitor sees.
 * Their menu entries and admin-bar links go, and their addresses lead to the dashboard, so no
 * member of staff spends time on a setting that has no effect. Comments stay closed.
 */
final class StaffScreens implements Service {

	/** Screens (their file in wp-admin) that lead to the dashboard. */
	private const HIDDEN = array( 'edit-comments.php', 'comment.php', 'options-discussion.php', 'customize.php', 'themes.php', 'theme-install.php', 'theme-editor.php', 'widgets.php', 'nav-menus.php', 'site-editor.php' );

	public function register(): void {
		add_action( 'admin_menu', array( $this, 'menu' ), 999 );
		add_action( 'admin_bar_menu', array( $this, 'admin_bar' ), 999 );
		add_action( 'admin_init', array( $this, 'leave_hidden_screen' ) );
		add_action( 'init', array( $this, 'no_comments' ), 100 );
		add_filter( 'comments_open', '__return_false' );
	}

	public function menu(): void {
		remove_menu_page( 'edit-comments.php' );
		remove_menu_page( 'themes.php' );
		remove_submenu_page( 'options-general.php', 'options-discussion.php' );
	}

	public function admin_bar( \WP_Admin_Bar $bar ): void {
		foreach ( array( 'comments', 'customize', 'themes', 'widgets', 'menus', 'background', 'header' ) as $node ) {
			$bar->remove_node( $node );
		}
	}

	/** The Discussion box and Comments column of news posts go with the screens. */
	public function no_comments(): void {
		remove_post_type_support( 'post', 'comments' );
		remove_post_type_support( 'post', 'trackbacks' );
	}

	public function leave_hidden_screen(): void {
		global $pagenow;
		if ( ! is_string( $pagenow ) || ! in_array( $pagenow, self::HIDDEN, true ) || wp_doing_ajax() ) {
			return;
		}
		wp_safe_redirect( admin_url( 'index.php' ) );
		exit;
	}
}
