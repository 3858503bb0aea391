<?php
declare(strict_types=1);

namespace CarExport\Admin;

use CarExport\History\ChangeHistory;
use CarExport\History\HistoryEntry;
use CarExport\Messages\LeadStatus;
use CarExport\Messages\MessageFields;
use CarExport\Service;

/**
 * Working many leads at once from the lists: mark them read or unread, or give them a status
 * (which, like the row links, marks them read: whoever set it has dealt with the lead). Core's
 * edit.php checks the list's bulk nonce before handing the action over; each lead is still
 * checked against edit_post. The list then says how many leads changed and how many already
 * were as asked.
 */
final class LeadBulkActions implements Service {

	public const READ          = 'car_export_lead_read';
	public const UNREAD        = 'car_export_lead_unread';
	private const STATUS       = 'car_export_lead_status_';
	private const PARAM_ACTION = 'lead_bulk';
	private const PARAM_DONE   = 'lead_bulk_changed';
	private const PARAM_SAME   = 'lead_bulk_unchanged';
	private const PARAM_DENIED = 'lead_bulk_denied';

	public function register(): void {
		foreach ( MessageFields::post_types() as $post_type ) {
			add_filter( "bulk_actions-edit-{$post_type}", array( $this, 'actions' ), 20 );
			add_filter( "handle_bulk_actions-edit-{$post_type}", array( $this, 'handle' ), 10, 3 );
		}
		add_action( 'admin_notices', array( $this, 'notice' ) );
		add_filter( 'removable_query_args', array( $this, 'removable_args' ) );
	}

	/**
	 * The bulk actions, status ones in working order, before core's Move to Trash.
	 *
	 * @param array<string, string> $actions
	 * @return array<string, string>
	 */
	public function actions( array $actions ): array {
		$ours = array(
			self::READ   => __( 'Mark read', 'car-export' ),
			self::UNREAD => __( 'Mark unread', 'car-export' ),
		);
		foreach ( LeadStatus::labels() as $status => $label ) {
			/* translators: %s: lead status. */
			$ours[ self::STATUS . $status ] = sprintf( __( 'Mark %s', 'car-export' ), $label );
		}
		return $ours + $actions;
	}

	/**
	 * The lead status a bulk action sets, or null when it sets none.
	 */
	public static function status_of( string $action ): ?string {
		if ( ! str_starts_with( $action, self::STATUS ) ) {
			return null;
		}
		$status = substr( $action, strlen( self::STATUS ) );
		return LeadStatus::is_valid( $status ) ? $status : null;
	}

	public static function is_ours( string $action ): bool {
		return self::READ === $action || self::UNREAD === $action || null !== self::status_of( $action );
	}

	/**
	 * @param string     $sendback Where core sends staff back to.
	 * @param string     $action   The chosen bulk action.
	 * @param array<int> $post_ids The ticked leads.
	 */
	public function handle( string $sendback, string $action, array $post_ids ): string {
		if ( ! self::is_ours( $action ) ) {
			return $sendback;
		}
		$status  = self::status_of( $action );
		$changed = 0;
		$same    = 0;
		$denied  = 0;
		foreach ( array_map( 'intval', $post_ids ) as $post_id ) {
			$type = get_post_type( $post_id );
			if ( ! is_string( $type ) || ! in_array( $type, MessageFields::post_types(), true ) || ! current_user_can( 'edit_post', $post_id ) ) {
				++$denied;
				continue;
			}
			if ( self::apply( $post_id, $action, $status ) ) {
				++$changed;
			} else {
				++$same;
			}
		}
		return add_query_arg(
			array(
				self::PARAM_ACTION => $action,
				self::PARAM_DONE   => $changed,
				self::PARAM_SAME   => $same,
				self::PARAM_DENIED => $denied,
			),
			remove_query_arg( array( self::PARAM_ACTION, self::PARAM_DONE, self::PARAM_SAME, self::PARAM_DENIED ), $sendback )
		);
	}

