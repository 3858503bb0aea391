<?php
declare(strict_types=1);

namespace CarExport\Cars;

/**
 * A car's mileage is stored once, in miles (the catalogue's unit: the site, the CSV and the filters
 * read it so). Staff may type it in kilometres on the car form; it is turned into whole miles
 * before the usual checks, and the form shows the stored value in both units.
 *
 * Pure logic: runs under plain PHPUnit.
 */
final class Mileage {

	public const KM_PER_MILE = 1.609344;

	public const MILES      = 'mi';
	public const KILOMETRES = 'km';

	/**
	 * The typed value in miles. A whole number of kilometres ("19,312" and "19 312" too, as the
	 * field's check reads them) becomes the nearest whole number of miles; anything else (miles,
	 * an empty field, a value that is not a whole number) is returned as typed, for the field's
	 * check to accept or refuse with its usual reason.
	 */
	public static function to_miles( string $typed, string $unit ): string {
		$typed  = trim( $typed );
		$digits = str_replace( array( ',', ' ', "\u{00A0}" ), '', $typed );
		if ( self::KILOMETRES !== $unit || ! preg_match( '/^\d{1,10}$/', $digits ) ) {
			return $typed;
		}
		return (string) (int) round( (int) $digits / self::KM_PER_MILE );
	}

	public static function to_km( int $miles ): int {
		return (int) round( $miles * self::KM_PER_MILE );
	}

	/** "12,000 mi = 19,312 km", as the car form shows a stored mileage. */
	public static function both( int $miles ): string {
		/* translators: 1: miles, 2: kilometres. */
		return sprintf( __( '%1$s mi = %2$s km', 'car-export' ), number_format( $miles ), number_format( self::to_km( $miles ) ) );
	}
}
