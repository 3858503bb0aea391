<?php
declare(strict_types=1);

namespace CarExport\Rest;

/**
 * A fixed-window counter in a transient. It is light on purpose: it slows down scripted floods and
 * password guessing without a table of its own; two requests racing may both be counted once.
 */
final class RateLimiter {

	private int $limit;

	/**
	 * @param string $bucket What is limited, for example "contact".
	 * @param int    $limit  Allowed hits per window (filter car_export_rate_limit can change it).
	 * @param int    $window Window length in seconds.
	 */
	public function __construct( private string $bucket, int $limit, private int $window ) {
		/**
		 * Allowed hits per window for a bucket.
		 *
		 * @param int    $limit
		 * @param string $bucket token_failures | contact | inquiry | register
		 */
		$this->limit = max( 1, (int) apply_filters( 'car_export_rate_limit', $limit, $bucket ) );
	}

	public function is_exceeded( string $key ): bool {
		return $this->count( $key ) >= $this->limit;
	}

	/**
	 * The 429 refusal (with the seconds until the window ends) when $key has used up its hits;
	 * null while it may go on.
	 *
	 * @param array<string, mixed> $data More for the client beside the status and the wait.
	 */
	public function refusal( string $key, string $code, string $message, array $data = array() ): ?\WP_Error {
		return $this->is_exceeded( $key ) ? Refusal::too_many( $code, $message, $this->retry_after( $key ), $data ) : null;
	}

	public function hit( string $key ): void {
		$now   = time();
		$state = $this->state( $key );
		if ( null === $state ) {
			$state = array(
				'count' => 0,
				'until' => $now + $this->window,
			);
		}
		++$state['count'];
		set_transient( $this->name( $key ), $state, max( 1, $state['until'] - $now ) );
	}

	public function reset( string $key ): void {
		delete_transient( $this->name( $key ) );
	}

	/**
	 * Seconds until the current window ends, for the Retry-After header.
	 */
	public function retry_after( string $key ): int {
		$state = $this->state( $key );
		return null === $state ? 0 : max( 1, $state['until'] - time() );
	}

	private function count( string $key ): int {
		$state = $this->state( $key );
		return null === $state ? 0 : $state['count'];
	}

	/**
	 * @return array{count: int, until: int}|null
	 */
	private function state( string $key ): ?array {
		$state = get_transient( $this->name( $key ) );
		if ( ! is_array( $state ) || ! isset( $state['count'], $state['until'] ) || (int) $state['until'] <= time() ) {
			return null;
		}
		return array(
			'count' => (int) $state['count'],
			'until' => (int) $state['until'],
		);
	}

	/**
	 * Hashed so any key (an IP plus a user name) fits the option name length.
	 */
	private function name( string $key ): string {
		return 'car_export_rl_' . md5( $this->bucket . '|' . $key );
	}
}
