<?php
declare(strict_types=1);

namespace CarExport\Import;

use CarExport\Search\LookupTable;

/**
 * The brands and models the catalogue already has (cars of any status but trash), which a CSV row
 * must use: the import adds cars, not new brands by a typo.
 */
final class KnownValues {

	/**
	 * How a brand (and model) is looked up: letter case and surrounding spaces ignored.
	 */
	public static function key( string $brand, ?string $model = null ): string {
		$key = mb_strtolower( trim( $brand ) );
		return null === $model ? $key : $key . "\n" . mb_strtolower( trim( $model ) );
	}

	/**
	 * Read from the lookup table (one index, one row per car) rather than two joins of postmeta,
	 * which took seconds at 100,000 cars and ran again for every batch of an import.
	 *
	 * @return array{brands: array<string, string>, models: array<string, string>} key() => spelling
	 */
	public static function from_catalogue(): array {
		global $wpdb;
		$table = LookupTable::name();
		// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- the table name is ours; no input.
		$rows = $wpdb->get_results( "SELECT DISTINCT brand, model FROM {$table} WHERE status <> 'trash' AND brand <> ''", ARRAY_A );
		return self::index( is_array( $rows ) ? $rows : array() );
	}

	/**
	 * @param array<mixed> $rows Rows with a brand and a model (either may be empty).
	 * @return array{brands: array<string, string>, models: array<string, string>}
	 */
	public static function index( array $rows ): array {
		$known = array(
			'brands' => array(),
			'models' => array(),
		);
		foreach ( $rows as $row ) {
			$brand = is_array( $row ) && is_string( $row['brand'] ?? null ) ? trim( $row['brand'] ) : '';
			if ( '' === $brand ) {
				continue;
			}
			$known['brands'][ self::key( $brand ) ] ??= $brand;
			$model                                    = is_string( $row['model'] ?? null ) ? trim( $row['model'] ) : '';
			if ( '' !== $model ) {
				$known['models'][ self::key( $brand, $model ) ] ??= $model;
			}
		}
		return $known;
	}
}