	/**
	 * Applies one bulk action to one lead. Returns whether anything about the lead changed.
	 */
	private static function apply( int $post_id, string $action, ?string $status ): bool {
		$unread = '' !== (string) get_post_meta( $post_id, MessageFields::UNREAD, true );
		if ( self::UNREAD === $action ) {
			if ( ! $unread ) {
				update_post_meta( $post_id, MessageFields::UNREAD, 1 );
			}
			return ! $unread;
		}
		$changed = false;
		if ( null !== $status ) {
			$changed = LeadStatus::of( get_post_meta( $post_id, MessageFields::STATUS, true ) ) !== $status;
			ChangeHistory::through( HistoryEntry::VIA_BULK_ACTION, static fn () => update_post_meta( $post_id, MessageFields::STATUS, $status ) );
		}
		if ( $unread ) {
			delete_post_meta( $post_id, MessageFields::UNREAD );
			$changed = true;
		}
		return $changed;
	}

	/**
	 * The sentence after a bulk action: how many leads changed, how many already were as asked,
	 * and how many this account may not change.
	 */
	public static function summary( string $action, int $changed, int $same, int $denied ): string {
		$status = self::status_of( $action );
		if ( null !== $status ) {
			$label = LeadStatus::labels()[ $status ];
			/* translators: 1: number of leads, 2: lead status. */
			$text = sprintf( _n( '%1$d lead marked %2$s.', '%1$d leads marked %2$s.', $changed, 'car-export' ), $changed, $label );
		} elseif ( self::UNREAD === $action ) {
			/* translators: %d: number of leads. */
			$text = sprintf( _n( '%d lead marked unread.', '%d leads marked unread.', $changed, 'car-export' ), $changed );
		} else {
			/* translators: %d: number of leads. */
			$text = sprintf( _n( '%d lead marked read.', '%d leads marked read.', $changed, 'car-export' ), $changed );
		}
		if ( $same > 0 ) {
			/* translators: %d: number of leads. */
			$text .= ' ' . sprintf( _n( '%d was already so.', '%d were already so.', $same, 'car-export' ), $same );
		}
		if ( $denied > 0 ) {
			/* translators: %d: number of leads. */
			$text .= ' ' . sprintf( _n( '%d could not be changed: you may not edit it.', '%d could not be changed: you may not edit them.', $denied, 'car-export' ), $denied );
		}
		return $text;
	}

	public function notice(): void {
		$screen = function_exists( 'get_current_screen' ) ? get_current_screen() : null;
		// phpcs:disable WordPress.Security.NonceVerification.Recommended -- only reads counts to show them; nothing is changed.
		if ( null === $screen || 'edit' !== $screen->base || ! in_array( $screen->post_type, MessageFields::post_types(), true ) || ! isset( $_GET[ self::PARAM_ACTION ] ) ) {
			return;
		}
		$action = sanitize_key( wp_unslash( (string) $_GET[ self::PARAM_ACTION ] ) );
		$count  = static fn( string $key ): int => isset( $_GET[ $key ] ) ? absint( $_GET[ $key ] ) : 0;
		// phpcs:enable
		if ( ! self::is_ours( $action ) ) {
			return;
		}
		$denied = $count( self::PARAM_DENIED );
		printf(
			'<div class="notice notice-%s is-dismissible"><p>%s</p></div>',
			esc_attr( $denied > 0 ? 'warning' : 'success' ),
			esc_html( self::summary( $action, $count( self::PARAM_DONE ), $count( self::PARAM_SAME ), $denied ) )
		);
	}

	/**
	 * The counts are for the notice once: reloading the list must not show it again.
	 *
	 * @param list<string> $args
	 * @return list<string>
	 */
	public function removable_args( array $args ): array {
		return array_merge( $args, array( self::PARAM_ACTION, self::PARAM_DONE, self::PARAM_SAME, self::PARAM_DENIED ) );
	}
}
