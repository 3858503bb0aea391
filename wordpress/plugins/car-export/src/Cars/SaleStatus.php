<?php
declare(strict_types=1);

namespace CarExport\Cars;

/**
 * Whether a car can still be bought. A sold car stays published (its page keeps its links and
 * search traffic) but leaves the catalogue list, its filter values and the featured cars.
 */
final class SaleStatus {

	public const AVAILABLE = 'available';
	public const RESERVED  = 'reserved';
	public const SOLD      = 'sold';

	/** The stored value as one of the three statuses: missing or unknown meta reads as available. */
	public static function normalize( mixed $value ): string {
		$value = is_string( $value ) ? strtolower( trim( $value ) ) : '';
		return in_array( $value, array( self::RESERVED, self::SOLD ), true ) ? $value : self::AVAILABLE;
	}
}
