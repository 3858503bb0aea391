<?php
declare(strict_types=1);

namespace CarExport\Import;

use CarExport\Cars\CarFields;

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
	 * @return array{brands: array<string, string>, models: array<string, string>} key() => spelling
	 */
	public static function from_catalogue(): array {
		global $wpdb;
		$brand_meta = CarFields::meta_key( 'brand' );
		$model_meta = CarFields::meta_key( 'model' );
		$rows       = $wpdb->get_results(
			$wpdb->prepare(
				"SELECT DISTINCT b.meta_value AS brand, m.meta_value AS model
				FROM {$wpdb->posts} p
				JOIN {$wpdb->postmeta} b ON b.post_id = p.ID AND b.meta_key = %s
				LEFT JOIN {$wpdb->postmeta} m ON m.post_id = p.ID AND m.meta_key = %s
				WHERE p.post_type = %s AND p.post_status NOT IN ('trash', 'auto-draft')",
				$brand_meta,
				$model_meta,
				CarFields::POST_TYPE
			),
			ARRAY_A
		);
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
