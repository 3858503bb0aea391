<?php
declare(strict_types=1);

namespace CarExport\Deals;

/**
 * Reads and writes the deal tables. Every state change is one conditional UPDATE (WHERE the state
 * is still the one the step was decided on), so two people acting on one deal at once never both
 * win; callers run it inside a transaction with the step's other rows.
 *
 * @phpstan-type Line array{kind: string, label: string, amount: int}
 * @phpstan-type Deal array{id: int, public_id: string, number: string, buyer_id: int, car_id: int, state: string, country: string, port_id: int, port_name: string, trade_term: string, shipping_method: string, inspection: bool, lines: list<Line>, total: int, deposit: int, paid: int, valid_until: int|null, hold_until: int|null, reminded: bool, proforma_number: string|null, proforma_date: int|null, shipment: array<string, string>, created_at: int, updated_at: int}
 * @phpstan-type Event array{id: int, deal_id: int, actor_id: int, actor: string, action: string, from_state: string, to_state: string, staff_note: string, buyer_note: string, created_at: int}
 * @phpstan-type Message array{id: int, author_id: int, from_staff: bool, body: string, created_at: int}
 * @phpstan-type File array{id: int, public_id: string, deal_id: int, kind: string, for_buyer: bool, name: string, mime: string, size: int, stored_name: string, uploaded_by: int, created_at: int}
 */
final class DealStore {

	/** Rows a staff list shows at once. */
	public const PAGE = 50;

	public static function begin(): void {
		global $wpdb;
		$wpdb->query( 'START TRANSACTION' );
	}

	public static function commit(): bool {
		global $wpdb;
		return false !== $wpdb->query( 'COMMIT' );
	}

	/**
	 * Whether the last statement failed only because a concurrent transaction won: a deadlock, a
	 * lock wait that ran out, or a row changed since this transaction's snapshot (MariaDB 11.8's
	 * snapshot isolation). Read before the rollback, which clears the error.
	 */
	public static function lost_to_another(): bool {
		global $wpdb;
		$error = (string) $wpdb->last_error;
		return '' !== $error && 1 === preg_match( '/deadlock|lock wait timeout|record has changed since last read/i', $error );
	}

	public static function rollback(): void {
		global $wpdb;
		$wpdb->query( 'ROLLBACK' );
	}

	/** A random id for links: 96 bits, so ids cannot be guessed from one another. */
	public static function random_id(): string {
		return bin2hex( random_bytes( 12 ) );
	}

	/**
	 * The next number of a named sequence, taken with one atomic upsert: two requests never get the
	 * same number, and a rolled-back transaction gives its number back with the rest of its work.
	 */
	public static function next_in_sequence( string $name ): int {
		global $wpdb;
		$table = DealTables::sequences();
		// A concurrent step that took the number first makes this one fail (lost_to_another()): the
		// caller tries again or answers "try again", so it is not logged as a fault.
		$suppress = $wpdb->suppress_errors( true );
		// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table name is ours.
		$done = $wpdb->query( $wpdb->prepare( "INSERT INTO {$table} (name, value) VALUES (%s, LAST_INSERT_ID(1)) ON DUPLICATE KEY UPDATE value = LAST_INSERT_ID(value + 1)", $name ) );
		$wpdb->suppress_errors( $suppress );
		if ( false === $done ) {
			return 0;
		}
		return (int) $wpdb->get_var( 'SELECT LAST_INSERT_ID()' );
	}

	/**
	 * @param array<string, int|string|null> $row Columns of the new deal.
	 */
	public static function insert_deal( array $row ): int {
		global $wpdb;
		$suppress = $wpdb->suppress_errors( true );
		$ok       = $wpdb->insert( DealTables::deals(), $row );
		$wpdb->suppress_errors( $suppress );
		return false === $ok ? 0 : (int) $wpdb->insert_id;
	}

