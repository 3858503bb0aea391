<?php
declare(strict_types=1);

namespace CarExport\Deals;

use CarExport\Account\AccountMail;
use CarExport\Admin\SiteLinks;
use CarExport\Mail\Recipients;
use CarExport\Settings\SiteSettings;

/**
 * Tells the side that has to act next: the buyer when a quote, the proforma, a confirmation, the
 * shipping or the documents are ready (or the hold is running out or ran out), staff when a buyer
 * asks, accepts, sends a proof or writes. Each mail goes through the account mail queue (sent by
 * the cron runner, retried when the mail server is away) and is written from the audit event when it
 * is sent, so the queue holds only the event's id.
 *
 * @phpstan-import-type Event from DealStore
 */
final class DealMail {

	public const BUYER = 'deal_buyer';
	public const STAFF = 'deal_staff';

	/** Steps the buyer is told of (a staff message and a released document included). */
	private const FOR_BUYER = array( 'quote', 'accept', 'confirm_payment', 'book_shipping', 'ship', 'send_documents', 'complete', 'expire', 'cancel', 'reminder', 'buy_now_accept' );

	/** Steps staff are told of. */
	private const FOR_STAFF = array( 'request', 'buy_now', 'accept', 'submit_proof' );

	public static function register(): void {
		add_action( DealService::STEP_DONE, array( self::class, 'queue' ) );
	}

	public static function queue( mixed $event_id ): void {
		$event = is_numeric( $event_id ) ? DealStore::event( (int) $event_id ) : null;
		if ( null === $event ) {
			return;
		}
		$by_staff = DealService::BUYER !== $event['actor'];
		$buyer    = in_array( $event['action'], self::FOR_BUYER, true )
			|| ( $by_staff && in_array( $event['action'], array( 'message', 'decline' ), true ) )
			|| ( 'document' === $event['action'] && '' !== $event['buyer_note'] );
		$staff    = in_array( $event['action'], self::FOR_STAFF, true )
			|| ( ! $by_staff && in_array( $event['action'], array( 'message', 'decline' ), true ) );
		if ( $buyer ) {
			AccountMail::queue( self::BUYER, (string) $event['id'] );
		}
		if ( $staff ) {
			AccountMail::queue( self::STAFF, (string) $event['id'] );
		}
	}

	/**
	 * The buyer's mail about an event, with the link to the deal on the site.
	 *
	 * @return array{to: string, subject: string, body: string}|null
	 */
	public static function buyer_mail( int $event_id ): ?array {
		$event = DealStore::event( $event_id );
		$deal  = null === $event ? null : DealStore::find( $event['deal_id'] );
		$user  = null === $deal ? false : get_userdata( $deal['buyer_id'] );
		if ( null === $event || null === $deal || ! $user instanceof \WP_User ) {
			return null;
		}
		$note = '' !== $event['buyer_note'] ? $event['buyer_note'] : __( 'There is news about your deal.', 'car-export' );
		if ( 'message' === $event['action'] ) {
			$note = __( 'We wrote to you about your deal. Open it to read and answer.', 'car-export' );
		}
		$body = array(
			/* translators: %s: buyer's name. */
			sprintf( __( 'Hello %s,', 'car-export' ), $user->display_name ),
			'',
			$note,
			'',
			/* translators: 1: deal number, 2: car title. */
			sprintf( __( 'Deal %1$s: %2$s', 'car-export' ), $deal['number'], DealView::car( $deal['car_id'] )['title'] ),
			SiteLinks::site() . '/account/deals/' . $deal['public_id'],
		);
		return array(
			'to'      => $user->user_email,
			/* translators: 1: deal number, 2: what happened (the deal's state). */
			'subject' => sprintf( __( '[%1$s] %2$s', 'car-export' ), $deal['number'], self::subject( $event ) ),
			'body'    => implode( "\n", $body ) . "\n",
		);
	}

	/**
	 * Staff's mail about an event, with the link to the deal's wp-admin screen.
	 *
	 * @return array{to: string, subject: string, body: string}|null
	 */
	public static function staff_mail( int $event_id ): ?array {
		$event = DealStore::event( $event_id );
		$deal  = null === $event ? null : DealStore::find( $event['deal_id'] );
		$to    = Recipients::for_leads( SiteSettings::get()['email'], (string) get_option( 'admin_email' ) );
		if ( null === $event || null === $deal || array() === $to ) {
			return null;
		}
		$buyer = get_userdata( $deal['buyer_id'] );
		$body  = array(
			$event['staff_note'],
			'',
			/* translators: 1: deal number, 2: car title, 3: stock number. */
			sprintf( __( 'Deal %1$s: %2$s (stock %3$s)', 'car-export' ), $deal['number'], DealView::car( $deal['car_id'] )['title'], DealView::car( $deal['car_id'] )['stockNumber'] ),
			/* translators: %s: buyer's e-mail. */
			sprintf( __( 'Buyer: %s', 'car-export' ), $buyer instanceof \WP_User ? $buyer->user_email : '' ),
			DealsAdmin::deal_url( $deal['public_id'] ),
		);
		return array(
			'to'      => implode( ',', $to ),
			/* translators: 1: deal number, 2: what happened. */
			'subject' => sprintf( __( '[%1$s] %2$s', 'car-export' ), $deal['number'], self::subject( $event ) ),
			'body'    => implode( "\n", $body ) . "\n",
		);
	}

	/**
	 * @param Event $event
	 */
	private static function subject( array $event ): string {
		return match ( $event['action'] ) {
			'quote' => __( 'Your quote is ready', 'car-export' ),
			'accept' => __( 'Car reserved, proforma invoice issued', 'car-export' ),
			'submit_proof' => __( 'Proof of payment received', 'car-export' ),
			'confirm_payment' => __( 'Payment confirmed', 'car-export' ),
			'reminder' => __( 'Your reservation ends soon', 'car-export' ),
			'message' => __( 'New message', 'car-export' ),
			'request' => __( 'New quote request', 'car-export' ),
			'buy_now' => __( 'New Buy Now', 'car-export' ),
			'document' => __( 'New document', 'car-export' ),
			default => DealStateMachine::label( $event['to_state'] ),
		};
	}
}
