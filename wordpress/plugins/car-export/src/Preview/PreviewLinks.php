<?php
declare(strict_types=1);

namespace CarExport\Preview;

use CarExport\Admin\SiteLinks;
use CarExport\Cars\CarFields;
use CarExport\Service;

/**
 * "Preview on site" for cars and news posts that are not published yet: core's Preview button,
 * a row action and an admin-bar link open the site's /preview/<kind>/<id>?token=… page with a
 * signed link valid for PreviewToken::TTL. Links are only made for staff who may edit the post.
 */
final class PreviewLinks implements Service {

	public function register(): void {
		add_filter( 'preview_post_link', array( $this, 'preview_link' ), 10, 2 );
		add_filter( 'post_row_actions', array( $this, 'row_actions' ), 16, 2 );
		add_action( 'admin_bar_menu', array( $this, 'admin_bar' ), 81 );
	}

	/** The site's preview page of a post, or null when it has none or the user may not edit it. */
	public static function url_for( \WP_Post $post ): ?string {
		$kind   = CarFields::POST_TYPE === $post->post_type ? 'car' : ( 'post' === $post->post_type ? 'post' : '' );
		$site   = SiteLinks::site();
		$secret = PreviewResolver::secret();
		if ( '' === $kind || '' === $site || '' === $secret || 'trash' === $post->post_status || ! current_user_can( 'edit_post', $post->ID ) ) {
			return null;
		}
		return $site . '/preview/' . $kind . '/' . $post->ID . '?token=' . rawurlencode( PreviewToken::create( $kind, $post->ID, $secret, time() ) );
	}

	public function preview_link( string $link, \WP_Post $post ): string {
		return self::url_for( $post ) ?? $link;
	}

	/**
	 * @param array<string, string> $actions
	 * @return array<string, string>
	 */
	public function row_actions( array $actions, \WP_Post $post ): array {
		if ( 'publish' === $post->post_status ) {
			return $actions;
		}
		$url = self::url_for( $post );
		if ( null === $url ) {
			return $actions;
		}
		unset( $actions['view'] );
		$actions['car_export_preview'] = sprintf(
			'<a href="%s" target="_blank" rel="noopener">%s</a>',
			esc_url( $url ),
			esc_html__( 'Preview on site', 'car-export' )
		);
		return $actions;
	}

	public function admin_bar( \WP_Admin_Bar $bar ): void {
		if ( ! is_admin() ) {
			return;
		}
		$screen = get_current_screen();
		$post   = get_post();
		if ( null === $screen || 'post' !== $screen->base || ! $post instanceof \WP_Post || 'publish' === $post->post_status || 'auto-draft' === $post->post_status ) {
			return;
		}
		$url = self::url_for( $post );
		if ( null === $url ) {
			return;
		}
		$bar->add_node(
			array(
				'id'    => 'car-export-preview-on-site',
				'title' => esc_html__( 'Preview on site', 'car-export' ),
				'href'  => esc_url( $url ),
				'meta'  => array(
					'target' => '_blank',
					'rel'    => 'noopener',
				),
			)
		);
	}
}
