<?php
declare(strict_types=1);

namespace CarExport\Admin;

use CarExport\Cars\CarFields;
use CarExport\Preview\PreviewResolver;
use CarExport\Preview\PreviewToken;
use CarExport\Service;
use CarExport\Videos\VideoFields;

/**
 * Links from wp-admin to the public site (CAR_EXPORT_FRONTEND_URL), since WordPress itself shows no
 * pages: "View on site" for published cars, news posts and videos, and "Preview on site" (also
 * core's Preview button, in the car editor too) for cars and news posts not published yet, through a signed link
 * valid for PreviewToken::TTL. Both as a row action on the lists and in the admin bar while editing.
 */
final class SiteLinks implements Service {

	public function register(): void {
		add_filter( 'post_row_actions', array( $this, 'row_actions' ), 15, 2 );
		add_action( 'admin_bar_menu', array( $this, 'admin_bar' ), 80 );
		add_filter( 'preview_post_link', array( $this, 'preview_link' ), 10, 2 );
		add_filter( 'is_post_type_viewable', array( $this, 'car_previewable_in_editor' ), 10, 2 );
	}

	/**
	 * The car editor's Publish box shows core's Preview button only for a viewable post type, and
	 * cars are not (WordPress shows no pages). On that screen alone, when the site's preview is
	 * configured, they count as viewable: Preview then saves the draft and opens the signed site
	 * preview that preview_link() hands core. Everywhere else (lists, queries, sitemaps) nothing changes.
	 */
	public function car_previewable_in_editor( bool $viewable, \WP_Post_Type $type ): bool {
		if ( $viewable || CarFields::POST_TYPE !== $type->name || ! is_admin() || ! function_exists( 'get_current_screen' ) ) {
			return $viewable;
		}
		$screen = get_current_screen();
		return null !== $screen && 'post' === $screen->base && CarFields::POST_TYPE === $screen->post_type
			&& '' !== self::site() && '' !== PreviewResolver::secret();
	}

	/** The site's address without a trailing slash; empty when not configured. */
	public static function site(): string {
		$site = defined( 'CAR_EXPORT_FRONTEND_URL' ) ? (string) constant( 'CAR_EXPORT_FRONTEND_URL' ) : (string) getenv( 'CAR_EXPORT_FRONTEND_URL' );
		return rtrim( $site, '/' );
	}

	/**
	 * The site's page of a published post: a car at /car/<id>, a news post at /news/<slug>, a video
	 * on the home page (where videos are shown). Null for other types and unpublished posts.
	 */
	public static function url_for( \WP_Post $post ): ?string {
		$site = self::site();
		if ( '' === $site || 'publish' !== $post->post_status ) {
			return null;
		}
		return match ( $post->post_type ) {
			CarFields::POST_TYPE => $site . '/car/' . $post->ID,
			'post' => $site . '/news/' . rawurlencode( $post->post_name ),
			VideoFields::POST_TYPE => $site . '/',
			default => null,
		};
	}

	/** The site's preview page of a car or news post, or null when it has none or the user may not edit it. */
	public static function preview_url_for( \WP_Post $post ): ?string {
		$kind   = CarFields::POST_TYPE === $post->post_type ? 'car' : ( 'post' === $post->post_type ? 'post' : '' );
		$site   = self::site();
		$secret = PreviewResolver::secret();
		if ( '' === $kind || '' === $site || '' === $secret || in_array( $post->post_status, array( 'trash', 'auto-draft' ), true ) || ! current_user_can( 'edit_post', $post->ID ) ) {
			return null;
		}
		return $site . '/preview/' . $kind . '/' . $post->ID . '?token=' . rawurlencode( PreviewToken::create( $kind, $post->ID, $secret, time() ) );
	}

	public function preview_link( string $link, \WP_Post $post ): string {
		// Core's Preview of a new post saves it first but passes the post as it was read before that
		// save (still an auto-draft); the stored post is the draft the preview is of.
		$stored = get_post( $post->ID );
		return self::preview_url_for( $stored instanceof \WP_Post ? $stored : $post ) ?? $link;
	}

	/**
	 * @param array<string, string> $actions
	 * @return array<string, string>
	 */
	public function row_actions( array $actions, \WP_Post $post ): array {
		$link = $this->link( $post );
		if ( null === $link ) {
			return $actions;
		}
		// Core's own "View" leads to WordPress's front end, which only redirects; this one goes straight there.
		unset( $actions['view'] );
		$actions[ 'car_export_' . $link['id'] ] = sprintf( '<a href="%s" target="_blank" rel="noopener">%s</a>', esc_url( $link['url'] ), esc_html( $link['label'] ) );
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
		$link = $this->link( $post );
		if ( null === $link ) {
			return;
		}
		$bar->remove_node( 'view' );
		$bar->add_node(
			array(
				'id'    => 'car-export-' . $link['id'],
				'title' => esc_html( $link['label'] ),
				'href'  => esc_url( $link['url'] ),
				'meta'  => array(
					'target' => '_blank',
					'rel'    => 'noopener',
				),
			)
		);
	}

	/**
	 * @return array{id: string, url: string, label: string}|null
	 */
	private function link( \WP_Post $post ): ?array {
		$view = self::url_for( $post );
		if ( null !== $view ) {
			return array(
				'id'    => 'view',
				'url'   => $view,
				'label' => __( 'View on site', 'car-export' ),
			);
		}
		$preview = self::preview_url_for( $post );
		return null === $preview ? null : array(
			'id'    => 'preview',
			'url'   => $preview,
			'label' => __( 'Preview on site', 'car-export' ),
		);
	}
}
