<?php
declare(strict_types=1);

namespace CarExport\Messages;

/**
 * The one-click links on leads (a status, "not spam"): an admin-post.php address with a nonce per
 * action and lead, and the checks its handler makes before it changes anything.
 */
final class LeadLink {

	/**
	 * @param array<string, string|int> $args Further query arguments.
	 */
	public static function url( string $action, int $post_id, array $args = array() ): string {
		return wp_nonce_url(
			add_query_arg(
				array(
					'action' => $action,
					'post'   => $post_id,
				) + $args,
				admin_url( 'admin-post.php' )
			),
			self::nonce_action( $action, $post_id )
		);
	}

	public static function nonce_action( string $action, int $post_id ): string {
		return $action . '_' . $post_id;
	}

	/**
	 * The lead a link of this action names, once its nonce and the user's right to change the lead
	 * are checked; stops the request with a 403 or 404 page otherwise.
	 */
	public static function checked_lead( string $action ): \WP_Post {
		$post_id = isset( $_GET['post'] ) ? absint( $_GET['post'] ) : 0;
		$nonce   = isset( $_GET['_wpnonce'] ) ? sanitize_text_field( wp_unslash( (string) $_GET['_wpnonce'] ) ) : '';
		if ( false === wp_verify_nonce( $nonce, self::nonce_action( $action, $post_id ) ) ) {
			wp_die( esc_html__( 'This link has expired. Go back, reload the list and try again.', 'car-export' ), '', array( 'response' => 403 ) );
		}
		$post = get_post( $post_id );
		if ( ! $post instanceof \WP_Post || ! in_array( $post->post_type, MessageFields::post_types(), true ) ) {
			wp_die( esc_html__( 'This lead does not exist.', 'car-export' ), '', array( 'response' => 404 ) );
		}
		if ( ! current_user_can( 'edit_post', $post_id ) ) {
			wp_die( esc_html__( 'You are not allowed to change this lead.', 'car-export' ), '', array( 'response' => 403 ) );
		}
		return $post;
	}

	/**
	 * Back where the click came from, else the lead's list, with a query argument saying what was
	 * done to which lead (its id), for the notice there.
	 */
	public static function redirect_back( \WP_Post $post, string $done ): never {
		$back = wp_get_referer();
		if ( false === $back ) {
			$back = admin_url( 'edit.php?post_type=' . $post->post_type );
		}
		wp_safe_redirect( add_query_arg( $done, $post->ID, $back ) );
		exit;
	}
}
