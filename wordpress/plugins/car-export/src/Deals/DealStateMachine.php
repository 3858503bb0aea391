<?php
declare(strict_types=1);

namespace CarExport\Deals;

/**
 * The one place that decides whether a step of a deal is allowed and where it leads. It reads a
 * deal's figures and the clock and never touches storage, so every rule is checked the same way
 * from REST, wp-admin, WP-CLI and cron, and a refused step is refused before anything is written.
 *
 * Money is whole US dollars. A deal is paid in two parts at most: the deposit (a share of the total)
 * and the balance; original documents leave only once everything is paid.
 *
 * @phpstan-type Facts array{state: string, total: int, deposit: int, paid: int, valid_until: int|null, hold_until: int|null}
 */
final class DealStateMachine {

	public const REQUESTED         = 'requested';
	public const QUOTED            = 'quoted';
	public const ACCEPTED          = 'accepted';
	public const PAYMENT_SUBMITTED = 'payment_submitted';
	public const DEPOSIT_CONFIRMED = 'deposit_confirmed';
	public const PAID_IN_FULL      = 'paid_in_full';
	public const SHIPPING_BOOKED   = 'shipping_booked';
	public const SHIPPED           = 'shipped';
	public const DOCUMENTS_SENT    = 'documents_sent';
	public const COMPLETED         = 'completed';
	public const DECLINED          = 'declined';
	public const EXPIRED           = 'expired';
	public const CANCELLED         = 'cancelled';

	public const QUOTE           = 'quote';
	public const ACCEPT          = 'accept';
	public const DECLINE         = 'decline';
	public const SUBMIT_PROOF    = 'submit_proof';
	public const CONFIRM_PAYMENT = 'confirm_payment';
	public const BOOK_SHIPPING   = 'book_shipping';
	public const SHIP            = 'ship';
	public const SEND_DOCUMENTS  = 'send_documents';
	public const COMPLETE        = 'complete';
	public const EXPIRE          = 'expire';
	public const CANCEL          = 'cancel';

	/** States in which the car is held for the buyer (a row in the holds table exists). */
	public const HOLDING = array(
		self::ACCEPTED,
		self::PAYMENT_SUBMITTED,
		self::DEPOSIT_CONFIRMED,
		self::PAID_IN_FULL,
		self::SHIPPING_BOOKED,
		self::SHIPPED,
		self::DOCUMENTS_SENT,
	);

	/** States a hold can still run out in: no money has been confirmed yet. */
	public const UNCONFIRMED_HOLD = array( self::ACCEPTED, self::PAYMENT_SUBMITTED );

	/** End states: nothing more happens to the deal. */
	public const CLOSED = array( self::COMPLETED, self::DECLINED, self::EXPIRED, self::CANCELLED );

	/** @var array<string, list<string>> action => the states it may start from. */
	private const FROM = array(
		self::QUOTE           => array( self::REQUESTED, self::QUOTED ),
		self::ACCEPT          => array( self::QUOTED ),
		self::DECLINE         => array( self::REQUESTED, self::QUOTED ),
		self::SUBMIT_PROOF    => array( self::ACCEPTED, self::PAYMENT_SUBMITTED, self::DEPOSIT_CONFIRMED, self::SHIPPING_BOOKED, self::SHIPPED ),
		self::CONFIRM_PAYMENT => array( self::PAYMENT_SUBMITTED, self::DEPOSIT_CONFIRMED, self::SHIPPING_BOOKED, self::SHIPPED ),
		self::BOOK_SHIPPING   => array( self::DEPOSIT_CONFIRMED, self::PAID_IN_FULL ),
		self::SHIP            => array( self::SHIPPING_BOOKED ),
		self::SEND_DOCUMENTS  => array( self::SHIPPED ),
		self::COMPLETE        => array( self::DOCUMENTS_SENT ),
		self::EXPIRE          => array( self::QUOTED, self::ACCEPTED, self::PAYMENT_SUBMITTED ),
		self::CANCEL          => array( self::ACCEPTED, self::PAYMENT_SUBMITTED ),
	);

	/** @return list<string> every state, in the order a deal goes through them, then the end states. */
	public static function states(): array {
		return array_keys( self::labels() );
	}

