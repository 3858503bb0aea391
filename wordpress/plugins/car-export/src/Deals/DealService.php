<?php
declare(strict_types=1);

namespace CarExport\Deals;

use CarExport\Cars\CarFields;
use CarExport\Cars\CarRepository;
use CarExport\Cars\SaleStatus;
use CarExport\Messages\IdempotencyStore;
use CarExport\Ports\PortFields;
use CarExport\Ports\PortRepository;

/**
 * Carries out each step of a deal for whoever asks (a buyer over REST, staff in wp-admin or WP-CLI,
 * the cron runner): it asks DealStateMachine whether the step is allowed, then writes the new
 * state, the reservation, the audit event and any file in one transaction, so a step either
 * happens whole or not at all. Afterwards it sets the car's sale status, tells the website which
 * pages went stale and queues the mail the other side needs to act on.
 *
 * @phpstan-import-type Deal from DealStore
 * @phpstan-import-type Line from DealStore
 * @phpstan-type Actor array{id: int, role: string}
 * @phpstan-type Request array{car_id: int, country: string, port_id: int, trade_term: string, shipping: string, inspection: bool, message: string}
 */
final class DealService {

	/** Tries of an acceptance the database gave up for a concurrent one. */
	private const ACCEPT_ATTEMPTS = 4;

	public const TERMS    = array( 'FOB', 'CFR', 'CIF' );
	public const SHIPPING = array( 'roro', 'container' );
	public const KINDS    = array( 'car', 'freight', 'insurance', 'inspection', 'other' );

	public const BUYER  = 'buyer';
	public const STAFF  = 'staff';
	public const SYSTEM = 'system';

	/** Fired after a step changed a car's sale status, with the car's id; the purge notifier listens. */
	public const CAR_CHANGED = 'car_export_deal_car_changed';

	/** Fired after every committed step, with the event id: the mail listens. */
	public const STEP_DONE = 'car_export_deal_step_done';

	private const IDEMPOTENCY_SCOPE = 'deal';

	/**
	 * @param Request $request
	 * @return Deal|DealRefusal
	 */
	public function request_quote( int $buyer_id, array $request, ?string $key ): array|DealRefusal {
		return $this->create( $buyer_id, $request, $key, false );
	}

	/**
	 * Buy Now: the car at its listed price (plus the freight and insurance estimate of the chosen
	 * port for CFR and CIF), reserved at once, with the proforma issued, as if a quote had been
	 * written and accepted.
	 *
	 * @param Request $request
	 * @return Deal|DealRefusal
	 */
	public function buy_now( int $buyer_id, array $request, ?string $key ): array|DealRefusal {
		if ( ! DealSettings::get()['buy_now'] ) {
			return DealRefusal::conflict( __( 'Buy Now is not offered at the moment. Please request a quote.', 'car-export' ) );
		}
		if ( $request['inspection'] ) {
			return DealRefusal::bad( __( 'A pre-shipment inspection is priced in a quote. Please request a quote for it.', 'car-export' ) );
		}
		return $this->create( $buyer_id, $request, $key, true );
	}

