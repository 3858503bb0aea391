<?php
declare(strict_types=1);

namespace CarExport\Tests\Unit\Support;

/**
 * Just enough of wpdb for the query builders: it records every statement (placeholders filled in
 * the way wpdb->prepare fills them) and answers from queued results, so a test reads the SQL a
 * class sends and decides what the database says back.
 */
final class FakeWpdb {

	public string $prefix     = 'wp_';
	public string $posts      = 'wp_posts';
	public string $postmeta   = 'wp_postmeta';
	public string $options    = 'wp_options';
	public string $last_error = '';

	/** @var list<string> */
	public array $statements = array();

	/** @var list<mixed> */
	public array $answers = array();

	public function prepare( string $query, mixed ...$args ): string {
		if ( 1 === count( $args ) && is_array( $args[0] ) ) {
			$args = $args[0];
		}
		$args = array_values( $args );
		$i    = 0;
		return (string) preg_replace_callback(
			'/%[sd]/',
			static function ( array $m ) use ( $args, &$i ): string {
				$value = $args[ $i++ ] ?? '';
				return '%d' === $m[0] ? (string) (int) $value : "'" . addslashes( (string) $value ) . "'";
			},
			$query
		);
	}

	public function esc_like( string $text ): string {
		return addcslashes( $text, '_%\\' );
	}

	public function get_var( string $query ): mixed {
		return $this->answer( $query );
	}

	/** @return list<mixed> */
	public function get_col( string $query ): array {
		$answer = $this->answer( $query );
		return is_array( $answer ) ? array_values( $answer ) : array();
	}

	public function get_row( string $query, string $output = 'OBJECT' ): mixed {
		return $this->answer( $query );
	}

	/** @return list<mixed> */
	public function get_results( string $query ): array {
		$answer = $this->answer( $query );
		return is_array( $answer ) ? array_values( $answer ) : array();
	}

	public function query( string $query ): mixed {
		return $this->answer( $query );
	}

	/**
	 * @param array<string, mixed> $data
	 * @param array<string, mixed> $where
	 */
	public function update( string $table, array $data, array $where ): mixed {
		return $this->answer( 'UPDATE ' . $table . ' ' . (string) json_encode( $data ) . ' WHERE ' . (string) json_encode( $where ) );
	}

	/**
	 * @param array<string, mixed> $where
	 */
	public function delete( string $table, array $where ): mixed {
		return $this->answer( 'DELETE FROM ' . $table . ' WHERE ' . (string) json_encode( $where ) );
	}

	public function suppress_errors( bool $suppress = true ): bool {
		return false;
	}

	/** The next queued answer; the statement is recorded either way. */
	private function answer( string $query ): mixed {
		$this->statements[] = $query;
		return array() === $this->answers ? null : array_shift( $this->answers );
	}
}