	/** @return array<string, string> state => label for staff and buyers. */
	public static function labels(): array {
		return array(
			self::REQUESTED         => __( 'Quote requested', 'car-export' ),
			self::QUOTED            => __( 'Quoted', 'car-export' ),
			self::ACCEPTED          => __( 'Reserved, awaiting payment', 'car-export' ),
			self::PAYMENT_SUBMITTED => __( 'Payment proof received', 'car-export' ),
			self::DEPOSIT_CONFIRMED => __( 'Deposit confirmed', 'car-export' ),
			self::PAID_IN_FULL      => __( 'Paid in full', 'car-export' ),
			self::SHIPPING_BOOKED   => __( 'Shipping booked', 'car-export' ),
			self::SHIPPED           => __( 'Shipped', 'car-export' ),
			self::DOCUMENTS_SENT    => __( 'Documents sent', 'car-export' ),
			self::COMPLETED         => __( 'Completed', 'car-export' ),
			self::DECLINED          => __( 'Declined', 'car-export' ),
			self::EXPIRED           => __( 'Expired', 'car-export' ),
			self::CANCELLED         => __( 'Cancelled', 'car-export' ),
		);
	}

	public static function label( string $state ): string {
		return self::labels()[ $state ] ?? $state;
	}

	/** Whether $action may start from $state at all (its figures and the clock aside). */
	public static function allows( string $state, string $action ): bool {
		return in_array( $state, self::FROM[ $action ] ?? array(), true );
	}

	/**
	 * Where $action leads from the deal as it is now, or why it may not happen.
	 *
	 * @param Facts $deal
	 * @param int   $amount For CONFIRM_PAYMENT: the dollars received with this payment.
	 */
	public static function next( array $deal, string $action, int $now, int $amount = 0 ): string|DealRefusal {
		$state = $deal['state'];
		if ( ! isset( self::FROM[ $action ] ) ) {
			return DealRefusal::bad( __( 'That is not a step a deal can take.', 'car-export' ) );
		}
		if ( ! in_array( $state, self::FROM[ $action ], true ) ) {
			return self::wrong_state( $state, $action );
		}
		return match ( $action ) {
			self::QUOTE => self::QUOTED,
			self::ACCEPT => self::accept( $deal, $now ),
			self::DECLINE => self::DECLINED,
			self::SUBMIT_PROOF => self::ACCEPTED === $state ? self::PAYMENT_SUBMITTED : $state,
			self::CONFIRM_PAYMENT => self::confirm_payment( $deal, $amount ),
			self::BOOK_SHIPPING => self::SHIPPING_BOOKED,
			self::SHIP => self::SHIPPED,
			self::SEND_DOCUMENTS => $deal['paid'] >= $deal['total']
				? self::DOCUMENTS_SENT
				: DealRefusal::conflict( self::balance_sentence( $deal ) ),
			self::COMPLETE => self::COMPLETED,
			self::EXPIRE => self::expire( $deal, $now ),
			default => self::CANCELLED,
		};
	}

	/**
	 * What the buyer owes next: the rest of the deposit while the car is held unpaid, then the
	 * rest of the total; nothing once everything is paid or the deal is closed.
	 *
	 * @param Facts $deal
	 */
	public static function amount_due( array $deal ): int {
		if ( in_array( $deal['state'], array_merge( self::CLOSED, array( self::REQUESTED, self::QUOTED ) ), true ) ) {
			return 0;
		}
		if ( in_array( $deal['state'], self::UNCONFIRMED_HOLD, true ) ) {
			return max( 0, $deal['deposit'] - $deal['paid'] );
		}
		return max( 0, $deal['total'] - $deal['paid'] );
	}

	/** The deposit for a total: the share rounded up to the dollar, so it is never below the share. */
	public static function deposit_for( int $total, int $share_percent ): int {
		$share = max( 1, min( 100, $share_percent ) );
		return intdiv( $total * $share + 99, 100 );
	}