	/**
	 * @param Request $request
	 * @return Deal|DealRefusal
	 */
	private function create( int $buyer_id, array $request, ?string $key, bool $buy_now ): array|DealRefusal {
		$scope = self::IDEMPOTENCY_SCOPE . ( $buy_now ? '-buy' : '-quote' );
		$store = new IdempotencyStore();
		// A key is tied to the buyer: another account sending the same key makes its own deal.
		$key = null === $key ? null : $buyer_id . ':' . $key;
		if ( null !== $key ) {
			$seen = $store->find( $scope, $key );
			if ( null !== $seen ) {
				return DealStore::find( $seen['post_id'] ) ?? DealRefusal::not_found();
			}
		}
		$car = get_post( $request['car_id'] );
		if ( ! CarRepository::is_public_car( $car ) ) {
			return DealRefusal::bad( __( 'The requested car could not be found.', 'car-export' ) );
		}
		if ( SaleStatus::SOLD === self::sale_status( $car->ID ) ) {
			return DealRefusal::conflict( __( 'This car has been sold.', 'car-export' ) );
		}
		$port = self::port( $request['port_id'] );
		if ( $request['port_id'] > 0 && null === $port ) {
			return DealRefusal::bad( __( 'The chosen port could not be found.', 'car-export' ) );
		}
		$lines = array();
		if ( $buy_now ) {
			$lines = self::buy_now_lines( $car->ID, $request, $port );
			if ( $lines instanceof DealRefusal ) {
				return $lines;
			}
		}

		// Without a key the transaction is this method's own; with one it is the key's, so the key
		// and the deal are committed together and a retry finds the deal.
		if ( null === $key ) {
			DealStore::begin();
		} else {
			$claimed = $store->claim( $scope, $key );
			if ( false === $claimed ) {
				$seen = $store->find( $scope, $key );
				return null === $seen ? DealRefusal::conflict( __( 'This request is being handled; please try again in a moment.', 'car-export' ) ) : ( DealStore::find( $seen['post_id'] ) ?? DealRefusal::not_found() );
			}
			if ( null === $claimed ) {
				return self::failed();
			}
		}
		$now      = time();
		$proforma = $buy_now ? self::proforma_number( $now ) : '';
		if ( $buy_now && '' === $proforma ) {
			DealStore::rollback();
			return self::failed();
		}
		$settings = DealSettings::get();
		$year     = gmdate( 'Y', $now );
		$seq      = DealStore::next_in_sequence( 'deal-' . $year );
		$total    = array_sum( array_column( $lines, 'amount' ) );
		$row      = array(
			'public_id'       => DealStore::random_id(),
			'number'          => sprintf( 'D-%s-%05d', $year, $seq ),
			'buyer_id'        => $buyer_id,
			'car_id'          => $car->ID,
			'state'           => DealStateMachine::REQUESTED,
			'country'         => $request['country'],
			'port_id'         => null === $port ? 0 : $port['databaseId'],
			'port_name'       => null === $port ? '' : $port['name'],
			'trade_term'      => $request['trade_term'],
			'shipping_method' => $request['shipping'],
			'inspection'      => $request['inspection'] ? 1 : 0,
			'price_lines'     => (string) wp_json_encode( $lines ),
			'total'           => $total,
			'deposit'         => DealStateMachine::deposit_for( $total, $settings['deposit_percent'] ),
			'paid'            => 0,
			'shipment'        => '{}',
			'created_at'      => gmdate( 'Y-m-d H:i:s', $now ),
			'updated_at'      => gmdate( 'Y-m-d H:i:s', $now ),
		);
		$deal_id  = $seq > 0 ? DealStore::insert_deal( $row ) : 0;
		if ( $deal_id <= 0 ) {
			DealStore::rollback();
			return self::failed();
		}
		$event = DealStore::add_event(
			$deal_id,
			$buyer_id,
			self::BUYER,
			$buy_now ? 'buy_now' : 'request',
			'',
			DealStateMachine::REQUESTED,
			$buy_now ? __( 'Buyer chose Buy Now.', 'car-export' ) : __( 'Buyer asked for a quote.', 'car-export' ),
			$buy_now ? __( 'You chose Buy Now.', 'car-export' ) : __( 'You asked for a quote. We will send it shortly.', 'car-export' )
		);
		if ( '' !== $request['message'] ) {
			DealStore::add_message( $deal_id, $buyer_id, false, $request['message'] );
		}
		$events = array( $event );
		if ( $buy_now ) {
			$deal     = DealStore::find( $deal_id );
			$accepted = null === $deal ? self::failed() : $this->accept_in_transaction( $deal, $buyer_id, $now, $proforma, true );
			if ( $accepted instanceof DealRefusal ) {
				DealStore::rollback();
				return $accepted;
			}
			$events[] = $accepted;
		}
		$committed = null === $key ? DealStore::commit() : $store->complete( $scope, $key, $deal_id, 201, array( 'deal' => $deal_id ) );
		if ( ! $committed ) {
			return self::failed();
		}
		return $this->after( $deal_id, $events, $buy_now );
	}