	/**
	 * Moves the deal from $from to $to with the given column changes, only if it is still in $from
	 * (and, when $paid is given, still has that much paid). True when this request made the change.
	 *
	 * @param array<string, int|string|null> $changes
	 */
	public static function move( int $deal_id, string $from, string $to, array $changes, ?int $paid = null ): bool {
		global $wpdb;
		$changes['state']      = $to;
		$changes['updated_at'] = gmdate( 'Y-m-d H:i:s' );
		$where                 = array(
			'id'    => $deal_id,
			'state' => $from,
		);
		if ( null !== $paid ) {
			$where['paid'] = $paid;
		}
		$suppress = $wpdb->suppress_errors( true );
		$updated  = $wpdb->update( DealTables::deals(), $changes, $where );
		$wpdb->suppress_errors( $suppress );
		return 1 === $updated;
	}

	/**
	 * Takes the car for the deal. False when another deal holds it (the primary key refuses the
	 * second row, also when both inserts race) or the database failed.
	 */
	public static function hold( int $car_id, int $deal_id, int $buyer_id ): bool {
		global $wpdb;
		$suppress = $wpdb->suppress_errors( true );
		$ok       = $wpdb->insert(
			DealTables::holds(),
			array(
				'car_id'     => $car_id,
				'deal_id'    => $deal_id,
				'buyer_id'   => $buyer_id,
				'created_at' => gmdate( 'Y-m-d H:i:s' ),
			),
			array( '%d', '%d', '%d', '%s' )
		);
		$wpdb->suppress_errors( $suppress );
		return 1 === $ok;
	}

	public static function release( int $deal_id ): void {
		global $wpdb;
		$wpdb->delete( DealTables::holds(), array( 'deal_id' => $deal_id ), array( '%d' ) );
	}

	public static function holds_of_buyer( int $buyer_id ): int {
		global $wpdb;
		$table = DealTables::holds();
		$deals = DealTables::deals();
		// Only holds still waiting for money count against the limit: a paid car is the buyer's.
		$states = "'" . implode( "','", DealStateMachine::UNCONFIRMED_HOLD ) . "'";
		// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table names and fixed states are ours.
		return (int) $wpdb->get_var( $wpdb->prepare( "SELECT COUNT(*) FROM {$table} h JOIN {$deals} d ON d.id = h.deal_id WHERE h.buyer_id = %d AND d.state IN ({$states})", $buyer_id ) );
	}

	/** The deal holding a car, 0 when none does. */
	public static function holder_of( int $car_id ): int {
		global $wpdb;
		$table = DealTables::holds();
		// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table name is ours.
		return (int) $wpdb->get_var( $wpdb->prepare( "SELECT deal_id FROM {$table} WHERE car_id = %d", $car_id ) );
	}

	public static function add_event( int $deal_id, int $actor_id, string $actor, string $action, string $from, string $to, string $staff_note, string $buyer_note ): int {
		global $wpdb;
		$ok = $wpdb->insert(
			DealTables::events(),
			array(
				'deal_id'    => $deal_id,
				'actor_id'   => $actor_id,
				'actor'      => $actor,
				'action'     => $action,
				'from_state' => $from,
				'to_state'   => $to,
				'staff_note' => $staff_note,
				'buyer_note' => $buyer_note,
				'created_at' => gmdate( 'Y-m-d H:i:s' ),
			)
		);
		return false === $ok ? 0 : (int) $wpdb->insert_id;
	}

	public static function add_message( int $deal_id, int $author_id, bool $from_staff, string $body ): int {
		global $wpdb;
		$ok = $wpdb->insert(
			DealTables::messages(),
			array(
				'deal_id'    => $deal_id,
				'author_id'  => $author_id,
				'from_staff' => $from_staff ? 1 : 0,
				'body'       => $body,
				'created_at' => gmdate( 'Y-m-d H:i:s' ),
			)
		);
		return false === $ok ? 0 : (int) $wpdb->insert_id;
	}