	/**
	 * @param Facts $deal
	 */
	private static function accept( array $deal, int $now ): string|DealRefusal {
		if ( $deal['total'] <= 0 ) {
			return DealRefusal::conflict( __( 'This quote has no price yet, so it cannot be accepted.', 'car-export' ) );
		}
		if ( null !== $deal['valid_until'] && $deal['valid_until'] < $now ) {
			return DealRefusal::conflict( __( 'This quote is no longer valid. Please ask us for a new one.', 'car-export' ) );
		}
		return self::ACCEPTED;
	}

	/**
	 * @param Facts $deal
	 */
	private static function confirm_payment( array $deal, int $amount ): string|DealRefusal {
		if ( $amount <= 0 ) {
			return DealRefusal::bad( __( 'Enter the amount received, in US dollars.', 'car-export' ) );
		}
		$paid = $deal['paid'] + $amount;
		if ( $paid > $deal['total'] ) {
			/* translators: %s: the amount still open, e.g. "USD 1,200". */
			return DealRefusal::bad( sprintf( __( 'That is more than the %s still open on this deal.', 'car-export' ), self::usd( $deal['total'] - $deal['paid'] ) ) );
		}
		if ( $paid < $deal['deposit'] ) {
			/* translators: %s: the deposit, e.g. "USD 6,000". */
			return DealRefusal::bad( sprintf( __( 'The payments must reach the deposit of %s before the car is confirmed.', 'car-export' ), self::usd( $deal['deposit'] ) ) );
		}
		if ( in_array( $deal['state'], array( self::SHIPPING_BOOKED, self::SHIPPED ), true ) ) {
			// Shipping goes on while the balance comes in; the payment is recorded and the state stays.
			return $deal['state'];
		}
		return $paid >= $deal['total'] ? self::PAID_IN_FULL : self::DEPOSIT_CONFIRMED;
	}

	/**
	 * @param Facts $deal
	 */
	private static function expire( array $deal, int $now ): string|DealRefusal {
		$until = self::QUOTED === $deal['state'] ? $deal['valid_until'] : $deal['hold_until'];
		if ( null === $until || $until >= $now ) {
			return DealRefusal::conflict( __( 'This deal has not run out yet.', 'car-export' ) );
		}
		return self::EXPIRED;
	}

	/**
	 * @param Facts $deal
	 */
	private static function balance_sentence( array $deal ): string {
		/* translators: %s: the balance, e.g. "USD 6,000". */
		return sprintf( __( 'Original documents are sent only after full payment; %s is still open.', 'car-export' ), self::usd( $deal['total'] - $deal['paid'] ) );
	}

	private static function wrong_state( string $state, string $action ): DealRefusal {
		if ( in_array( $state, self::CLOSED, true ) ) {
			/* translators: %s: the state the deal ended in, e.g. "Expired". */
			return DealRefusal::conflict( sprintf( __( 'This deal is closed (%s); nothing more can be done with it.', 'car-export' ), self::label( $state ) ) );
		}
		$sentences = array(
			self::QUOTE           => __( 'A quote can only be written while the buyer waits for one.', 'car-export' ),
			self::ACCEPT          => __( 'Only a quote that is waiting for an answer can be accepted.', 'car-export' ),
			self::DECLINE         => __( 'Only a quote that is waiting for an answer can be declined.', 'car-export' ),
			self::SUBMIT_PROOF    => __( 'A proof of payment can be sent once the quote is accepted and until the car ships.', 'car-export' ),
			self::CONFIRM_PAYMENT => __( 'There is no payment proof to confirm on this deal yet.', 'car-export' ),
			self::BOOK_SHIPPING   => __( 'Shipping can be booked once the deposit or the full payment is confirmed.', 'car-export' ),
			self::SHIP            => __( 'The car can be marked shipped only after shipping is booked.', 'car-export' ),
			self::SEND_DOCUMENTS  => __( 'Documents are sent after the car has shipped.', 'car-export' ),
			self::COMPLETE        => __( 'A deal is completed after the documents are sent.', 'car-export' ),
			self::EXPIRE          => __( 'Only a quote or a hold without a confirmed payment can expire.', 'car-export' ),
			self::CANCEL          => __( 'Only a reservation without a confirmed payment can be cancelled.', 'car-export' ),
		);
		return DealRefusal::conflict( $sentences[ $action ] );
	}

	public static function usd( int $amount ): string {
		return 'USD ' . number_format( $amount, 0, '.', ',' );
	}
}