	/**
	 * A step on an existing deal. $input carries what the step needs: lines and valid_days for a
	 * quote, amount and date for a payment, vessel/etd/eta for shipping, bl_number for shipping
	 * out, tracking for documents, reason for a cancellation, note for anything.
	 *
	 * @param Deal                 $deal
	 * @param Actor                $actor
	 * @param array<string, mixed> $input
	 * @return Deal|DealRefusal
	 */
	public function act( array $deal, string $action, array $actor, array $input = array() ): array|DealRefusal {
		$allowed = self::who_may( $action );
		if ( ! in_array( $actor['role'], $allowed, true ) ) {
			return DealRefusal::conflict( __( 'You cannot take that step on this deal.', 'car-export' ) );
		}
		$now = time();
		if ( DealStateMachine::ACCEPT === $action ) {
			// Two acceptances at the same moment can make the database give one of them up (a deadlock,
			// a lock wait, or a row changed since the snapshot): that one is tried again from the
			// start, and then sees the other's reservation and answers why, instead of "try again".
			for ( $attempt = 1; ; ++$attempt ) {
				DealStore::begin();
				$proforma = self::proforma_number( $now );
				$event    = '' === $proforma ? self::failed() : $this->accept_in_transaction( $deal, $actor['id'], $now, $proforma, false );
				$retry    = $event instanceof DealRefusal && DealStore::lost_to_another() && $attempt < self::ACCEPT_ATTEMPTS;
				if ( $event instanceof DealRefusal ) {
					DealStore::rollback();
					if ( $retry ) {
						usleep( 20000 * $attempt );
						continue;
					}
					return $event;
				}
				return DealStore::commit() ? $this->after( $deal['id'], array( $event ), true ) : self::failed();
			}
		}
		$plan = $this->plan( $deal, $action, $actor, $input, $now );
		if ( $plan instanceof DealRefusal ) {
			return $plan;
		}
		$to = DealStateMachine::next( $deal, $action, $now, $plan['amount'] );
		if ( $to instanceof DealRefusal ) {
			return $to;
		}
		DealStore::begin();
		$moved = DealStore::move( $deal['id'], $deal['state'], $to, $plan['changes'], DealStateMachine::CONFIRM_PAYMENT === $action ? $deal['paid'] : null );
		if ( ! $moved ) {
			DealStore::rollback();
			return DealRefusal::conflict( __( 'This deal changed meanwhile. Please reload it and try again.', 'car-export' ) );
		}
		$releases = in_array( $to, array( DealStateMachine::EXPIRED, DealStateMachine::CANCELLED, DealStateMachine::COMPLETED ), true )
			&& in_array( $deal['state'], DealStateMachine::HOLDING, true );
		if ( $releases ) {
			DealStore::release( $deal['id'] );
			self::set_sale_status( $deal['car_id'], DealStateMachine::COMPLETED === $to ? SaleStatus::SOLD : SaleStatus::AVAILABLE );
		}
		$event = DealStore::add_event( $deal['id'], $actor['id'], $actor['role'], $action, $deal['state'], $to, $plan['staff_note'], $plan['buyer_note'] );
		if ( $event <= 0 || ! DealStore::commit() ) {
			DealStore::rollback();
			return self::failed();
		}
		return $this->after( $deal['id'], array( $event ), $releases );
	}

	/**
	 * A message on the deal from the buyer or staff; it changes no state but is kept in the trail.
	 *
	 * @param Deal  $deal
	 * @param Actor $actor
	 * @return Deal|DealRefusal
	 */
	public function message( array $deal, array $actor, string $body ): array|DealRefusal {
		$body = trim( $body );
		if ( '' === $body ) {
			return DealRefusal::bad( __( 'Please write a message.', 'car-export' ) );
		}
		if ( mb_strlen( $body ) > 5000 ) {
			return DealRefusal::bad( __( 'A message can have at most 5000 characters.', 'car-export' ) );
		}
		if ( in_array( $deal['state'], DealStateMachine::CLOSED, true ) && self::BUYER === $actor['role'] ) {
			return DealRefusal::conflict( __( 'This deal is closed; please start a new request.', 'car-export' ) );
		}
		$from_staff = self::STAFF === $actor['role'];
		DealStore::begin();
		$message = DealStore::add_message( $deal['id'], $actor['id'], $from_staff, $body );
		$event   = $message > 0 ? DealStore::add_event( $deal['id'], $actor['id'], $actor['role'], 'message', $deal['state'], $deal['state'], $from_staff ? __( 'Staff wrote to the buyer.', 'car-export' ) : __( 'Buyer wrote a message.', 'car-export' ), '' ) : 0;
		if ( $event <= 0 || ! DealStore::commit() ) {
			DealStore::rollback();
			return self::failed();
		}
		return $this->after( $deal['id'], array( $event ), false );
	}

