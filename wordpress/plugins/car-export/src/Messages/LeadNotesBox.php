<?php
declare(strict_types=1);

namespace CarExport\Messages;

use CarExport\History\ChangeHistory;
use CarExport\History\HistoryEntry;
use CarExport\Service;

/**
 * The "Lead" box beside a message: its status and staff's private notes (a history each entry of
 * which names its author and time; a save adds a note, never changes one), saved with their own
 * nonce and the edit_post capability. The visitor's message itself stays read-only.
 */
final class LeadNotesBox implements Service {

	public const SUBMIT       = 'car_export_save_lead';
	public const FIELD_NOTES  = 'car_export_lead_notes';
	public const FIELD_STATUS = 'car_export_lead_status';
	private const NONCE_FIELD = 'car_export_lead_nonce';

	public function register(): void {
		foreach ( MessageFields::post_types() as $post_type ) {
			add_action( "add_meta_boxes_{$post_type}", array( $this, 'add_box' ) );
		}
		// Before MessagesAdmin refuses every edit of a message (priority 0): this save touches only
		// the lead's status and notes, then leaves before WordPress's own edit_post() could run.
		add_action( 'admin_action_editpost', array( $this, 'save' ), -10 );
	}

	public static function nonce_action( int $post_id ): string {
		return 'car_export_save_lead_' . $post_id;
	}

	public function add_box( \WP_Post $post ): void {
		add_meta_box( 'car_export_lead', __( 'Lead', 'car-export' ), array( $this, 'render' ), $post->post_type, 'side', 'high' );
	}

	public function render( \WP_Post $post ): void {
		$status = LeadStatus::of( get_post_meta( $post->ID, MessageFields::STATUS, true ) );
		wp_nonce_field( self::nonce_action( $post->ID ), self::NONCE_FIELD );

		echo '<p><label for="car-export-lead-status"><strong>' . esc_html__( 'Status', 'car-export' ) . '</strong></label><br />';
		echo '<select id="car-export-lead-status" name="' . esc_attr( self::FIELD_STATUS ) . '" class="widefat">';
		foreach ( LeadStatus::labels() as $value => $label ) {
			printf( '<option value="%s"%s>%s</option>', esc_attr( $value ), selected( $status, $value, false ), esc_html( $label ) );
		}
		echo '</select></p>';

		echo '<h4 class="car-export-notes-title">' . esc_html__( 'Private notes', 'car-export' ) . '</h4>';
		$notes = LeadNote::of_lead( $post->ID );
		if ( array() === $notes ) {
			echo '<p class="description">' . esc_html__( 'No notes yet.', 'car-export' ) . '</p>';
		} else {
			echo '<ol class="car-export-notes">';
			foreach ( $notes as $note ) {
				$by = '' === $note->when()
					? __( 'Earlier notes', 'car-export' )
					/* translators: 1: date and time, 2: author. */
					: sprintf( __( '%1$s, %2$s', 'car-export' ), $note->when(), $note->author_name() );
				echo '<li><span class="car-export-note-by">' . esc_html( $by ) . '</span><div class="car-export-note-text">' . esc_html( $note->text ) . '</div></li>';
			}
			echo '</ol>';
		}

		echo '<p><label for="car-export-lead-notes"><strong>' . esc_html__( 'Add a note', 'car-export' ) . '</strong></label>';
		printf(
			'<textarea id="car-export-lead-notes" name="%s" rows="4" class="widefat" maxlength="%d"></textarea>',
			esc_attr( self::FIELD_NOTES ),
			(int) LeadNote::MAX_LENGTH
		);
		echo '<span class="description">' . esc_html__( 'Only staff see notes; the visitor never does. A note is kept with your name and the time, and cannot be changed later.', 'car-export' ) . '</span></p>';

		submit_button( __( 'Save lead', 'car-export' ), 'primary', self::SUBMIT, false );
	}

	public function save(): void {
		// phpcs:disable WordPress.Security.NonceVerification.Missing -- the nonce is verified below before anything is saved.
		if ( ! isset( $_POST[ self::SUBMIT ] ) ) {
			return;
		}
		$post_id = isset( $_POST['post_ID'] ) ? absint( $_POST['post_ID'] ) : 0;
		$post    = get_post( $post_id );
		if ( ! $post instanceof \WP_Post || ! in_array( $post->post_type, MessageFields::post_types(), true ) ) {
			return;
		}
		$nonce = isset( $_POST[ self::NONCE_FIELD ] ) ? sanitize_text_field( wp_unslash( (string) $_POST[ self::NONCE_FIELD ] ) ) : '';
		if ( false === wp_verify_nonce( $nonce, self::nonce_action( $post_id ) ) ) {
			wp_die( esc_html__( 'This form has expired. Go back, reload the page and try again.', 'car-export' ), '', array( 'response' => 403 ) );
		}
		if ( ! current_user_can( 'edit_post', $post_id ) ) {
			wp_die( esc_html__( 'You are not allowed to change this lead.', 'car-export' ), '', array( 'response' => 403 ) );
		}
		$status = isset( $_POST[ self::FIELD_STATUS ] ) ? sanitize_key( wp_unslash( (string) $_POST[ self::FIELD_STATUS ] ) ) : '';
		$notes  = isset( $_POST[ self::FIELD_NOTES ] ) ? sanitize_textarea_field( wp_unslash( (string) $_POST[ self::FIELD_NOTES ] ) ) : '';
		// phpcs:enable
		if ( ! LeadStatus::is_valid( $status ) ) {
			wp_die( esc_html__( 'Unknown lead status.', 'car-export' ), '', array( 'response' => 400 ) );
		}
		if ( mb_strlen( trim( $notes ) ) > LeadNote::MAX_LENGTH ) {
			/* translators: %d: maximum length. */
			wp_die( esc_html( sprintf( __( 'A note may be at most %d characters long.', 'car-export' ), LeadNote::MAX_LENGTH ) ), '', array( 'response' => 400 ) );
		}
		ChangeHistory::through( HistoryEntry::VIA_FORM, static fn () => update_post_meta( $post_id, MessageFields::STATUS, $status ) );
		$note = LeadNote::create( get_current_user_id(), time(), $notes );
		if ( null !== $note ) {
			// Slashed because the meta functions unslash: a backslash staff typed is kept.
			add_post_meta( $post_id, MessageFields::NOTE_LOG, wp_slash( $note->to_stored() ) );
		}

		wp_safe_redirect( add_query_arg( 'message', 1, (string) get_edit_post_link( $post_id, 'url' ) ) );
		exit;
	}
}
