<?php
declare(strict_types=1);

namespace CarExport\Tests\Unit\Support;

/**
 * The idempotency table as MariaDB keeps it, for the few statements IdempotencyStore sends: a row
 * claimed inside a transaction (INSERT IGNORE answers 0 for a key already there), completed by an
 * UPDATE, and gone again on ROLLBACK. `fail_complete` makes the UPDATE find nothing.
 */
final class FakeIdempotencyTable {

	public string $prefix      = 'wp_';
	public string $last_error  = '';
	public bool $fail_complete = false;

	/** @var array<string, array{post_id: int, status: int, response: string}> scope|key => row */
	public array $rows = array();

	/** @var list<string> keys inserted since the transaction began */
	private array $uncommitted = array();

	public function prepare( string $query, mixed ...$args ): string {
		return ( new FakeWpdb() )->prepare( $query, ...$args );
	}

	public function suppress_errors( bool $suppress = true ): bool {
		return false;
	}

	/** @return array<string, mixed>|null */
	public function get_row( string $query, string $output = 'OBJECT' ): ?array {
		return 1 === preg_match( "/scope = '([^']*)' AND idem_key = '([^']*)'/", $query, $m ) ? ( $this->rows[ $m[1] . '|' . $m[2] ] ?? null ) : null;
	}

	public function query( string $query ): int|bool {
		if ( 1 === preg_match( "/^INSERT IGNORE .* VALUES \\('([^']*)', '([^']*)'/", $query, $m ) ) {
			$id = $m[1] . '|' . $m[2];
			if ( isset( $this->rows[ $id ] ) ) {
				return 0;
			}
			$this->rows[ $id ]   = array(
				'post_id'  => 0,
				'status'   => 0,
				'response' => '',
			);
			$this->uncommitted[] = $id;
			return 1;
		}
		if ( 'ROLLBACK' === $query ) {
			foreach ( $this->uncommitted as $id ) {
				unset( $this->rows[ $id ] );
			}
		}
		if ( in_array( $query, array( 'ROLLBACK', 'COMMIT', 'START TRANSACTION' ), true ) ) {
			$this->uncommitted = array();
		}
		return true;
	}

	/**
	 * @param array<string, mixed> $data
	 * @param array<string, mixed> $where
	 * @param list<string>         $format
	 * @param list<string>         $where_format
	 */
	public function update( string $table, array $data, array $where, array $format = array(), array $where_format = array() ): int {
		$id = $where['scope'] . '|' . $where['idem_key'];
		if ( $this->fail_complete || ! isset( $this->rows[ $id ] ) ) {
			return 0;
		}
		$this->rows[ $id ] = array(
			'post_id'  => (int) $data['post_id'],
			'status'   => (int) $data['status'],
			'response' => (string) $data['response'],
		);
		return 1;
	}
}