	/**
	 * @param array{public_id: string, deal_id: int, kind: string, for_buyer: bool, name: string, mime: string, size: int, stored_name: string, uploaded_by: int} $file
	 */
	public static function add_file( array $file ): int {
		global $wpdb;
		$file['for_buyer']  = $file['for_buyer'] ? 1 : 0;
		$file['created_at'] = gmdate( 'Y-m-d H:i:s' );
		$ok                 = $wpdb->insert( DealTables::files(), $file );
		return false === $ok ? 0 : (int) $wpdb->insert_id;
	}

	/** @return Deal|null */
	public static function find( int $id ): ?array {
		return self::find_by( 'id', $id );
	}

	/** @return Deal|null */
	public static function find_public( string $public_id ): ?array {
		return 1 === preg_match( '/^[a-f0-9]{24}$/', $public_id ) ? self::find_by( 'public_id', $public_id ) : null;
	}

	/** @return Deal|null */
	public static function find_number( string $number ): ?array {
		return self::find_by( 'number', strtoupper( trim( $number ) ) );
	}

	/** @return Deal|null */
	private static function find_by( string $column, int|string $value ): ?array {
		global $wpdb;
		$table = DealTables::deals();
		$sql   = "SELECT * FROM {$table} WHERE {$column} = " . ( is_int( $value ) ? '%d' : '%s' );
		// phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared -- table and column names are ours; the value is a placeholder.
		$row = $wpdb->get_row( $wpdb->prepare( $sql, $value ), ARRAY_A );
		return is_array( $row ) ? self::deal( $row ) : null;
	}

	/** @return list<Deal> the buyer's deals, newest first. */
	public static function of_buyer( int $buyer_id ): array {
		global $wpdb;
		$table = DealTables::deals();
		// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table name is ours.
		$rows = $wpdb->get_results( $wpdb->prepare( "SELECT * FROM {$table} WHERE buyer_id = %d ORDER BY id DESC LIMIT 200", $buyer_id ), ARRAY_A );
		return array_values( array_map( array( self::class, 'deal' ), is_array( $rows ) ? $rows : array() ) );
	}

	/**
	 * Deals for staff, newest first: in one state (or all), only overdue ones (a hold or quote
	 * past its time that cron has not closed yet, or money still open after shipping), and matching
	 * a deal number, a car's stock number or the buyer's e-mail.
	 *
	 * @return list<Deal>
	 */
	public static function search( string $state, bool $overdue, string $search, int $page = 1 ): array {
		global $wpdb;
		$table  = DealTables::deals();
		$where  = array( '1=1' );
		$params = array();
		if ( '' !== $state ) {
			$where[]  = 'd.state = %s';
			$params[] = $state;
		}
		if ( $overdue ) {
			$where[]  = "((d.state IN ('accepted','payment_submitted') AND d.hold_until < %s) OR (d.state = 'quoted' AND d.valid_until < %s) OR (d.state IN ('shipped','documents_sent') AND d.paid < d.total))";
			$params[] = gmdate( 'Y-m-d H:i:s' );
			$params[] = gmdate( 'Y-m-d H:i:s' );
		}
		if ( '' !== $search ) {
			$where[]  = "(d.number = %s OR d.buyer_id IN (SELECT ID FROM {$wpdb->users} WHERE user_email = %s) OR d.car_id IN (SELECT post_id FROM {$wpdb->postmeta} WHERE meta_key = '_car_stock_number' AND meta_value = %s))";
			$params[] = strtoupper( $search );
			$params[] = $search;
			$params[] = $search;
		}
		$params[] = self::PAGE;
		$params[] = ( max( 1, $page ) - 1 ) * self::PAGE;
		$sql      = "SELECT d.* FROM {$table} d WHERE " . implode( ' AND ', $where ) . ' ORDER BY d.id DESC LIMIT %d OFFSET %d';
		// phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared -- table names and clauses are ours; values are placeholders.
		$rows = $wpdb->get_results( $wpdb->prepare( $sql, $params ), ARRAY_A );
		return array_values( array_map( array( self::class, 'deal' ), is_array( $rows ) ? $rows : array() ) );
	}