	/**
	 * Attaches a checked file (DealFiles::store made it) to the deal: a buyer's proof of payment
	 * (which moves an accepted deal on) or a staff document for the buyer or for staff only.
	 *
	 * @param Deal                                                  $deal
	 * @param Actor                                                 $actor
	 * @param array{name: string, mime: string, size: int, stored_name: string, public_id: string} $stored
	 * @return Deal|DealRefusal
	 */
	public function attach( array $deal, array $actor, array $stored, string $kind, bool $for_buyer ): array|DealRefusal {
		$proof  = 'proof' === $kind;
		$now    = time();
		$to     = $proof ? DealStateMachine::next( $deal, DealStateMachine::SUBMIT_PROOF, $now ) : $deal['state'];
		$closed = in_array( $deal['state'], DealStateMachine::CLOSED, true );
		if ( $to instanceof DealRefusal || ( ! $proof && $closed && self::STAFF !== $actor['role'] ) ) {
			DealFiles::delete( $deal, $stored['stored_name'] );
			return $to instanceof DealRefusal ? $to : DealRefusal::conflict( __( 'This deal is closed.', 'car-export' ) );
		}
		DealStore::begin();
		$moved = $to === $deal['state'] || DealStore::move( $deal['id'], $deal['state'], $to, array() );
		$file  = $moved ? DealStore::add_file(
			array(
				'public_id'   => $stored['public_id'],
				'deal_id'     => $deal['id'],
				'kind'        => $kind,
				'for_buyer'   => $proof || $for_buyer,
				'name'        => $stored['name'],
				'mime'        => $stored['mime'],
				'size'        => $stored['size'],
				'stored_name' => $stored['stored_name'],
				'uploaded_by' => $actor['id'],
			)
		) : 0;
		/* translators: %s: file name. */
		$staff_note = $proof ? sprintf( __( 'Buyer sent a proof of payment (%s). Check the bank and confirm the amount received.', 'car-export' ), $stored['name'] ) : sprintf( __( 'Document added: %s', 'car-export' ), $stored['name'] );
		/* translators: %s: file name. */
		$buyer_note = $proof ? __( 'We received your proof of payment and will confirm it once the money arrives.', 'car-export' ) : ( $for_buyer ? sprintf( __( 'A document is ready for you: %s', 'car-export' ), $stored['name'] ) : '' );
		$event      = $file > 0 ? DealStore::add_event( $deal['id'], $actor['id'], $actor['role'], $proof ? DealStateMachine::SUBMIT_PROOF : 'document', $deal['state'], $to, $staff_note, $buyer_note ) : 0;
		if ( $event <= 0 || ! DealStore::commit() ) {
			DealStore::rollback();
			DealFiles::delete( $deal, $stored['stored_name'] );
			return $moved ? self::failed() : DealRefusal::conflict( __( 'This deal changed meanwhile. Please reload it and try again.', 'car-export' ) );
		}
		return $this->after( $deal['id'], array( $event ), false );
	}

	/**
	 * Closes every quote and unpaid hold whose time has passed, frees the cars and tells both
	 * sides; run by WP-Cron and `wp car-export deal expire-due`.
	 *
	 * @return int How many deals expired.
	 */
	public function expire_due(): int {
		$expired = 0;
		foreach ( DealStore::due_to_expire( time(), 100 ) as $deal_id ) {
			$deal = DealStore::find( $deal_id );
			if ( null !== $deal && is_array( $this->act( $deal, DealStateMachine::EXPIRE, self::system() ) ) ) {
				++$expired;
			}
		}
		return $expired;
	}

	/** @return Actor */
	public static function system(): array {
		return array(
			'id'   => 0,
			'role' => self::SYSTEM,
		);
	}

	/**
	 * The next proforma number, taken as the first statement of a transaction that reserves a car.
	 * Its sequence row stays locked until that transaction ends, so reservations are made one at a
	 * time and each reads the holds as the one before it left them: two buyers cannot both pass
	 * the checks of the same car or of the buyer's own limit, and MariaDB never finds a row changed
	 * since the transaction's first read (which it refuses under snapshot isolation). A
	 * reservation that is refused rolls its number back with the rest.
	 */
	private static function proforma_number( int $now ): string {
		$prefix = DealSettings::get()['invoice_prefix'];
		$year   = gmdate( 'Y', $now );
		$seq    = DealStore::next_in_sequence( 'proforma-' . $prefix . '-' . $year );
		return $seq > 0 ? sprintf( '%s-%s-%05d', $prefix, $year, $seq ) : '';
	}

