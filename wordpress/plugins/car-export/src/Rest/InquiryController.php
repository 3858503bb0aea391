<?php
declare(strict_types=1);

namespace CarExport\Rest;

use CarExport\Cars\CarRepository;
use CarExport\Messages\Lead;
use CarExport\Messages\MessageFields;
use CarExport\Ports\PortFields;
use CarExport\Ports\PortRepository;
use WP_Error;
use WP_REST_Request;
use WP_REST_Response;

/**
 * POST /car-export/v1/inquiries: the "Send an Inquiry for this Car" form of a car page.
 */
final class InquiryController extends MessageController {

	/** @var string */
	protected $rest_base = 'inquiries';

	protected function bucket(): string {
		return 'inquiry';
	}

	/**
	 * @return array<string, array<string, mixed>>
	 */
	protected function args(): array {
		return array(
			'name'         => Args::text( __( 'Name', 'car-export' ), ContactController::NAME_MAX ),
			'phoneNumber'  => Args::phone( __( 'Phone number', 'car-export' ), ContactController::PHONE_MAX ),
			'emailAddress' => Args::email( __( 'E-mail', 'car-export' ) ),
			'carId'        => Args::id( __( 'Car ID', 'car-export' ) ),
			'message'      => Args::multiline( __( 'Message', 'car-export' ), ContactController::MESSAGE_MAX ),
			'portId'       => Args::id( __( 'Destination port', 'car-export' ) ),
			'shipping'     => Args::choice( __( 'Shipping method', 'car-export' ), array( 'roro', 'container' ) ),
		);
	}

	/**
	 * @param WP_REST_Request<array<string, mixed>> $request
	 */
	protected function create_lead( WP_REST_Request $request ): WP_REST_Response|WP_Error {
		$car_id  = is_int( $request['carId'] ) ? $request['carId'] : 0;
		$name    = self::text( $request['name'] );
		$phone   = self::text( $request['phoneNumber'] );
		$email   = self::text( $request['emailAddress'] );
		$message = self::text( $request['message'] );

		if ( $car_id <= 0 ) {
			return Refusal::bad_request( 'car_export_missing_car_id', __( 'Car ID is missing.', 'car-export' ) );
		}
		$car = get_post( $car_id );
		if ( ! CarRepository::is_public_car( $car ) ) {
			return Refusal::not_found( 'car_export_car_not_found', __( 'The requested car could not be found.', 'car-export' ) );
		}
		$missing = $this->missing_field( $name, $phone, $email );
		if ( null !== $missing ) {
			return $missing;
		}
		$port = self::port_text( $request['portId'], $request['shipping'] );
		if ( $port instanceof WP_Error ) {
			return $port;
		}

		return $this->deliver(
			$request,
			Lead::inquiry( $car_id, CarRepository::plain( $car->post_title ), $name, $email, $phone, $message, $this->sender_meta( $request ) )
				->with_meta( '' === $port ? array() : array( MessageFields::PORT => $port ) ),
			__( 'Thank you! Your inquiry has been sent. We will contact you shortly.', 'car-export' )
		);
	}

	/**
	 * The chosen port as staff read it ("Lagos, Nigeria (RoRo)"), "" when none was chosen. The
	 * text is kept, not only the id, so the lead still says where the buyer was shipping to after
	 * the port is renamed or removed.
	 */
	private static function port_text( mixed $port_id, mixed $shipping ): string|WP_Error {
		if ( ! is_int( $port_id ) || $port_id <= 0 ) {
			return '';
		}
		$post = get_post( $port_id );
		$port = $post instanceof \WP_Post && PortFields::POST_TYPE === $post->post_type && 'publish' === $post->post_status
			? PortRepository::to_array( $post )
			: null;
		if ( null === $port ) {
			return Refusal::bad_request( 'car_export_unknown_port', __( 'The chosen destination port is not available. Please choose another.', 'car-export' ) );
		}
		return sprintf( '%s, %s (%s)', $port['name'], $port['country'], PortFields::method_label( $port['route'], is_string( $shipping ) ? $shipping : 'roro' ) );
	}

	private function missing_field( string $name, string $phone, string $email ): ?WP_Error {
		if ( '' === $name ) {
			return Refusal::bad_request( 'car_export_missing_name', __( 'Please enter your name.', 'car-export' ) );
		}
		if ( '' === $phone ) {
			return Refusal::bad_request( 'car_export_missing_phone', __( 'Please enter your phone number.', 'car-export' ) );
		}
		if ( '' === $email ) {
			return Refusal::bad_request( 'car_export_missing_email', __( 'Please enter your e-mail address.', 'car-export' ) );
		}
		return null;
	}
}
