<?php
declare(strict_types=1);

namespace CarExport\Messages;

/**
 * Where staff are with a lead. A lead without a stored status is new.
 */
final class LeadStatus {

	public const NEW       = 'new';
	public const CONTACTED = 'contacted';
	public const WON       = 'won';
	public const LOST      = 'lost';

	/**
	 * @return array<string, string> status => label, in working order
	 */
	public static function labels(): array {
		return array(
			self::NEW       => __( 'New', 'car-export' ),
			self::CONTACTED => __( 'Contacted', 'car-export' ),
			self::WON       => __( 'Won', 'car-export' ),
			self::LOST      => __( 'Lost', 'car-export' ),
		);
	}

	public static function is_valid( mixed $status ): bool {
		return is_string( $status ) && array_key_exists( $status, self::labels() );
	}

	public static function of( mixed $stored ): string {
		return self::is_valid( $stored ) ? (string) $stored : self::NEW;
	}
}
