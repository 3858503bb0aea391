<?php
declare(strict_types=1);

namespace CarExport\Import;

use CarExport\Cars\CarFields;

/**
 * What the import screen shows before any upload: the values each column accepts, and a sample
 * file in the import's own columns, so staff need not guess until an error tells them.
 */
final class CarCsvSample {

	/** The fields that follow from the model, taken from a car of the catalogue when there is one. */
	public const SPECS = array( 'bodyType', 'fuelType', 'transmission', 'driveType', 'cylinders', 'doors', 'seats', 'engineSize' );

	/**
	 * What each column accepts, in column order, keyed by the column's header (with its unit).
	 *
	 * @return array<string, string> header => allowed values in words
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
				'choice' => self::choice_rule( $field ),
				'int' => self::number_rule( $column, $field ),
				'bool' => __( 'yes or no.', 'car-export' ),
				'list' => __( 'Entries separated by |.', 'car-export' ),
				default => self::text_rule( $column, (int) ( $field['maxlength'] ?? 0 ) ),
			};
		}
		$allowed['description'] = __( 'Text; may not start with = + - @.', 'car-export' );
		$allowed['images']      = __( 'File names in the media library or https:// addresses, separated by |.', 'car-export' );
		$by_header              = array();
		foreach ( $allowed as $column => $rule ) {
			$by_header[ CarCsv::header_name( $column ) ] = $rule;
		}
		return $by_header;
	}

	/**
	 * @param array{choices?: array<string, string>, default?: string} $field
	 */
	private static function choice_rule( array $field ): string {
		$values = implode( ', ', array_keys( $field['choices'] ?? array() ) );
		return isset( $field['default'] )
			/* translators: 1: comma-separated allowed values, 2: the value an empty cell stands for. */
			? sprintf( __( 'One of: %1$s (empty = %2$s).', 'car-export' ), $values, $field['default'] )
			/* translators: %s: comma-separated allowed values. */
			: sprintf( __( 'One of: %s.', 'car-export' ), $values );
	}

	/**
	 * @param array{min?: int, max?: int} $field
	 */
	private static function number_rule( string $column, array $field ): string {
		$min = $field['min'] ?? 0;
		$max = $field['max'] ?? PHP_INT_MAX;
		return match ( $column ) {
			/* translators: 1: smallest, 2: largest whole number. */
			'mileage' => sprintf( __( 'A whole number of miles (not kilometres) from %1$d to %2$d; 0 for a new car.', 'car-export' ), $min, $max ),
			/* translators: 1: smallest, 2: largest whole number. */
			'price' => sprintf( __( 'A whole number of US dollars from %1$d to %2$d; empty = "Contact for Price".', 'car-export' ), $min, $max ),
			/* translators: 1: smallest, 2: largest whole number. */
			default => sprintf( __( 'A whole number from %1$d to %2$d.', 'car-export' ), $min, $max ),
		};
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
	 * model) and reads as a real car: a three-year-old petrol SUV with the mileage such a car has,
	 * five doors and five seats. Columns it does not fill are left empty, never filled with a
	 * first choice or a smallest number, which made a car no one would believe.
	 *
	 * @param string                $brand A brand the catalogue has.
	 * @param string                $model A model of that brand.
	 * @param array<string, string> $specs That model's specifications as a car of the catalogue has
	 *                                     them (SPECS keys), so a petrol SUV is not sampled as an
	 *                                     electric saloon's row.
	 * @return list<list<string>>
	 */
	public static function rows( string $brand, string $model, array $specs = array() ): array {
		$year    = (string) ( (int) gmdate( 'Y' ) - 3 );
		$example = array(
			'stockNumber'  => 'SAMPLE-001',
			'title'        => trim( $year . ' ' . $brand . ' ' . $model ),
			'status'       => 'draft',
			'price'        => '24500',
			'brand'        => $brand,
			'model'        => $model,
			'year'         => $year,
			'mileage'      => '36000',
			'condition'    => 'Used',
			'bodyType'     => 'SUV',
			'fuelType'     => 'petrol',
			'transmission' => 'automatic',
			'driveType'    => 'AWD',
			'color'        => 'White',
			'cylinders'    => '4',
			'doors'        => '5',
			'seats'        => '5',
			'engineSize'   => '2.0L',
			'registered'   => 'Yes',
			'history'      => __( 'One owner, full service history', 'car-export' ),
			'features'     => 'Air conditioning|Reversing camera|Cruise control',
			'featured'     => 'no',
			'saleStatus'   => 'available',
			'description'  => __( 'One owner, full service history. Serviced every 10,000 miles at the main dealer.', 'car-export' ),
		);
		$example = array_merge( $example, array_intersect_key( array_filter( $specs, static fn ( string $value ): bool => '' !== $value ), array_flip( self::SPECS ) ) );
		$row     = array();
		foreach ( CarCsv::columns() as $column ) {
			$row[] = $example[ $column ] ?? '';
		}
		return array( CarCsv::header(), $row );
	}
}