	/**
	 * Deals whose quote validity or unpaid hold has run out, oldest first.
	 *
	 * @return list<int>
	 */
	public static function due_to_expire( int $now, int $limit ): array {
		global $wpdb;
		$table = DealTables::deals();
		$at    = gmdate( 'Y-m-d H:i:s', $now );
		// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table name is ours.
		$ids = $wpdb->get_col( $wpdb->prepare( "SELECT id FROM {$table} WHERE (state IN ('accepted','payment_submitted') AND hold_until < %s) OR (state = 'quoted' AND valid_until < %s) ORDER BY id LIMIT %d", $at, $at, $limit ) );
		return array_map( 'intval', $ids );
	}

	/**
	 * Unpaid holds ending within $window seconds whose buyer has not been reminded yet.
	 *
	 * @return list<int>
	 */
	public static function due_for_reminder( int $now, int $window ): array {
		global $wpdb;
		$table = DealTables::deals();
		// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table name is ours.
		$ids = $wpdb->get_col( $wpdb->prepare( "SELECT id FROM {$table} WHERE state = 'accepted' AND reminded = 0 AND hold_until BETWEEN %s AND %s ORDER BY id LIMIT 50", gmdate( 'Y-m-d H:i:s', $now ), gmdate( 'Y-m-d H:i:s', $now + $window ) ) );
		return array_map( 'intval', $ids );
	}

	/** Marks a reminder sent; true only for the one process that marked it. */
	public static function mark_reminded( int $deal_id ): bool {
		global $wpdb;
		return 1 === $wpdb->update(
			DealTables::deals(),
			array( 'reminded' => 1 ),
			array(
				'id'       => $deal_id,
				'reminded' => 0,
			)
		);
	}

	/** @return list<Event> oldest first. */
	public static function events_of( int $deal_id ): array {
		$rows = self::rows_of( DealTables::events(), $deal_id );
		return array_map(
			static fn ( array $r ): array => array(
				'id'         => (int) $r['id'],
				'deal_id'    => (int) $r['deal_id'],
				'actor_id'   => (int) $r['actor_id'],
				'actor'      => (string) $r['actor'],
				'action'     => (string) $r['action'],
				'from_state' => (string) $r['from_state'],
				'to_state'   => (string) $r['to_state'],
				'staff_note' => (string) $r['staff_note'],
				'buyer_note' => (string) $r['buyer_note'],
				'created_at' => self::time( $r['created_at'] ) ?? 0,
			),
			$rows
		);
	}

	/** @return Event|null */
	public static function event( int $event_id ): ?array {
		global $wpdb;
		$table = DealTables::events();
		// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table name is ours.
		$deal_id = (int) $wpdb->get_var( $wpdb->prepare( "SELECT deal_id FROM {$table} WHERE id = %d", $event_id ) );
		foreach ( self::events_of( $deal_id ) as $event ) {
			if ( $event['id'] === $event_id ) {
				return $event;
			}
		}
		return null;
	}

	/** @return list<Message> oldest first. */
	public static function messages_of( int $deal_id ): array {
		return array_map(
			static fn ( array $r ): array => array(
				'id'         => (int) $r['id'],
				'author_id'  => (int) $r['author_id'],
				'from_staff' => '1' === (string) $r['from_staff'],
				'body'       => (string) $r['body'],
				'created_at' => self::time( $r['created_at'] ) ?? 0,
			),
			self::rows_of( DealTables::messages(), $deal_id )
		);
	}

	/** @return list<File> oldest first. */
	public static function files_of( int $deal_id ): array {
		return array_map( array( self::class, 'file' ), self::rows_of( DealTables::files(), $deal_id ) );
	}

