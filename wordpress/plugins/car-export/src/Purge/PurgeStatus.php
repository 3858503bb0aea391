<?php
declare(strict_types=1);

namespace CarExport\Purge;

/**
 * Shows staff whether the website confirmed the last purge WordPress waited for (a settings save
 * or the end of an import): when, and the error when it failed.
 */
final class PurgeStatus {

	/**
	 * @return array{time: int, ok: bool, error: string}|null
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
		);
	}

	public static function render(): void {
		$last = self::last();
		if ( null === $last ) {
			printf( '<div class="notice inline notice-info car-export-purge-status"><p>%s</p></div>', esc_html__( 'The website has not confirmed a purge yet. Save these settings to send one.', 'car-export' ) );
		} else {
			$when = wp_date( (string) get_option( 'date_format' ) . ' ' . (string) get_option( 'time_format' ), $last['time'] );
			if ( $last['ok'] ) {
				/* translators: %s: date and time. */
				printf( '<div class="notice inline notice-success car-export-purge-status"><p>%s</p></div>', esc_html( sprintf( __( 'Last purge: %s — OK, the website confirmed it.', 'car-export' ), (string) $when ) ) );
			} else {
				/* translators: 1: date and time, 2: error message. */
				printf( '<div class="notice inline notice-error car-export-purge-status"><p>%s</p></div>', esc_html( sprintf( __( 'Last purge: %1$s — FAILED: %2$s', 'car-export' ), (string) $when, $last['error'] ) ) );
			}
		}
	}
}
