<?php
declare(strict_types=1);

namespace CarExport\Cli;

use CarExport\Deals\DealRefusal;
use CarExport\Deals\DealSchedule;
use CarExport\Deals\DealService;
use CarExport\Deals\DealStateMachine;
use CarExport\Deals\DealStore;
use CarExport\Deals\DealView;
use CarExport\Service;

/**
 * `wp car-export deal list|quote|confirm-payment|ship|cancel|expire-due`: the sales desk's steps
 * from the shell, through the same DealService as wp-admin and REST. A deal is named by its number
 * (D-2026-00042); steps are recorded as taken by the account given with --user (system without one).
 *
 * @phpstan-import-type Deal from \CarExport\Deals\DealStore
 */
final class DealCommands implements Service {

	public function register(): void {
		if ( ! defined( 'WP_CLI' ) || ! class_exists( '\WP_CLI' ) ) {
			return;
		}
		\WP_CLI::add_command( 'car-export deal list', array( $this, 'list_deals' ) );
		\WP_CLI::add_command( 'car-export deal quote', array( $this, 'quote' ) );
		\WP_CLI::add_command( 'car-export deal confirm-payment', array( $this, 'confirm_payment' ) );
		\WP_CLI::add_command( 'car-export deal ship', array( $this, 'ship' ) );
		\WP_CLI::add_command( 'car-export deal cancel', array( $this, 'cancel' ) );
		\WP_CLI::add_command( 'car-export deal expire-due', array( $this, 'expire_due' ) );
	}

	/**
	 * Lists deals, newest first.
	 *
	 * ## OPTIONS
	 *
	 * [--state=<state>]
	 * : Only deals in this state.
	 *
	 * [--overdue]
	 * : Only holds or quotes past their time, or shipped deals with money still open.
	 *
	 * [--search=<text>]
	 * : A deal number, a stock number or a buyer's e-mail.
	 *
	 * [--format=<format>]
	 * : table (tab-separated lines) or json.
	 * ---
	 * default: table
	 * options:
	 *   - table
	 *   - json
	 * ---
	 *
	 * @param list<string>          $args
	 * @param array<string, string> $assoc_args
	 */
	public function list_deals( array $args, array $assoc_args ): void {
		unset( $args );
		$rows = array();
		foreach ( DealStore::search( (string) ( $assoc_args['state'] ?? '' ), isset( $assoc_args['overdue'] ), (string) ( $assoc_args['search'] ?? '' ) ) as $deal ) {
			$buyer  = get_userdata( $deal['buyer_id'] );
			$rows[] = array(
				'number'     => $deal['number'],
				'state'      => $deal['state'],
				'car'        => DealView::car( $deal['car_id'] )['title'],
				'buyer'      => $buyer instanceof \WP_User ? $buyer->user_email : '',
				'total'      => $deal['total'],
				'amount_due' => DealStateMachine::amount_due( $deal ),
				'hold_until' => in_array( $deal['state'], DealStateMachine::UNCONFIRMED_HOLD, true ) ? (string) DealView::iso( $deal['hold_until'] ) : '',
			);
		}
		if ( 'json' === ( $assoc_args['format'] ?? 'table' ) ) {
			\WP_CLI::log( (string) wp_json_encode( $rows ) );
			return;
		}
		// Tab-separated lines rather than WP-CLI's drawn table, whose code logs deprecations on PHP 8.4.
		\WP_CLI::log( implode( "\t", array( 'number', 'state', 'car', 'buyer', 'total', 'amount_due', 'hold_until' ) ) );
		foreach ( $rows as $row ) {
			\WP_CLI::log( implode( "\t", array_map( 'strval', $row ) ) );
		}
	}

	/**
	 * Writes and sends the quote of a requested deal.
	 *
	 * ## OPTIONS
	 *
	 * <number>
	 * : The deal number.
	 *
	 * --line=<line>
	 * : A price line as kind:amount or kind:amount:label; repeat it, as in --line=car:12000 --line=freight:1500. Kinds: car, freight, insurance, inspection, other.
	 *
	 * [--valid-days=<days>]
	 * : How long the quote is valid (the setting's days by default).
	 *
	 * [--user=<id|login|email>]
	 * : The staff account the step is recorded for.
	 *
	 * @param list<string>          $args
	 * @param array<string, string> $assoc_args
	 */
	public function quote( array $args, array $assoc_args ): void {
		$lines = array();
		// WP-CLI keeps only the last of a repeated option; the raw arguments keep them all.
		foreach ( self::repeated( 'line' ) as $raw ) {
			$parts   = explode( ':', $raw, 3 );
			$lines[] = array(
				'kind'   => $parts[0],
				'amount' => $parts[1] ?? '',
				'label'  => $parts[2] ?? '',
			);
		}
		$input = array( 'lines' => $lines );
		if ( isset( $assoc_args['valid-days'] ) ) {
			$input['valid_days'] = $assoc_args['valid-days'];
		}
		$this->step( $args, DealStateMachine::QUOTE, $input );
	}