	/** @return File|null */
	public static function find_file( int $deal_id, string $public_id ): ?array {
		foreach ( self::files_of( $deal_id ) as $file ) {
			if ( hash_equals( $file['public_id'], $public_id ) ) {
				return $file;
			}
		}
		return null;
	}

	/** @return list<array<string, mixed>> */
	private static function rows_of( string $table, int $deal_id ): array {
		global $wpdb;
		// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table name is ours.
		$rows = $wpdb->get_results( $wpdb->prepare( "SELECT * FROM {$table} WHERE deal_id = %d ORDER BY id ASC", $deal_id ), ARRAY_A );
		return is_array( $rows ) ? array_values( $rows ) : array();
	}

	/**
	 * @param array<string, mixed> $r
	 * @return File
	 */
	private static function file( array $r ): array {
		return array(
			'id'          => (int) $r['id'],
			'public_id'   => (string) $r['public_id'],
			'deal_id'     => (int) $r['deal_id'],
			'kind'        => (string) $r['kind'],
			'for_buyer'   => '1' === (string) $r['for_buyer'],
			'name'        => (string) $r['name'],
			'mime'        => (string) $r['mime'],
			'size'        => (int) $r['size'],
			'stored_name' => (string) $r['stored_name'],
			'uploaded_by' => (int) $r['uploaded_by'],
			'created_at'  => self::time( $r['created_at'] ) ?? 0,
		);
	}

	/**
	 * @param array<string, mixed> $r
	 * @return Deal
	 */
	public static function deal( array $r ): array {
		$lines    = json_decode( (string) $r['price_lines'], true );
		$shipment = json_decode( (string) $r['shipment'], true );
		$clean    = array();
		foreach ( is_array( $lines ) ? $lines : array() as $line ) {
			if ( is_array( $line ) ) {
				$clean[] = array(
					'kind'   => (string) ( $line['kind'] ?? 'other' ),
					'label'  => (string) ( $line['label'] ?? '' ),
					'amount' => (int) ( $line['amount'] ?? 0 ),
				);
			}
		}
		return array(
			'id'              => (int) $r['id'],
			'public_id'       => (string) $r['public_id'],
			'number'          => (string) $r['number'],
			'buyer_id'        => (int) $r['buyer_id'],
			'car_id'          => (int) $r['car_id'],
			'state'           => (string) $r['state'],
			'country'         => (string) $r['country'],
			'port_id'         => (int) $r['port_id'],
			'port_name'       => (string) $r['port_name'],
			'trade_term'      => (string) $r['trade_term'],
			'shipping_method' => (string) $r['shipping_method'],
			'inspection'      => '1' === (string) $r['inspection'],
			'lines'           => $clean,
			'total'           => (int) $r['total'],
			'deposit'         => (int) $r['deposit'],
			'paid'            => (int) $r['paid'],
			'valid_until'     => self::time( $r['valid_until'] ),
			'hold_until'      => self::time( $r['hold_until'] ),
			'reminded'        => '1' === (string) $r['reminded'],
			'proforma_number' => null === $r['proforma_number'] ? null : (string) $r['proforma_number'],
			'proforma_date'   => self::time( $r['proforma_date'] ),
			'shipment'        => is_array( $shipment ) ? array_map( 'strval', array_filter( $shipment, 'is_scalar' ) ) : array(),
			'created_at'      => self::time( $r['created_at'] ) ?? 0,
			'updated_at'      => self::time( $r['updated_at'] ) ?? 0,
		);
	}

	private static function time( mixed $value ): ?int {
		if ( ! is_string( $value ) || '' === $value || str_starts_with( $value, '0000' ) ) {
			return null;
		}
		$time = strtotime( $value . ' UTC' );
		return false === $time ? null : $time;
	}

	public static function sql_time( ?int $time ): ?string {
		return null === $time ? null : gmdate( 'Y-m-d H:i:s', $time );
	}
}
