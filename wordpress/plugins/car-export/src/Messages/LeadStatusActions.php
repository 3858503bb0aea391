<?php
declare(strict_types=1);

namespace CarExport\Messages;

use CarExport\History\ChangeHistory;
use CarExport\History\HistoryEntry;
use CarExport\Service;

/**
 * Changing a lead's status from the list in one click: a row link per other status, handled by
 * admin-post.php with a nonce per lead and the edit_post capability, then back to the same list.
 */
final class LeadStatusActions implements Service {

	public const ACTION = 'car_export_lead_status';

	/** The list's query argument naming the lead a click just changed. */
	private const DONE = 'lead_status_changed';

	public function register(): void {
		add_filter( 'post_row_actions', array( $this, 'row_actions' ), 20, 2 );
		add_action( 'admin_post_' . self::ACTION, array( $this, 'handle' ) );
		add_action( 'admin_notices', array( $this, 'notice' ) );
		add_filter( 'removable_query_args', array( $this, 'removable_args' ) );
	}

	/** After a click on "Mark Won": which lead now has which status, so staff see the click worked. */
	public function notice(): void {
		$screen = function_exists( 'get_current_screen' ) ? get_current_screen() : null;
		// phpcs:ignore WordPress.Security.NonceVerification.Recommended -- only names what was done; nothing is changed.
		$post_id = isset( $_GET[ self::DONE ] ) ? absint( $_GET[ self::DONE ] ) : 0;
		$post    = $post_id > 0 ? get_post( $post_id ) : null;
		if ( null === $screen || 'edit' !== $screen->base || ! $post instanceof \WP_Post || $post->post_type !== $screen->post_type || ! in_array( $post->post_type, MessageFields::post_types(), true ) || ! current_user_can( 'edit_post', $post_id ) ) {
			return;
		}
		$status = LeadStatus::labels()[ LeadStatus::of( get_post_meta( $post_id, MessageFields::STATUS, true ) ) ];
		printf(
			'<div class="notice notice-success is-dismissible"><p>%s</p></div>',
			/* translators: 1: sender's name, 2: lead status. */
			esc_html( sprintf( __( 'The lead from %1$s is now marked %2$s.', 'car-export' ), $post->post_title, $status ) )
		);
	}

	/**
	 * The notice is for the click once: reloading the list must not show it again.
	 *
	 * @param list<string> $args
	 * @return list<string>
	 */
	public function removable_args( array $args ): array {
		$args[] = self::DONE;
		return $args;
	}

	/**
	 * @param array<string, string> $actions
	 * @return array<string, string>
	 */
	public function row_actions( array $actions, \WP_Post $post ): array {
		if ( ! in_array( $post->post_type, MessageFields::post_types(), true ) || 'trash' === $post->post_status || ! current_user_can( 'edit_post', $post->ID ) ) {
			return $actions;
		}
		$current = LeadStatus::of( get_post_meta( $post->ID, MessageFields::STATUS, true ) );
		foreach ( LeadStatus::labels() as $status => $label ) {
			if ( $status === $current ) {
				continue;
			}
			$url                                 = LeadLink::url( self::ACTION, $post->ID, array( 'status' => $status ) );
			$actions[ 'lead_status_' . $status ] = sprintf(
				'<a href="%s" aria-label="%s">%s</a>',
				esc_url( $url ),
				/* translators: 1: status, 2: sender's name. */
				esc_attr( sprintf( __( 'Mark the lead from %2$s as %1$s', 'car-export' ), $label, $post->post_title ) ),
				// Non-breaking spaces keep each action on one line in the narrow first column.
				/* translators: %s: status. */
				esc_html( str_replace( ' ', "\u{00A0}", sprintf( __( 'Mark %s', 'car-export' ), $label ) ) )
			);
		}
		return $actions;
	}

	public function handle(): void {
		$post   = LeadLink::checked_lead( self::ACTION );
		$status = isset( $_GET['status'] ) ? sanitize_key( wp_unslash( (string) $_GET['status'] ) ) : '';
		if ( ! LeadStatus::is_valid( $status ) ) {
			wp_die( esc_html__( 'Unknown lead status.', 'car-export' ), '', array( 'response' => 400 ) );
		}
		ChangeHistory::through( HistoryEntry::VIA_LEAD_LIST, static fn () => update_post_meta( $post->ID, MessageFields::STATUS, $status ) );
		// Whoever sets a status from the list has dealt with the lead, as if they had opened it.
		delete_post_meta( $post->ID, MessageFields::UNREAD );
		LeadLink::redirect_back( $post, self::DONE );
	}
}
