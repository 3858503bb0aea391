<?php
declare(strict_types=1);

namespace CarExport\Tests\Unit;

use CarExport\Deals\DealRefusal;
use CarExport\Deals\DealSettings;
use CarExport\Deals\DealStateMachine as M;
use PHPUnit\Framework\Attributes\DataProvider;
use PHPUnit\Framework\TestCase;

/**
 * The deal's steps: every allowed step and where it leads, every refused step with the sentence the
 * person who asked reads, and the money rules (deposit before confirmation, documents only after
 * full payment).
 */
final class DealStateMachineTest extends TestCase {

	private const NOW = 1_800_000_000;

	/**
	 * @return array{state: string, total: int, deposit: int, paid: int, valid_until: int|null, hold_until: int|null}
	 */
	private static function deal( string $state, int $paid = 0, ?int $valid_until = null, ?int $hold_until = null ): array {
		return array(
			'state'       => $state,
			'total'       => 12000,
			'deposit'     => 6000,
			'paid'        => $paid,
			'valid_until' => $valid_until,
			'hold_until'  => $hold_until,
		);
	}

	/** @return array<string, array{string, string, int, string}> */
	public static function allowed(): array {
		return array(
			'staff quotes a request'            => array( M::REQUESTED, M::QUOTE, 0, M::QUOTED ),
			'staff revises a quote'             => array( M::QUOTED, M::QUOTE, 0, M::QUOTED ),
			'buyer accepts a valid quote'       => array( M::QUOTED, M::ACCEPT, 0, M::ACCEPTED ),
			'either side declines a quote'      => array( M::QUOTED, M::DECLINE, 0, M::DECLINED ),
			'staff declines a request'          => array( M::REQUESTED, M::DECLINE, 0, M::DECLINED ),
			'first proof'                       => array( M::ACCEPTED, M::SUBMIT_PROOF, 0, M::PAYMENT_SUBMITTED ),
			'another proof'                     => array( M::PAYMENT_SUBMITTED, M::SUBMIT_PROOF, 0, M::PAYMENT_SUBMITTED ),
			'balance proof'                     => array( M::DEPOSIT_CONFIRMED, M::SUBMIT_PROOF, 0, M::DEPOSIT_CONFIRMED ),
			'deposit confirmed'                 => array( M::PAYMENT_SUBMITTED, M::CONFIRM_PAYMENT, 6000, M::DEPOSIT_CONFIRMED ),
			'whole sum confirmed'               => array( M::PAYMENT_SUBMITTED, M::CONFIRM_PAYMENT, 12000, M::PAID_IN_FULL ),
			'shipping booked on a deposit'      => array( M::DEPOSIT_CONFIRMED, M::BOOK_SHIPPING, 0, M::SHIPPING_BOOKED ),
			'shipping booked when paid'         => array( M::PAID_IN_FULL, M::BOOK_SHIPPING, 0, M::SHIPPING_BOOKED ),
			'shipped'                           => array( M::SHIPPING_BOOKED, M::SHIP, 0, M::SHIPPED ),
			'hold of an accepted deal runs out' => array( M::ACCEPTED, M::EXPIRE, 0, M::EXPIRED ),
			'hold runs out with a proof'        => array( M::PAYMENT_SUBMITTED, M::EXPIRE, 0, M::EXPIRED ),
			'staff cancels a reservation'       => array( M::ACCEPTED, M::CANCEL, 0, M::CANCELLED ),
			'staff cancels after a proof'       => array( M::PAYMENT_SUBMITTED, M::CANCEL, 0, M::CANCELLED ),
			'complete after documents'          => array( M::DOCUMENTS_SENT, M::COMPLETE, 0, M::COMPLETED ),
		);
	}

	#[DataProvider( 'allowed' )]
	public function test_an_allowed_step_leads_to_its_state( string $from, string $action, int $amount, string $to ): void {
		$deal = self::deal( $from, 0, self::NOW + 60, self::NOW - 60 );
		$this->assertSame( $to, M::next( $deal, $action, self::NOW, $amount ) );
	}

	public function test_a_quote_expires_only_once_its_validity_has_passed(): void {
		$this->assertSame( M::EXPIRED, M::next( self::deal( M::QUOTED, 0, self::NOW - 1 ), M::EXPIRE, self::NOW ) );
		$this->assertRefused( 'This deal has not run out yet.', 409, M::next( self::deal( M::QUOTED, 0, self::NOW + 1 ), M::EXPIRE, self::NOW ) );
		$this->assertRefused( 'This deal has not run out yet.', 409, M::next( self::deal( M::ACCEPTED, 0, null, self::NOW + 1 ), M::EXPIRE, self::NOW ) );
	}

	public function test_an_outdated_quote_cannot_be_accepted(): void {
		$this->assertRefused( 'This quote is no longer valid. Please ask us for a new one.', 409, M::next( self::deal( M::QUOTED, 0, self::NOW - 1 ), M::ACCEPT, self::NOW ) );
	}

	public function test_the_balance_keeps_shipping_where_it_is_and_completes_the_payment(): void {
		$this->assertSame( M::SHIPPED, M::next( self::deal( M::SHIPPED, 6000 ), M::CONFIRM_PAYMENT, self::NOW, 6000 ) );
		$this->assertSame( M::PAID_IN_FULL, M::next( self::deal( M::DEPOSIT_CONFIRMED, 6000 ), M::CONFIRM_PAYMENT, self::NOW, 6000 ) );
	}