	/**
	 * Reserves the car and issues the proforma, inside the caller's transaction.
	 *
	 * @param Deal   $deal
	 * @param string $proforma From proforma_number(), taken first in the transaction.
	 * @param bool   $buy_now  Buy Now made the deal in this transaction: its price is the listed
	 *                         price the buyer saw, accepted in the same step.
	 * @return int|DealRefusal The event id.
	 */
	private function accept_in_transaction( array $deal, int $actor_id, int $now, string $proforma, bool $buy_now ): int|DealRefusal {
		$to = $buy_now ? DealStateMachine::ACCEPTED : DealStateMachine::next( $deal, DealStateMachine::ACCEPT, $now );
		if ( $to instanceof DealRefusal ) {
			return $to;
		}
		$status = self::sale_status( $deal['car_id'] );
		if ( SaleStatus::AVAILABLE !== $status || DealStore::holder_of( $deal['car_id'] ) > 0 ) {
			return self::taken( $status );
		}
		if ( DealStore::holds_of_buyer( $deal['buyer_id'] ) >= DealSettings::holds_allowed( $deal['buyer_id'] ) ) {
			return DealRefusal::conflict( __( 'You already have a car reserved. Please complete or cancel that reservation first, or ask us to allow more.', 'car-export' ) );
		}
		if ( ! DealStore::hold( $deal['car_id'], $deal['id'], $deal['buyer_id'] ) ) {
			return self::taken( SaleStatus::RESERVED );
		}
		$hold  = DealSettings::add_business_days( $now, DealSettings::get()['hold_days'] );
		$moved = DealStore::move(
			$deal['id'],
			$deal['state'],
			DealStateMachine::ACCEPTED,
			array(
				'hold_until'      => gmdate( 'Y-m-d H:i:s', $hold ),
				'proforma_number' => $proforma,
				'proforma_date'   => gmdate( 'Y-m-d H:i:s', $now ),
			)
		);
		if ( ! $moved ) {
			return DealRefusal::conflict( __( 'This deal changed meanwhile. Please reload it and try again.', 'car-export' ) );
		}
		self::set_sale_status( $deal['car_id'], SaleStatus::RESERVED );
		$until = wp_date( 'j F Y H:i T', $hold );
		/* translators: 1: the deposit, e.g. "USD 6,000", 2: date and time the hold ends. */
		$buyer = sprintf( __( 'The car is reserved for you. Please pay the deposit of %1$s by %2$s; the proforma invoice has the bank details.', 'car-export' ), DealStateMachine::usd( $deal['deposit'] ), $until );
		/* translators: %s: date and time the hold ends. */
		$staff = sprintf( __( 'Buyer accepted; car reserved until %s and proforma issued.', 'car-export' ), $until );
		$event = DealStore::add_event( $deal['id'], $actor_id, self::BUYER, DealStateMachine::ACCEPT, $deal['state'], DealStateMachine::ACCEPTED, $staff, $buyer );
		return $event > 0 ? $event : self::failed();
	}

