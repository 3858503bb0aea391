<?php
declare(strict_types=1);

namespace CarExport\Purge;

/**
 * Shows staff whether the website confirmed the last purge WordPress waited for (a car, news post
 * or video saved, a settings save, the end of an import): when, what it was for, and the error
 * when it failed.
 */
final class PurgeStatus {

	/**
	 * @return array{time: int, ok: bool, error: string, what: string}|null
	 */
	public static function last(): ?array {
		$stored = get_option( PurgeNotifier::LAST_RESULT_OPTION );
		if ( ! is_array( $stored ) || ! isset( $stored['time'], $stored['ok'] ) ) {
			return null;
		}
		return array(
			'time'  => (int) $stored['time'],
			'ok'    => (bool) $stored['ok'],
			'error' => is_string( $stored['error'] ?? null ) ? $stored['error'] : '',
			'what'  => is_string( $stored['what'] ?? null ) ? $stored['what'] : '',
		);
	}

	/**
	 * The last purge in one sentence, with the notice class it is shown in (info, success, error).
	 *
	 * @return array{kind: string, text: string}
	 */
	public static function summary(): array {
		$last = self::last();
		if ( null === $last ) {
			return array(
				'kind' => 'info',
				'text' => __( 'The website has not confirmed a purge yet. Save a car or these settings to send one.', 'car-export' ),
			);
		}
		$when = (string) wp_date( (string) get_option( 'date_format' ) . ' ' . (string) get_option( 'time_format' ), $last['time'] );
		if ( '' !== $last['what'] ) {
			/* translators: 1: date and time, 2: what the purge was for, e.g. 'car “2024 BYD Seal” saved'. */
			$when = sprintf( __( '%1$s (%2$s)', 'car-export' ), $when, $last['what'] );
		}
		if ( $last['ok'] ) {
			return array(
				'kind' => 'success',
				/* translators: %s: date and time, and what the purge was for. */
				'text' => sprintf( __( 'Last purge: %s — OK, the website confirmed it.', 'car-export' ), $when ),
			);
		}
		return array(
			'kind' => 'error',
			/* translators: 1: date and time, and what the purge was for, 2: error message. */
			'text' => sprintf( __( 'Last purge: %1$s — FAILED: %2$s', 'car-export' ), $when, $last['error'] ),
		);
	}

	public static function render(): void {
		$summary = self::summary();
		printf( '<div class="notice inline notice-%1$s car-export-purge-status"><p>%2$s</p></div>', esc_attr( $summary['kind'] ), esc_html( $summary['text'] ) );
	}
}
