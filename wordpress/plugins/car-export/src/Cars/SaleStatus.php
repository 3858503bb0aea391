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

	/** Whether a car of this status appears in a list that does not ask for sold cars. */
	public static function is_listed( string $status, bool $include_sold ): bool {
		return $include_sold || self::SOLD !== self::normalize( $status );
	}

	/**
	 * Statuses a list shows, for a SQL IN (...).
	 *
	 * @return list<string>
	 */
	public static function listed_statuses( bool $include_sold ): array {
		return $include_sold
			? array( self::AVAILABLE, self::RESERVED, self::SOLD )
			: array( self::AVAILABLE, self::RESERVED );
	}
}