	/**
	 * What a step writes besides the state, and the two sentences of its audit event.
	 *
	 * @param Deal                 $deal
	 * @param Actor                $actor
	 * @param array<string, mixed> $input
	 * @return array{changes: array<string, int|string|null>, amount: int, staff_note: string, buyer_note: string}|DealRefusal
	 */
	private function plan( array $deal, string $action, array $actor, array $input, int $now ): array|DealRefusal {
		$note    = self::text( $input['note'] ?? '' );
		$changes = array();
		$amount  = 0;
		switch ( $action ) {
			case DealStateMachine::QUOTE:
				$lines = self::lines( $input['lines'] ?? null );
				if ( $lines instanceof DealRefusal ) {
					return $lines;
				}
				$days  = isset( $input['valid_days'] ) && is_numeric( $input['valid_days'] ) ? (int) $input['valid_days'] : DealSettings::get()['quote_days'];
				$total = array_sum( array_column( $lines, 'amount' ) );
				if ( $days < 1 || $days > 60 ) {
					return DealRefusal::bad( __( 'A quote is valid for 1 to 60 days.', 'car-export' ) );
				}
				$valid   = $now + $days * 86400;
				$changes = array(
					'price_lines' => (string) wp_json_encode( $lines ),
					'total'       => $total,
					'deposit'     => DealStateMachine::deposit_for( $total, DealSettings::get()['deposit_percent'] ),
					'valid_until' => gmdate( 'Y-m-d H:i:s', $valid ),
				);
				/* translators: 1: the total, e.g. "USD 12,000", 2: the date the quote is valid until. */
				$buyer = sprintf( __( 'Your quote is ready: %1$s in total, valid until %2$s.', 'car-export' ), DealStateMachine::usd( $total ), wp_date( 'j F Y', $valid ) );
				/* translators: %s: the total. */
				$staff = sprintf( __( 'Quote sent: %s.', 'car-export' ), DealStateMachine::usd( $total ) );
				break;
			case DealStateMachine::DECLINE:
				$buyer = self::BUYER === $actor['role'] ? __( 'You declined the quote.', 'car-export' ) : __( 'We could not offer this car on these terms.', 'car-export' );
				$staff = self::BUYER === $actor['role'] ? __( 'Buyer declined the quote.', 'car-export' ) : __( 'Staff declined the request.', 'car-export' );
				break;
			case DealStateMachine::CONFIRM_PAYMENT:
				$amount = isset( $input['amount'] ) && is_numeric( $input['amount'] ) ? (int) $input['amount'] : 0;
				$date   = self::text( $input['date'] ?? gmdate( 'Y-m-d', $now ) );
				if ( 1 !== preg_match( '/^\d{4}-\d{2}-\d{2}$/', $date ) || false === strtotime( $date ) || strtotime( $date ) > $now + 86400 ) {
					return DealRefusal::bad( __( 'Enter the date the money arrived as YYYY-MM-DD, not in the future.', 'car-export' ) );
				}
				$changes = array( 'paid' => $deal['paid'] + $amount );
				$full    = $deal['paid'] + $amount >= $deal['total'];
				/* translators: 1: amount, 2: date. */
				$buyer = sprintf( __( 'We received your payment of %1$s (%2$s).', 'car-export' ), DealStateMachine::usd( $amount ), $date ) . ' ' . ( $full ? __( 'The car is paid in full.', 'car-export' ) : __( 'Your deposit is confirmed and the car is yours; the balance is due before the original documents are sent.', 'car-export' ) );
				/* translators: 1: amount, 2: date. */
				$staff = sprintf( __( 'Payment of %1$s received on %2$s confirmed.', 'car-export' ), DealStateMachine::usd( $amount ), $date );
				break;
			case DealStateMachine::BOOK_SHIPPING:
				$shipment = self::shipment( $deal, $input, array( 'vessel', 'etd', 'eta' ) );
				if ( $shipment instanceof DealRefusal ) {
					return $shipment;
				}
				$changes = array( 'shipment' => (string) wp_json_encode( $shipment ) );
				/* translators: 1: vessel, 2: departure date, 3: arrival date. */
				$buyer = sprintf( __( 'Shipping is booked on %1$s, leaving %2$s and arriving about %3$s.', 'car-export' ), $shipment['vessel'], $shipment['etd'], $shipment['eta'] );
				$staff = $buyer;
				break;
			case DealStateMachine::SHIP:
				$shipment = self::shipment( $deal, $input, array( 'bl_number' ) );
				if ( $shipment instanceof DealRefusal ) {
					return $shipment;
				}
				$changes = array( 'shipment' => (string) wp_json_encode( $shipment ) );
				/* translators: %s: bill of lading number. */
				$buyer = sprintf( __( 'Your car has shipped. Bill of lading: %s.', 'car-export' ), $shipment['bl_number'] );
				$staff = $buyer;
				break;
			case DealStateMachine::SEND_DOCUMENTS:
				$shipment = self::shipment( $deal, $input, array( 'tracking' ) );
				if ( $shipment instanceof DealRefusal ) {
					return $shipment;
				}
				$changes = array( 'shipment' => (string) wp_json_encode( $shipment ) );
				/* translators: %s: courier tracking number. */
				$buyer = sprintf( __( 'The original documents are on their way by courier, tracking %s.', 'car-export' ), $shipment['tracking'] );
				$staff = $buyer;
				break;
			case DealStateMachine::COMPLETE:
				$buyer = __( 'The deal is complete. Thank you for buying with us.', 'car-export' );
				$staff = __( 'Deal completed; the car is sold.', 'car-export' );
				break;
			case DealStateMachine::EXPIRE:
				$buyer = DealStateMachine::QUOTED === $deal['state'] ? __( 'The quote expired.', 'car-export' ) : __( 'The reservation ran out without a confirmed payment and the car is available again.', 'car-export' );
				$staff = DealStateMachine::QUOTED === $deal['state'] ? __( 'Quote validity passed.', 'car-export' ) : __( 'Hold ran out; car released.', 'car-export' );
				break;
			case DealStateMachine::CANCEL:
				$reason = self::text( $input['reason'] ?? '' );
				if ( '' === $reason ) {
					return DealRefusal::bad( __( 'Give a reason for the cancellation; the buyer will read it.', 'car-export' ) );
				}
				/* translators: %s: reason given by staff. */
				$buyer = sprintf( __( 'We cancelled the reservation: %s', 'car-export' ), $reason );
				/* translators: %s: reason. */
				$staff = sprintf( __( 'Cancelled: %s', 'car-export' ), $reason );
				break;
			default:
				return DealRefusal::bad( __( 'That is not a step a deal can take.', 'car-export' ) );
		}
		return array(
			'changes'    => $changes,
			'amount'     => $amount,
			'staff_note' => '' === $note ? $staff : $staff . ' ' . $note,
			'buyer_note' => $buyer,
		);
	}

