<?php
declare(strict_types=1);

namespace CarExport\Deals;

/**
 * How the sale runs: how long a reserved car is held, the deposit share, whether Buy Now is
 * offered, how many open holds one buyer may have, and what the proforma invoice says about the
 * seller, the port cars leave from and the bank. One option; every reader goes through get(), which fills in defaults.
 *
 * @phpstan-type Settings array{hold_days: int, deposit_percent: int, buy_now: bool, holds_per_buyer: int, quote_days: int, invoice_prefix: string, loading_port: string, seller_name: string, seller_address: string, bank_details: string}
 */
final class DealSettings {

	public const OPTION = 'car_export_deal_settings';

	/** Per-buyer user meta staff set to let one buyer hold more cars at once than the setting. */
	public const BUYER_HOLDS_META = 'car_export_deal_hold_limit';

	private const DEFAULTS = array(
		'hold_days'       => 3,
		'deposit_percent' => 50,
		'buy_now'         => true,
		'holds_per_buyer' => 1,
		'quote_days'      => 7,
		'invoice_prefix'  => 'PI',
		'loading_port'    => '',
		'seller_name'     => '',
		'seller_address'  => '',
		'bank_details'    => '',
	);

	/** @return Settings */
	public static function get(): array {
		$stored = get_option( self::OPTION, array() );
		return self::sanitize( is_array( $stored ) ? $stored + self::DEFAULTS : self::DEFAULTS );
	}

	/**
	 * Out-of-range numbers are pulled into range and an unusable prefix falls back to the default,
	 * so no stored value can make the sale misbehave.
	 *
	 * @param array<string, mixed> $raw
	 * @return Settings
	 */
	public static function sanitize( array $raw ): array {
		$raw    += self::DEFAULTS;
		$int     = static fn ( mixed $v, int $min, int $max, int $fallback ): int => is_numeric( $v ) ? max( $min, min( $max, (int) $v ) ) : $fallback;
		$text    = static fn ( mixed $v ): string => is_scalar( $v ) ? trim( sanitize_textarea_field( (string) $v ) ) : '';
		$prefix  = is_scalar( $raw['invoice_prefix'] ) ? strtoupper( trim( (string) $raw['invoice_prefix'] ) ) : '';
		$buy_now = $raw['buy_now'];
		return array(
			'hold_days'       => $int( $raw['hold_days'], 1, 30, self::DEFAULTS['hold_days'] ),
			'deposit_percent' => $int( $raw['deposit_percent'], 1, 100, self::DEFAULTS['deposit_percent'] ),
			'buy_now'         => true === $buy_now || '1' === $buy_now || 1 === $buy_now || 'on' === $buy_now,
			'holds_per_buyer' => $int( $raw['holds_per_buyer'], 1, 20, self::DEFAULTS['holds_per_buyer'] ),
			'quote_days'      => $int( $raw['quote_days'], 1, 60, self::DEFAULTS['quote_days'] ),
			'invoice_prefix'  => 1 === preg_match( '/^[A-Z0-9]{1,10}$/', $prefix ) ? $prefix : self::DEFAULTS['invoice_prefix'],
			'loading_port'    => mb_substr( $text( $raw['loading_port'] ), 0, 120 ),
			'seller_name'     => mb_substr( $text( $raw['seller_name'] ), 0, 200 ),
			'seller_address'  => mb_substr( $text( $raw['seller_address'] ), 0, 500 ),
			'bank_details'    => mb_substr( $text( $raw['bank_details'] ), 0, 1000 ),
		);
	}

	/** How many cars one buyer may hold at once: the setting, or more where staff allowed it. */
	public static function holds_allowed( int $buyer_id ): int {
		$own = get_user_meta( $buyer_id, self::BUYER_HOLDS_META, true );
		$all = self::get()['holds_per_buyer'];
		return is_numeric( $own ) && (int) $own > $all ? (int) $own : $all;
	}

	/**
	 * The moment a hold made at $start runs out: $days business days later (Saturdays and Sundays
	 * do not count, as banks do not move money on them), at the same time of day.
	 */
	public static function add_business_days( int $start, int $days ): int {
		$at = $start;
		while ( $days > 0 ) {
			$at += 86400;
			if ( (int) gmdate( 'N', $at ) <= 5 ) {
				--$days;
			}
		}
		return $at;
	}
}