	/**
	 * Confirms money received for a deal whose buyer sent a proof.
	 *
	 * ## OPTIONS
	 *
	 * <number>
	 * : The deal number.
	 *
	 * --amount=<usd>
	 * : Whole US dollars received.
	 *
	 * [--date=<yyyy-mm-dd>]
	 * : When the money arrived (today by default).
	 *
	 * [--user=<id|login|email>]
	 * : The staff account the step is recorded for.
	 *
	 * @param list<string>          $args
	 * @param array<string, string> $assoc_args
	 */
	public function confirm_payment( array $args, array $assoc_args ): void {
		$this->step(
			$args,
			DealStateMachine::CONFIRM_PAYMENT,
			array(
				'amount' => $assoc_args['amount'] ?? '',
				'date'   => $assoc_args['date'] ?? gmdate( 'Y-m-d' ),
			)
		);
	}

	/**
	 * Books shipping (with --vessel, --etd, --eta) or marks the car shipped (with --bl-number).
	 *
	 * ## OPTIONS
	 *
	 * <number>
	 * : The deal number.
	 *
	 * [--vessel=<name>]
	 * : Vessel name, to book shipping.
	 *
	 * [--etd=<yyyy-mm-dd>]
	 * : Departure date, to book shipping.
	 *
	 * [--eta=<yyyy-mm-dd>]
	 * : Arrival date, to book shipping.
	 *
	 * [--bl-number=<number>]
	 * : Bill of lading number, to mark the car shipped.
	 *
	 * [--user=<id|login|email>]
	 * : The staff account the step is recorded for.
	 *
	 * @param list<string>          $args
	 * @param array<string, string> $assoc_args
	 */
	public function ship( array $args, array $assoc_args ): void {
		if ( isset( $assoc_args['bl-number'] ) ) {
			$this->step( $args, DealStateMachine::SHIP, array( 'bl_number' => $assoc_args['bl-number'] ) );
			return;
		}
		$this->step(
			$args,
			DealStateMachine::BOOK_SHIPPING,
			array(
				'vessel' => $assoc_args['vessel'] ?? '',
				'etd'    => $assoc_args['etd'] ?? '',
				'eta'    => $assoc_args['eta'] ?? '',
			)
		);
	}

	/**
	 * Cancels a reservation that has no confirmed payment; the car becomes available.
	 *
	 * ## OPTIONS
	 *
	 * <number>
	 * : The deal number.
	 *
	 * --reason=<text>
	 * : Why; the buyer reads it.
	 *
	 * [--user=<id|login|email>]
	 * : The staff account the step is recorded for.
	 *
	 * @param list<string>          $args
	 * @param array<string, string> $assoc_args
	 */
	public function cancel( array $args, array $assoc_args ): void {
		$this->step( $args, DealStateMachine::CANCEL, array( 'reason' => $assoc_args['reason'] ?? '' ) );
	}

	/**
	 * Expires every quote and unpaid hold past its time and sends the hold reminders, as the cron
	 * event does.
	 *
	 * @param list<string>          $args
	 * @param array<string, string> $assoc_args
	 */
	public function expire_due( array $args, array $assoc_args ): void {
		unset( $args, $assoc_args );
		$done = DealSchedule::run();
		\WP_CLI::success( sprintf( '%d deal(s) expired, %d buyer(s) reminded.', $done['expired'], $done['reminded'] ) );
	}

	/**
	 * @param list<string>         $args
	 * @param array<string, mixed> $input
	 */
	private function step( array $args, string $action, array $input ): void {
		$deal = DealStore::find_number( (string) ( $args[0] ?? '' ) );
		if ( null === $deal ) {
			\WP_CLI::error( 'No deal has that number.' );
		}
		$user   = get_current_user_id();
		$result = ( new DealService() )->act(
			$deal,
			$action,
			array(
				'id'   => $user,
				'role' => DealService::STAFF,
			),
			$input
		);
		if ( $result instanceof DealRefusal ) {
			\WP_CLI::error( $result->message );
		}
		\WP_CLI::success( sprintf( '%s is now %s.', $result['number'], $result['state'] ) );
	}

	/** @return list<string> every value of a repeated --name=value option. */
	private static function repeated( string $name ): array {
		$values = array();
		// phpcs:ignore WordPress.Security.ValidatedSanitizedInput -- the command line of an operator.
		foreach ( (array) ( $GLOBALS['argv'] ?? array() ) as $arg ) {
			if ( is_string( $arg ) && str_starts_with( $arg, '--' . $name . '=' ) ) {
				$values[] = substr( $arg, strlen( $name ) + 3 );
			}
		}
		return $values;
	}
}