	/** @return list<string> who may take a step. */
	private static function who_may( string $action ): array {
		return match ( $action ) {
			DealStateMachine::ACCEPT => array( self::BUYER ),
			DealStateMachine::DECLINE => array( self::BUYER, self::STAFF ),
			DealStateMachine::EXPIRE => array( self::SYSTEM, self::STAFF ),
			default => array( self::STAFF ),
		};
	}

	/**
	 * Price lines as staff or a client sent them: each a kind, an optional label and whole dollars.
	 *
	 * @return list<Line>|DealRefusal
	 */
	public static function lines( mixed $raw ): array|DealRefusal {
		if ( ! is_array( $raw ) || array() === $raw || count( $raw ) > 20 ) {
			return DealRefusal::bad( __( 'A quote needs 1 to 20 price lines.', 'car-export' ) );
		}
		$lines = array();
		foreach ( $raw as $line ) {
			$kind   = is_array( $line ) && is_string( $line['kind'] ?? null ) ? $line['kind'] : '';
			$amount = is_array( $line ) && isset( $line['amount'] ) && is_numeric( $line['amount'] ) && floor( (float) $line['amount'] ) === (float) $line['amount'] ? (int) $line['amount'] : -1;
			if ( ! in_array( $kind, self::KINDS, true ) ) {
				return DealRefusal::bad( __( 'Each price line is car, freight, insurance, inspection or other.', 'car-export' ) );
			}
			if ( $amount < 0 || $amount > 10000000 ) {
				return DealRefusal::bad( __( 'Each price line needs an amount in whole US dollars.', 'car-export' ) );
			}
			$label   = is_array( $line ) ? self::text( $line['label'] ?? '' ) : '';
			$lines[] = array(
				'kind'   => $kind,
				'label'  => '' === $label ? self::kind_label( $kind ) : mb_substr( $label, 0, 120 ),
				'amount' => $amount,
			);
		}
		if ( array_sum( array_column( $lines, 'amount' ) ) <= 0 ) {
			return DealRefusal::bad( __( 'The quote total must be more than zero.', 'car-export' ) );
		}
		return $lines;
	}

	public static function kind_label( string $kind ): string {
		$labels = array(
			'car'        => __( 'Vehicle', 'car-export' ),
			'freight'    => __( 'Ocean freight', 'car-export' ),
			'insurance'  => __( 'Marine insurance', 'car-export' ),
			'inspection' => __( 'Pre-shipment inspection', 'car-export' ),
			'other'      => __( 'Other', 'car-export' ),
		);
		return $labels[ $kind ] ?? $kind;
	}

	/**
	 * The shipment record with the step's fields added; each of $required must be given.
	 *
	 * @param Deal                 $deal
	 * @param array<string, mixed> $input
	 * @param list<string>         $required
	 * @return array<string, string>|DealRefusal
	 */
	private static function shipment( array $deal, array $input, array $required ): array|DealRefusal {
		$shipment = $deal['shipment'];
		$names    = array(
			'vessel'    => __( 'the vessel', 'car-export' ),
			'etd'       => __( 'the departure date (ETD)', 'car-export' ),
			'eta'       => __( 'the arrival date (ETA)', 'car-export' ),
			'bl_number' => __( 'the bill of lading number', 'car-export' ),
			'tracking'  => __( 'the courier tracking number', 'car-export' ),
		);
		foreach ( $required as $field ) {
			$value = mb_substr( self::text( $input[ $field ] ?? '' ), 0, 120 );
			if ( '' === $value ) {
				/* translators: %s: the missing field, e.g. "the vessel". */
				return DealRefusal::bad( sprintf( __( 'Please enter %s.', 'car-export' ), $names[ $field ] ) );
			}
			if ( in_array( $field, array( 'etd', 'eta' ), true ) && 1 !== preg_match( '/^\d{4}-\d{2}-\d{2}$/', $value ) ) {
				/* translators: %s: the field, e.g. "the departure date (ETD)". */
				return DealRefusal::bad( sprintf( __( 'Enter %s as YYYY-MM-DD.', 'car-export' ), $names[ $field ] ) );
			}
			$shipment[ $field ] = $value;
		}
		return $shipment;
	}

