<?php
declare(strict_types=1);

namespace CarExport\Import;

use CarExport\Cars\CarFields;

/**
 * What the import screen shows before any upload: the values each column accepts, and a sample
 * file in the import's own columns, so staff need not guess until an error tells them.
 */
final class CarCsvSample {

	/**
	 * What each column accepts, in column order.
	 *
	 * @return array<string, string> column => allowed values in words
	 */
	public static function allowed(): array {
		$allowed = array(
			'stockNumber' => __( 'Required. Unique per car; a known one updates that car.', 'car-export' ),
			'title'       => __( 'Text; may not start with = + - @.', 'car-export' ),
			/* translators: %s: comma-separated statuses. */
			'status'      => sprintf( __( 'One of: %s (empty = publish).', 'car-export' ), implode( ', ', CarCsv::STATUSES ) ),
		);
		foreach ( CarCsv::columns() as $column ) {
			if ( isset( $allowed[ $column ] ) || in_array( $column, array( 'description', 'images' ), true ) ) {
				continue;
			}
			$field              = CarFields::get( $column );
			$allowed[ $column ] = match ( $field['type'] ) {
				/* translators: %s: comma-separated allowed values. */
				'choice' => sprintf( __( 'One of: %s.', 'car-export' ), implode( ', ', array_keys( $field['choices'] ?? array() ) ) ),
				/* translators: 1: smallest, 2: largest whole number. */
				'int' => sprintf( __( 'A whole number from %1$d to %2$d.', 'car-export' ), $field['min'] ?? 0, $field['max'] ?? PHP_INT_MAX ),
				'bool' => __( 'yes or no.', 'car-export' ),
				'list' => __( 'Entries separated by |.', 'car-export' ),
				default => self::text_rule( $column, (int) ( $field['maxlength'] ?? 0 ) ),
			};
		}
		$allowed['description'] = __( 'Text; may not start with = + - @.', 'car-export' );
		$allowed['images']      = __( 'File names in the media library or https:// addresses, separated by |.', 'car-export' );
		return $allowed;
	}

	private static function text_rule( string $column, int $max ): string {
		$rule = $max > 0
			/* translators: %d: maximum number of characters. */
			? sprintf( __( 'Text of at most %d characters; may not start with = + - @.', 'car-export' ), $max )
			: __( 'Text; may not start with = + - @.', 'car-export' );
		if ( 'brand' === $column ) {
			$rule .= ' ' . __( 'A brand some car already has (letter case does not matter).', 'car-export' );
		} elseif ( 'model' === $column ) {
			$rule .= ' ' . __( 'A model some car of that brand already has.', 'car-export' );
		}
		return $rule;
	}

	/**
	 * A header and one example row that imports as it is (given a catalogue with that brand and
	 * model): a first choice, a smallest number, "no" for a flag.
	 *
	 * @param string $brand A brand the catalogue has.
	 * @param string $model A model of that brand.
	 * @return list<list<string>>
	 */
	public static function rows( string $brand, string $model ): array {
		$example = array(
			'stockNumber' => 'SAMPLE-001',
			'title'       => trim( gmdate( 'Y' ) . ' ' . $brand . ' ' . $model ),
			'status'      => 'draft',
			'price'       => '25000',
			'brand'       => $brand,
			'model'       => $model,
			'year'        => gmdate( 'Y' ),
			'mileage'     => '12000',
			'features'    => 'Air conditioning|Leather seats',
			'description' => __( 'One owner, full service history.', 'car-export' ),
		);
		$row     = array();
		foreach ( CarCsv::columns() as $column ) {
			if ( isset( $example[ $column ] ) ) {
				$row[] = $example[ $column ];
				continue;
			}
			$field = in_array( $column, array( 'images' ), true ) ? array( 'type' => 'none' ) : CarFields::get( $column );
			$row[] = match ( $field['type'] ) {
				'choice' => (string) ( array_key_first( $field['choices'] ?? array() ) ?? '' ),
				'int' => (string) ( $field['min'] ?? 0 ),
				'bool' => 'no',
				default => '',
			};
		}
		return array( CarCsv::columns(), $row );
	}
}
