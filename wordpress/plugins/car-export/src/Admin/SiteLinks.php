<?php
declare(strict_types=1);

namespace CarExport\Admin;

use CarExport\Cars\CarFields;
use CarExport\Service;
use CarExport\Videos\VideoPostType;

/**
 * "View on site" for cars, news posts and videos: a row action on their lists and an admin-bar
 * link on their edit screens, pointing at the page of the public site (CAR_EXPORT_FRONTEND_URL),
 * since WordPress itself shows no pages. Only published posts have a page there.
 */
final class SiteLinks implements Service {

	public function register(): void {
		add_filter( 'post_row_actions', array( $this, 'row_actions' ), 15, 2 );
		add_action( 'admin_bar_menu', array( $this, 'admin_bar' ), 80 );
	}

	/** The site's address without a trailing slash; empty when not configured. */
	public static function site(): string {
		$site = defined( 'CAR_EXPORT_FRONTEND_URL' ) ? (string) constant( 'CAR_EXPORT_FRONTEND_URL' ) : (string) getenv( 'CAR_EXPORT_FRONTEND_URL' );
		return rtrim( $site, '/' );
	}

	/**
	 * The site's page of a post: a car at /car/<id>, a news post at /news/<slug>, a video on the
	 * home page (where videos are shown). Null for other types and for posts that are not published.
	 */
	public static function url_for( \WP_Post $post ): ?string {
		$site = self::site();
		if ( '' === $site || 'publish' !== $post->post_status ) {
			return null;
		}
		return match ( $post->post_type ) {
			CarFields::POST_TYPE => $site . '/car/' . $post->ID,
			'post' => $site . '/news/' . rawurlencode( $post->post_name ),
			VideoPostType::POST_TYPE => $site . '/',
			default => null,
		};
	}

	/**
	 * @param array<string, string> $actions
	 * @return array<string, string>
	 */
	public function row_actions( array $actions, \WP_Post $post ): array {
		$url = self::url_for( $post );
		if ( null === $url ) {
			return $actions;
		}
		// Core's own "View" leads to WordPress's front end, which only redirects; this one goes straight there.
		unset( $actions['view'] );
		$actions['car_export_view'] = sprintf(
			'<a href="%s" target="_blank" rel="noopener" aria-label="%s">%s</a>',
			esc_url( $url ),
			/* translators: %s: post title. */
			esc_attr( sprintf( __( 'View “%s” on the site (opens in a new tab)', 'car-export' ), $post->post_title ) ),
			esc_html__( 'View on site', 'car-export' )
		);
		return $actions;
	}

	public function admin_bar( \WP_Admin_Bar $bar ): void {
		if ( ! is_admin() ) {
			return;
		}
		$screen = get_current_screen();
		$post   = get_post();
		if ( null === $screen || 'post' !== $screen->base || ! $post instanceof \WP_Post || ! current_user_can( 'edit_post', $post->ID ) ) {
			return;
		}
		$url = self::url_for( $post );
		if ( null === $url ) {
			return;
		}
		$bar->remove_node( 'view' );
		$bar->add_node(
			array(
				'id'    => 'car-export-view-on-site',
				'title' => esc_html__( 'View on site', 'car-export' ),
				'href'  => esc_url( $url ),
				'meta'  => array(
					'target' => '_blank',
					'rel'    => 'noopener',
				),
			)
		);
	}
}