	/**
	 * @param Request                                                                                                                                                         $request
	 * @param array{id: string, databaseId: int, name: string, country: string, roroFreight: int, containerFreight: int, insuranceRate: float, transitDays: int, route: string}|null $port
	 * @return list<Line>|DealRefusal
	 */
	private static function buy_now_lines( int $car_id, array $request, ?array $port ): array|DealRefusal {
		$price = (int) get_post_meta( $car_id, CarFields::meta_key( 'price' ), true );
		if ( $price <= 0 ) {
			return DealRefusal::conflict( __( 'This car has no listed price. Please request a quote.', 'car-export' ) );
		}
		$lines = array(
			array(
				'kind'   => 'car',
				'label'  => get_the_title( $car_id ),
				'amount' => $price,
			),
		);
		if ( 'FOB' === $request['trade_term'] ) {
			return $lines;
		}
		if ( null === $port ) {
			return DealRefusal::bad( __( 'Choose your destination port for a CFR or CIF price.', 'car-export' ) );
		}
		$freight = 'container' === $request['shipping'] ? $port['containerFreight'] : $port['roroFreight'];
		$lines[] = array(
			'kind'   => 'freight',
			/* translators: 1: port, 2: RoRo or Container. */
			'label'  => sprintf( __( 'Freight to %1$s (%2$s)', 'car-export' ), $port['name'], 'container' === $request['shipping'] ? 'Container' : 'RoRo' ),
			'amount' => $freight,
		);
		if ( 'CIF' === $request['trade_term'] ) {
			$lines[] = array(
				'kind'   => 'insurance',
				'label'  => self::kind_label( 'insurance' ),
				'amount' => (int) ceil( ( $price + $freight ) * $port['insuranceRate'] / 100 ),
			);
		}
		return $lines;
	}

	/**
	 * @return array{id: string, databaseId: int, name: string, country: string, roroFreight: int, containerFreight: int, insuranceRate: float, transitDays: int, route: string}|null
	 */
	private static function port( int $port_id ): ?array {
		$post = $port_id > 0 ? get_post( $port_id ) : null;
		if ( ! $post instanceof \WP_Post || PortFields::POST_TYPE !== $post->post_type || 'publish' !== $post->post_status ) {
			return null;
		}
		return PortRepository::to_array( $post );
	}

	public static function sale_status( int $car_id ): string {
		return SaleStatus::normalize( get_post_meta( $car_id, CarFields::meta_key( 'saleStatus' ), true ) );
	}

	private static function set_sale_status( int $car_id, string $status ): void {
		update_post_meta( $car_id, CarFields::meta_key( 'saleStatus' ), $status );
	}

	private static function taken( string $status ): DealRefusal {
		return SaleStatus::SOLD === $status
			? DealRefusal::conflict( __( 'This car has been sold.', 'car-export' ) )
			: DealRefusal::conflict( __( 'This car is already reserved by another buyer.', 'car-export' ) );
	}

	private static function failed(): DealRefusal {
		return DealRefusal::unavailable();
	}

	private static function text( mixed $value ): string {
		return is_scalar( $value ) ? trim( sanitize_textarea_field( (string) $value ) ) : '';
	}

	/**
	 * After the commit: the car's pages are purged when its status changed, and each event's mail
	 * is queued.
	 *
	 * @param list<int> $events
	 * @return Deal|DealRefusal
	 */
	private function after( int $deal_id, array $events, bool $car_changed ): array|DealRefusal {
		$deal = DealStore::find( $deal_id );
		if ( null === $deal ) {
			return self::failed();
		}
		// phpcs:disable WordPress.NamingConventions.PrefixAllGlobals.DynamicHooknameFound -- both constants are car_export_ names.
		if ( $car_changed ) {
			do_action( self::CAR_CHANGED, $deal['car_id'] );
		}
		foreach ( $events as $event ) {
			do_action( self::STEP_DONE, $event );
		}
		// phpcs:enable
		return $deal;
	}
}
