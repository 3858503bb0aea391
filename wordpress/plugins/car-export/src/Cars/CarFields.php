<?php
declare(strict_types=1);

namespace CarExport\Cars;

/**
 * The one definition of a car's fields: meta key, label, type and bounds.
 * The admin form, the validator, the lookup table, the seed and the GraphQL type all read it.
 */
final class CarFields {

	public const POST_TYPE = 'car';

	public const BODY_TYPES    = array( 'SUV', 'Sedan', 'Hatchback', 'Minivan', 'Pickup', 'Sports Car' );
	public const FUEL_TYPES    = array(
		'premium-petrol' => 'Premium petrol',
		'petrol'         => 'Petrol',
		'diesel'         => 'Diesel',
		'hybrid'         => 'Hybrid',
		'plug-in-hybrid' => 'Plug-in hybrid',
		'electric'       => 'Electric',
	);
	public const TRANSMISSIONS = array(
		'automatic' => 'Automatic',
		'manual'    => 'Manual',
		'dct'       => 'Dual-clutch',
		'cvt'       => 'CVT',
		'ev'        => 'EV single-speed',
	);
	public const DRIVE_TYPES   = array( 'FWD', 'RWD', 'AWD', '4WD' );
	public const CONDITIONS    = array( 'New', 'Used' );
	public const REGISTERED    = array( 'Yes', 'No' );
	public const SALE_STATUSES = array(
		SaleStatus::AVAILABLE => 'Available',
		SaleStatus::RESERVED  => 'Reserved',
		SaleStatus::SOLD      => 'Sold',
	);

	/**
	 * key => definition. Keys are the GraphQL/JSON names; 'meta' is the post meta key.
	 * type: text | int | choice | bool | list (strings) | ids (attachment ids).
	 * default: what a choice reads as when its meta is missing (the form preselects it).
	 *
	 * @return array<string, array{meta: string, label: string, type: string, choices?: array<string,string>, min?: int, max?: int, maxlength?: int, help?: string, default?: string}>
	 */
	public static function all(): array {
		$year_max = (int) gmdate( 'Y' ) + 1;
		return array(
			'subtitle'     => array(
				'meta'      => '_car_subtitle',
				'label'     => 'Subtitle',
				'type'      => 'text',
				'maxlength' => 200,
			),
			'price'        => array(
				'meta'  => '_car_price',
				'label' => 'Price (USD)',
				'type'  => 'int',
				'min'   => 0,
				'max'   => 100000000,
				'help'  => 'Leave empty to show "Contact for Price".',
			),
			'brand'        => array(
				'meta'      => '_car_brand',
				'label'     => 'Brand',
				'type'      => 'text',
				'maxlength' => 100,
			),
			'model'        => array(
				'meta'      => '_car_model',
				'label'     => 'Model',
				'type'      => 'text',
				'maxlength' => 100,
			),
			'year'         => array(
				'meta'  => '_car_year',
				'label' => 'Year',
				'type'  => 'int',
				'min'   => 1950,
				'max'   => $year_max,
			),
			'mileage'      => array(
				'meta'  => '_car_mileage',
				'label' => 'Mileage (miles)',
				'type'  => 'int',
				'min'   => 0,
				'max'   => 2000000,
			),
			'condition'    => array(
				'meta'    => '_car_condition',
				'label'   => 'Condition',
				'type'    => 'choice',
				'choices' => self::same( self::CONDITIONS ),
			),
			'bodyType'     => array(
				'meta'    => '_car_body_type',
				'label'   => 'Body type',
				'type'    => 'choice',
				'choices' => self::same( self::BODY_TYPES ),
			),
			'fuelType'     => array(
				'meta'    => '_car_fuel_type',
				'label'   => 'Fuel type',
				'type'    => 'choice',
				'choices' => self::FUEL_TYPES,
			),
			'transmission' => array(
				'meta'    => '_car_transmission',
				'label'   => 'Transmission',
				'type'    => 'choice',
				'choices' => self::TRANSMISSIONS,
			),
			'driveType'    => array(
				'meta'    => '_car_drive_type',
				'label'   => 'Drive type',
				'type'    => 'choice',
				'choices' => self::same( self::DRIVE_TYPES ),
			),
			'color'        => array(
				'meta'      => '_car_color',
				'label'     => 'Colour',
				'type'      => 'text',
				'maxlength' => 60,
			),
			'cylinders'    => array(
				'meta'  => '_car_cylinders',
				'label' => 'Cylinders',
				'type'  => 'int',
				'min'   => 0,
				'max'   => 16,
				'help'  => '0 for an electric car.',
			),
			'countrySpec'  => array(
				'meta'      => '_car_country_spec',
				'label'     => 'Country spec',
				'type'      => 'text',
				'maxlength' => 60,
			),
			'doors'        => array(
				'meta'  => '_car_doors',
				'label' => 'Doors',
				'type'  => 'int',
				'min'   => 1,
				'max'   => 8,
			),
			'seats'        => array(
				'meta'  => '_car_seats',
				'label' => 'Seats',
				'type'  => 'int',
				'min'   => 1,
				'max'   => 60,
			),
			'engineSize'   => array(
				'meta'      => '_car_engine_size',
				'label'     => 'Engine size',
				'type'      => 'text',
				'maxlength' => 40,
				'help'      => 'For example 2.0L, or Electric.',
			),
			'trim'         => array(
				'meta'      => '_car_trim',
				'label'     => 'Trim',
				'type'      => 'text',
				'maxlength' => 100,
			),
			'registered'   => array(
				'meta'    => '_car_registered',
				'label'   => 'Registered',
				'type'    => 'choice',
				'choices' => self::same( self::REGISTERED ),
			),
			'history'      => array(
				'meta'      => '_car_history',
				'label'     => 'History',
				'type'      => 'text',
				'maxlength' => 200,
			),
			'features'     => array(
				'meta'      => '_car_features',
				'label'     => 'Features',
				'type'      => 'list',
				'maxlength' => 100,
				'help'      => 'One feature per line.',
			),
			'gallery'      => array(
				'meta'  => '_car_gallery',
				'label' => 'Gallery',
				'type'  => 'ids',
			),
			'featured'     => array(
				'meta'  => '_car_featured',
				'label' => 'Featured on the home page',
				'type'  => 'bool',
			),
			'stockNumber'  => array(
				'meta'      => '_car_stock_number',
				'label'     => 'Stock number',
				'type'      => 'text',
				'maxlength' => 40,
			),
			'saleStatus'   => array(
				'meta'    => '_car_sale_status',
				'label'   => 'Sale status',
				'type'    => 'choice',
				'choices' => self::SALE_STATUSES,
				'default' => SaleStatus::AVAILABLE,
				'help'    => 'Sold cars leave the catalogue but keep their page.',
			),
		);
	}

	/**
	 * @param list<string> $values
	 * @return array<string,string>
	 */
	private static function same( array $values ): array {
		return array_combine( $values, $values );
	}

	/** @return array{meta: string, label: string, type: string, choices?: array<string,string>, min?: int, max?: int, maxlength?: int, help?: string, default?: string} */
	public static function get( string $key ): array {
		$all = self::all();
		if ( ! isset( $all[ $key ] ) ) {
			throw new \InvalidArgumentException( 'Unknown car field.' );
		}
		return $all[ $key ];
	}

	public static function meta_key( string $key ): string {
		return self::get( $key )['meta'];
	}
}