	public function test_documents_leave_only_after_full_payment(): void {
		$this->assertRefused(
			'Original documents are sent only after full payment; USD 6,000 is still open.',
			409,
			M::next( self::deal( M::SHIPPED, 6000 ), M::SEND_DOCUMENTS, self::NOW )
		);
		$this->assertSame( M::DOCUMENTS_SENT, M::next( self::deal( M::SHIPPED, 12000 ), M::SEND_DOCUMENTS, self::NOW ) );
	}

	public function test_a_payment_below_the_deposit_or_above_the_total_is_refused(): void {
		$this->assertRefused( 'The payments must reach the deposit of USD 6,000 before the car is confirmed.', 400, M::next( self::deal( M::PAYMENT_SUBMITTED ), M::CONFIRM_PAYMENT, self::NOW, 5999 ) );
		$this->assertRefused( 'That is more than the USD 6,000 still open on this deal.', 400, M::next( self::deal( M::DEPOSIT_CONFIRMED, 6000 ), M::CONFIRM_PAYMENT, self::NOW, 6001 ) );
		$this->assertRefused( 'Enter the amount received, in US dollars.', 400, M::next( self::deal( M::PAYMENT_SUBMITTED ), M::CONFIRM_PAYMENT, self::NOW, 0 ) );
	}

	/** @return array<string, array{string, string, string}> */
	public static function refused(): array {
		return array(
			'accept a request'          => array( M::REQUESTED, M::ACCEPT, 'Only a quote that is waiting for an answer can be accepted.' ),
			'accept twice'              => array( M::ACCEPTED, M::ACCEPT, 'Only a quote that is waiting for an answer can be accepted.' ),
			'decline a reservation'     => array( M::ACCEPTED, M::DECLINE, 'Only a quote that is waiting for an answer can be declined.' ),
			'quote a reservation'       => array( M::ACCEPTED, M::QUOTE, 'A quote can only be written while the buyer waits for one.' ),
			'proof before accepting'    => array( M::QUOTED, M::SUBMIT_PROOF, 'A proof of payment can be sent once the quote is accepted and until the car ships.' ),
			'confirm without a proof'   => array( M::ACCEPTED, M::CONFIRM_PAYMENT, 'There is no payment proof to confirm on this deal yet.' ),
			'book shipping unpaid'      => array( M::PAYMENT_SUBMITTED, M::BOOK_SHIPPING, 'Shipping can be booked once the deposit or the full payment is confirmed.' ),
			'ship unbooked'             => array( M::PAID_IN_FULL, M::SHIP, 'The car can be marked shipped only after shipping is booked.' ),
			'documents before shipping' => array( M::PAID_IN_FULL, M::SEND_DOCUMENTS, 'Documents are sent after the car has shipped.' ),
			'complete while shipping'   => array( M::SHIPPED, M::COMPLETE, 'A deal is completed after the documents are sent.' ),
			'expire a paid deal'        => array( M::DEPOSIT_CONFIRMED, M::EXPIRE, 'Only a quote or a hold without a confirmed payment can expire.' ),
			'cancel a paid deal'        => array( M::DEPOSIT_CONFIRMED, M::CANCEL, 'Only a reservation without a confirmed payment can be cancelled.' ),
			'anything on a closed deal' => array( M::EXPIRED, M::ACCEPT, 'This deal is closed (Expired); nothing more can be done with it.' ),
			'cancel a completed deal'   => array( M::COMPLETED, M::CANCEL, 'This deal is closed (Completed); nothing more can be done with it.' ),
			'an unknown step'           => array( M::QUOTED, 'steal', 'That is not a step a deal can take.' ),
		);
	}

	#[DataProvider( 'refused' )]
	public function test_a_step_the_state_forbids_is_refused_with_its_sentence( string $from, string $action, string $sentence ): void {
		$result = M::next( self::deal( $from, 0, self::NOW + 60, self::NOW - 60 ), $action, self::NOW, 6000 );
		$this->assertRefused( $sentence, 'steal' === $action ? 400 : 409, $result );
	}

	public function test_what_is_due_follows_the_deal(): void {
		$this->assertSame( 0, M::amount_due( self::deal( M::QUOTED ) ) );
		$this->assertSame( 6000, M::amount_due( self::deal( M::ACCEPTED ) ) );
		$this->assertSame( 6000, M::amount_due( self::deal( M::DEPOSIT_CONFIRMED, 6000 ) ) );
		$this->assertSame( 0, M::amount_due( self::deal( M::PAID_IN_FULL, 12000 ) ) );
		$this->assertSame( 0, M::amount_due( self::deal( M::CANCELLED ) ) );
	}

	public function test_the_deposit_is_the_share_rounded_up_to_the_dollar(): void {
		$this->assertSame( 6000, M::deposit_for( 12000, 50 ) );
		$this->assertSame( 3301, M::deposit_for( 10001, 33 ) );
		$this->assertSame( 10001, M::deposit_for( 10001, 100 ) );
	}

	public function test_a_hold_counts_business_days_only(): void {
		$friday = (int) strtotime( '2026-12-04 10:00:00 UTC' );
		$this->assertSame( '2026-12-09 10:00:00', gmdate( 'Y-m-d H:i:s', DealSettings::add_business_days( $friday, 3 ) ) );
		$tuesday = (int) strtotime( '2026-12-08 10:00:00 UTC' );
		$this->assertSame( '2026-12-11 10:00:00', gmdate( 'Y-m-d H:i:s', DealSettings::add_business_days( $tuesday, 3 ) ) );
	}

	private function assertRefused( string $sentence, int $status, string|DealRefusal $result ): void {
		$this->assertInstanceOf( DealRefusal::class, $result );
		$this->assertSame( $sentence, $result->message );
		$this->assertSame( $status, $result->status );
	}
}
