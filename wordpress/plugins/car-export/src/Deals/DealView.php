<?php
declare(strict_types=1);

namespace CarExport\Deals;

use CarExport\Cars\CarFields;
use CarExport\Rest\Routes;

/**
 * A deal as the API answers it. The buyer's view leaves out what is for staff only (internal
 * documents, staff notes, numeric ids); staff see everything, with the buyer's e-mail.
 *
 * @phpstan-import-type Deal from DealStore
 */
final class DealView {

	/**
	 * What the buyer is expected to do next, by state (what the site's screens offer).
	 *
	 * @param Deal $deal
	 */
	public static function next_action( array $deal ): string {
		$due = DealStateMachine::amount_due( $deal );
		return match ( $deal['state'] ) {
			DealStateMachine::REQUESTED => 'wait_for_quote',
			DealStateMachine::QUOTED => 'accept_or_decline',
			DealStateMachine::ACCEPTED => 'pay_deposit',
			DealStateMachine::PAYMENT_SUBMITTED => 'wait_for_confirmation',
			DealStateMachine::DEPOSIT_CONFIRMED, DealStateMachine::SHIPPING_BOOKED, DealStateMachine::SHIPPED => $due > 0 ? 'pay_balance' : 'wait_for_shipping',
			DealStateMachine::PAID_IN_FULL => 'wait_for_shipping',
			DealStateMachine::DOCUMENTS_SENT => 'receive_documents',
			default => 'none',
		};
	}

	/**
	 * One line of "my deals".
	 *
	 * @param Deal $deal
	 * @return array<string, mixed>
	 */
	public static function summary( array $deal ): array {
		return array(
			'id'          => $deal['public_id'],
			'number'      => $deal['number'],
			'state'       => $deal['state'],
			'stateLabel'  => DealStateMachine::label( $deal['state'] ),
			'car'         => self::car( $deal['car_id'] ),
			'total'       => $deal['total'],
			'amountDue'   => DealStateMachine::amount_due( $deal ),
			'nextAction'  => self::next_action( $deal ),
			'holdUntil'   => in_array( $deal['state'], DealStateMachine::UNCONFIRMED_HOLD, true ) ? self::iso( $deal['hold_until'] ) : null,
			'validUntil'  => DealStateMachine::QUOTED === $deal['state'] ? self::iso( $deal['valid_until'] ) : null,
			'createdAt'   => self::iso( $deal['created_at'] ),
			'accountPath' => '/account/deals/' . $deal['public_id'],
		);
	}

	/**
	 * The whole deal for its buyer.
	 *
	 * @param Deal $deal
	 * @return array<string, mixed>
	 */
	public static function for_buyer( array $deal ): array {
		return self::detail( $deal, false );
	}

	/**
	 * @param Deal $deal
	 * @return array<string, mixed>
	 */
	public static function for_staff( array $deal ): array {
		$view          = self::detail( $deal, true );
		$buyer         = get_userdata( $deal['buyer_id'] );
		$view['buyer'] = array(
			'id'    => $deal['buyer_id'],
			'email' => $buyer instanceof \WP_User ? $buyer->user_email : '',
			'name'  => $buyer instanceof \WP_User ? $buyer->display_name : '',
		);
		return $view;
	}

	/**
	 * @param Deal $deal
	 * @return array<string, mixed>
	 */
	private static function detail( array $deal, bool $staff ): array {
		$base     = '/' . Routes::NAMESPACE . '/deals/' . $deal['public_id'];
		$timeline = array();
		foreach ( DealStore::events_of( $deal['id'] ) as $event ) {
			$note = $staff ? $event['staff_note'] : $event['buyer_note'];
			if ( ! $staff && '' === $note ) {
				continue;
			}
			$timeline[] = array(
				'at'         => self::iso( $event['created_at'] ),
				'action'     => $event['action'],
				'by'         => $event['actor'],
				'fromState'  => '' === $event['from_state'] ? null : $event['from_state'],
				'state'      => $event['to_state'],
				'stateLabel' => DealStateMachine::label( $event['to_state'] ),
				'note'       => $note,
			);
		}
		$files = array();
		foreach ( DealStore::files_of( $deal['id'] ) as $file ) {
			if ( ! $staff && ! $file['for_buyer'] ) {
				continue;
			}
			$files[] = array(
				'id'       => $file['public_id'],
				'name'     => $file['name'],
				'kind'     => $file['kind'],
				'mime'     => $file['mime'],
				'size'     => $file['size'],
				'forBuyer' => $file['for_buyer'],
				'at'       => self::iso( $file['created_at'] ),
				'path'     => $base . '/files/' . $file['public_id'],
			);
		}
		$messages = array_map(
			static fn ( array $m ): array => array(
				'at'        => self::iso( $m['created_at'] ),
				'fromStaff' => $m['from_staff'],
				'body'      => $m['body'],
			),
			DealStore::messages_of( $deal['id'] )
		);
		$view     = self::summary( $deal ) + array(
			'destination' => array(
				'country'    => $deal['country'],
				'port'       => $deal['port_name'],
				'tradeTerm'  => $deal['trade_term'],
				'shipping'   => $deal['shipping_method'],
				'inspection' => $deal['inspection'],
			),
			'lines'       => $deal['lines'],
			'deposit'     => $deal['deposit'],
			'paid'        => $deal['paid'],
			'balanceDue'  => max( 0, $deal['total'] - $deal['paid'] ),
			'proforma'    => null === $deal['proforma_number'] ? null : array(
				'number' => $deal['proforma_number'],
				'date'   => self::iso( $deal['proforma_date'] ),
				'path'   => $base . '/invoice',
			),
			'shipment'    => array(
				'vessel'          => $deal['shipment']['vessel'] ?? null,
				'etd'             => $deal['shipment']['etd'] ?? null,
				'eta'             => $deal['shipment']['eta'] ?? null,
				'blNumber'        => $deal['shipment']['bl_number'] ?? null,
				'courierTracking' => $deal['shipment']['tracking'] ?? null,
			),
			'timeline'    => $timeline,
			'messages'    => $messages,
			'files'       => $files,
		);
		// The hold's end stays readable while the deal is open, also after payment stopped the clock.
		$view['holdUntil'] = in_array( $deal['state'], DealStateMachine::UNCONFIRMED_HOLD, true ) ? self::iso( $deal['hold_until'] ) : null;
		return $view;
	}

	/**
	 * @return array{id: int, title: string, stockNumber: string}
	 */
	public static function car( int $car_id ): array {
		return array(
			'id'          => $car_id,
			'title'       => html_entity_decode( get_the_title( $car_id ), ENT_QUOTES | ENT_HTML5, 'UTF-8' ),
			'stockNumber' => (string) get_post_meta( $car_id, CarFields::meta_key( 'stockNumber' ), true ),
		);
	}

	public static function iso( ?int $time ): ?string {
		return null === $time ? null : gmdate( 'Y-m-d\TH:i:s\Z', $time );
	}
}
