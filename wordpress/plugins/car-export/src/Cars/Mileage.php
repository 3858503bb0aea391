<?php
declare(strict_types=1);

namespace CarExport\Cars;

/**
 * A car's mileage is stored once, in miles (the catalogue's unit: the site, the CSV and the filters
 * read it so). Staff may type it in kilometres on the car form; it is turned into whole miles
 * before the usual checks, the kilometres typed are kept beside it (TYPED_KM_META), and the form
 * shows the value in the unit it was typed in, with both units in its help.
 *
 * Pure logic: runs under plain PHPUnit.
 */
final class Mileage {

	public const KM_PER_MILE = 1.609344;

	/** The kilometres last typed in the car form, so the form shows them back as typed. */
	public const TYPED_KM_META = '_car_mileage_typed_km';

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

	/**
	 * The mileage as the car form shows it: in kilometres when that is how it was typed (and the
	 * stored miles are still what those kilometres make), else in miles. A value typed in km never
	 * comes back silently converted ("27962" km shown as "17375" beside "miles" reads as a typo).
	 *
	 * @param string $stored   The stored mileage, in miles.
	 * @param string $typed_km The kilometres last typed in the form, or ''.
	 * @return array{value: string, unit: string}
	 */
	public static function shown( string $stored, string $typed_km ): array {
		if ( '' !== $typed_km && preg_match( '/^\d+$/', $typed_km ) && '' !== $stored && self::to_miles( $typed_km, self::KILOMETRES ) === $stored ) {
			return array(
				'value' => $typed_km,
				'unit'  => self::KILOMETRES,
			);
		}
		return array(
			'value' => $stored,
			'unit'  => self::MILES,
		);
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
