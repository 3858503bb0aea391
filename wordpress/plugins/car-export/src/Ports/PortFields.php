<?php
declare(strict_types=1);

namespace CarExport\Ports;

/**
 * The fields of a destination port and their rules. The port's name is the post title; the rest is
 * meta. Money is whole US dollars; the insurance rate is a percentage with up to two decimals.
 */
final class PortFields {

	public const POST_TYPE = 'car_port';

	public const MAX_FREIGHT      = 100000;
	public const MAX_RATE         = 10.0;
	public const MAX_TRANSIT_DAYS = 180;

	/**
	 * How the car reaches the port: by sea, or overland (a car-carrier truck in place of the RoRo
	 * ship and a rail container in place of the sea container, as to Almaty through Khorgos). The
	 * two figures keep their keys; only what they are called changes.
	 */
	public const ROUTES = array( 'sea', 'overland' );

	/** @var array<string, array{meta: string, label: string}> key => meta key and label */
	public const FIELDS = array(
		'country'          => array(
			'meta'  => '_port_country',
			'label' => 'Country',
		),
		'roroFreight'      => array(
			'meta'  => '_port_roro_usd',
			'label' => 'RoRo freight (USD)',
		),
		'containerFreight' => array(
			'meta'  => '_port_container_usd',
			'label' => 'Container freight (USD)',
		),
		'insuranceRate'    => array(
			'meta'  => '_port_insurance_rate',
			'label' => 'Insurance rate (%)',
		),
		'transitDays'      => array(
			'meta'  => '_port_transit_days',
			'label' => 'Transit time (days)',
		),
		'route'            => array(
			'meta'  => '_port_route',
			'label' => 'Route',
		),
	);

	/**
	 * Checks one form or seed entry. Every field is required: an estimate with a missing figure
	 * would look cheaper than it is.
	 *
	 * @param array<string, mixed> $input
	 * @return array{values: array<string, string>, errors: array<string, string>} values in stored form.
	 */
	public static function validate( array $input ): array {
		$values = array();
		$errors = array();
		$text   = static fn ( string $key ): string => is_scalar( $input[ $key ] ?? null ) ? trim( (string) $input[ $key ] ) : '';

		$country = $text( 'country' );
		if ( '' === $country || mb_strlen( $country ) > 80 ) {
			$errors['country'] = 'Country is required (at most 80 characters).';
		} else {
			$values['country'] = $country;
		}
		foreach ( array( 'roroFreight', 'containerFreight' ) as $key ) {
			$value = $text( $key );
			if ( ! preg_match( '/^\d{1,6}$/', $value ) || (int) $value > self::MAX_FREIGHT ) {
				$errors[ $key ] = sprintf( '%s must be a whole number from 0 to %d.', self::FIELDS[ $key ]['label'], self::MAX_FREIGHT );
			} else {
				$values[ $key ] = (string) (int) $value;
			}
		}
		$rate = $text( 'insuranceRate' );
		if ( ! preg_match( '/^\d{1,2}(\.\d{1,2})?$/', $rate ) || (float) $rate > self::MAX_RATE ) {
			$errors['insuranceRate'] = sprintf( 'Insurance rate must be a percentage from 0 to %d with at most two decimals.', (int) self::MAX_RATE );
		} else {
			$values['insuranceRate'] = rtrim( rtrim( number_format( (float) $rate, 2, '.', '' ), '0' ), '.' );
		}
		$days = $text( 'transitDays' );
		if ( ! preg_match( '/^\d{1,3}$/', $days ) || (int) $days < 1 || (int) $days > self::MAX_TRANSIT_DAYS ) {
			$errors['transitDays'] = sprintf( 'Transit time must be a whole number of days from 1 to %d.', self::MAX_TRANSIT_DAYS );
		} else {
			$values['transitDays'] = (string) (int) $days;
		}
		// A port saved before routes existed has none stored: every such port is reached by sea.
		$route = $text( 'route' );
		$route = '' === $route ? 'sea' : $route;
		if ( ! in_array( $route, self::ROUTES, true ) ) {
			$errors['route'] = 'Route must be sea or overland.';
		} else {
			$values['route'] = $route;
		}
		return array(
			'values' => $values,
			'errors' => $errors,
		);
	}

	/** A shipping method as staff read it for a port reached by `$route`: RoRo or container, truck or rail container. */
	public static function method_label( string $route, string $method ): string {
		if ( 'overland' === $route ) {
			return 'container' === $method ? __( 'rail container', 'car-export' ) : __( 'truck', 'car-export' );
		}
		return 'container' === $method ? __( 'container', 'car-export' ) : __( 'RoRo', 'car-export' );
	}
}
