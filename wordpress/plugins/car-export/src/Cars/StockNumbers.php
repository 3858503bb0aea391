<?php
declare(strict_types=1);

namespace CarExport\Cars;

/**
 * Which cars carry which stock numbers. A stock number names one physical car and the CSV import
 * decides by it which car a row updates, so the car form refuses a number another car has, and the
 * import refuses a row whose number two cars share (from before numbers were checked).
 */
final class StockNumbers {

	/**
	 * Car ids (oldest first) by lower-cased stock number, for the numbers some car has, trash
	 * excluded. The comparison ignores case, as the database's collation does.
	 *
	 * @param list<string> $stock_numbers
	 * @return array<string, list<int>>
	 */
	public static function owners( array $stock_numbers ): array {
		global $wpdb;
		$stock_numbers = array_values( array_unique( array_filter( $stock_numbers, static fn ( string $stock ): bool => '' !== $stock ) ) );
		if ( array() === $stock_numbers ) {
			return array();
		}
		$placeholders = implode( ',', array_fill( 0, count( $stock_numbers ), '%s' ) );
		// The placeholders are built above, one %s per stock number. STRAIGHT_JOIN reads the stock
		// number rows first (by their meta key) and then each one's post: left to itself MariaDB
		// walked every car and all of its meta, 3 s at 100,000 cars for each batch of an import.
		$query = "SELECT STRAIGHT_JOIN pm.meta_value AS stock, pm.post_id AS id FROM {$wpdb->postmeta} pm INNER JOIN {$wpdb->posts} p ON p.ID = pm.post_id"
			. " WHERE pm.meta_key = %s AND p.post_type = %s AND p.post_status NOT IN ('trash', 'auto-draft') AND pm.meta_value IN ({$placeholders}) ORDER BY pm.post_id ASC";
		$found = $wpdb->get_results( $wpdb->prepare( $query, array_merge( array( CarFields::meta_key( 'stockNumber' ), CarFields::POST_TYPE ), $stock_numbers ) ), ARRAY_A ); // phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared
		$ids   = array();
		foreach ( is_array( $found ) ? $found : array() as $match ) {
			$ids[ strtolower( (string) $match['stock'] ) ][] = (int) $match['id'];
		}
		return $ids;
	}

	/** The message for a stock number already used by another car. */
	public static function taken_message( string $stock, int $other_id ): string {
		return sprintf(
			/* translators: 1: stock number, 2: title of the other car, 3: its id. */
			__( 'Stock number %1$s is already used by “%2$s” (ID %3$d). Each car needs its own stock number: the CSV import finds cars by it.', 'car-export' ),
			$stock,
			get_the_title( $other_id ),
			$other_id
		);
	}
}
