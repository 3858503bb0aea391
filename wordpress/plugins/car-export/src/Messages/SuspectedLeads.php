<?php
declare(strict_types=1);

namespace CarExport\Messages;

use CarExport\Mail\LeadMail;
use CarExport\Service;

/**
 * The leads' spam folder. A lead the spam guard suspects is stored like any other, under a post
 * status of its own: left out of the lead lists' "All" view, of the unread counts and of the staff
 * mail, and listed under "Suspected spam" with the guard's reasons. "Not spam" makes it an ordinary
 * new, unread lead and sends the staff mail it did not get, so a person the guard took for a bot
 * is answered late but never lost.
 */
final class SuspectedLeads implements Service {

	/** Post status of a suspected lead (at most 20 characters, as WordPress allows). */
	public const STATUS = 'lead_suspected';
	/** Post status of every other lead. */
	public const ORDINARY = 'private';

	public const ACTION = 'car_export_lead_not_spam';

	public function register(): void {
		add_action( 'init', array( $this, 'register_status' ) );
		add_filter( 'post_row_actions', array( $this, 'row_actions' ), 30, 2 );
		add_action( 'admin_post_' . self::ACTION, array( $this, 'handle' ) );
		foreach ( MessageFields::post_types() as $post_type ) {
			// Before the details box, so staff read why the lead is held before reading the lead.
			add_action( "add_meta_boxes_{$post_type}", array( $this, 'meta_box' ), 5 );
		}
	}

	public function register_status(): void {
		register_post_status(
			self::STATUS,
			array(
				'label'                     => __( 'Suspected spam', 'car-export' ),
				/* translators: %s: number of leads. */
				'label_count'               => _n_noop( 'Suspected spam <span class="count">(%s)</span>', 'Suspected spam <span class="count">(%s)</span>', 'car-export' ),
				'public'                    => false,
				'internal'                  => false,
				'protected'                 => true,
				// Still a lead: queries for leads of any status (the mail queue's, staff tools') find it.
				'exclude_from_search'       => false,
				'show_in_admin_all_list'    => false,
				'show_in_admin_status_list' => true,
			)
		);
	}

	public static function is_suspected( \WP_Post $post ): bool {
		return self::STATUS === $post->post_status && in_array( $post->post_type, MessageFields::post_types(), true );
	}

	/**
	 * The guard's reasons as stored with the lead.
	 *
	 * @param list<string> $reasons
	 */
	public static function reasons_text( array $reasons ): string {
		return implode( '; ', $reasons );
	}

	/**
	 * @param array<string, string> $actions
	 * @return array<string, string>
	 */
	public function row_actions( array $actions, \WP_Post $post ): array {
		if ( ! self::is_suspected( $post ) || ! current_user_can( 'edit_post', $post->ID ) ) {
			return $actions;
		}
		return array(
			'lead_not_spam' => sprintf(
				'<a href="%s" aria-label="%s">%s</a>',
				esc_url( LeadLink::url( self::ACTION, $post->ID ) ),
				/* translators: %s: sender's name. */
				esc_attr( sprintf( __( 'Mark the lead from %s as not spam', 'car-export' ), $post->post_title ) ),
				esc_html( str_replace( ' ', "\u{00A0}", __( 'Not spam', 'car-export' ) ) )
			),
		) + $actions;
	}

	public function meta_box( \WP_Post $post ): void {
		if ( self::is_suspected( $post ) ) {
			add_meta_box( 'car_export_suspected', __( 'Suspected spam', 'car-export' ), array( $this, 'render_box' ), $post->post_type, 'normal', 'high' );
		}
	}

	public function render_box( \WP_Post $post ): void {
		$reasons = (string) get_post_meta( $post->ID, MessageFields::SPAM_REASONS, true );
		echo '<p>' . esc_html__( 'The spam guard held this lead back: staff were not mailed and it is left out of the lead list.', 'car-export' ) . '</p>';
		printf( '<p class="car-export-spam-reasons"><strong>%s</strong> %s</p>', esc_html__( 'Why:', 'car-export' ), esc_html( $reasons ) );
		if ( current_user_can( 'edit_post', $post->ID ) ) {
			printf( '<p><a class="button button-primary" href="%s">%s</a></p>', esc_url( LeadLink::url( self::ACTION, $post->ID ) ), esc_html__( 'Not spam: move it to the leads', 'car-export' ) );
		}
	}

	public function handle(): void {
		$post = LeadLink::checked_lead( self::ACTION );
		// A second click (or a lead released meanwhile) changes nothing and mails nobody twice.
		if ( self::is_suspected( $post ) && self::release( $post->ID ) ) {
			( new LeadMail() )->send_after_response( $post->ID );
		}
		LeadLink::redirect_back( $post, 'lead_not_spam' );
	}

	/**
	 * Makes a suspected lead an ordinary one: new and unread, as if it had just come in.
	 */
	public static function release( int $post_id ): bool {
		if ( ! ( new MessageStore() )->move( $post_id, self::ORDINARY ) ) {
			return false;
		}
		delete_post_meta( $post_id, MessageFields::SPAM_REASONS );
		update_post_meta( $post_id, MessageFields::UNREAD, 1 );
		return true;
	}
}
