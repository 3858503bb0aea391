<?php
declare(strict_types=1);

namespace CarExport\Rest;

use CarExport\Messages\Lead;
use WP_Error;
use WP_REST_Request;
use WP_REST_Response;

/**
 * POST /car-export/v1/contact: the general contact form.
 */
final class ContactController extends MessageController {

	public const NAME_MAX    = FieldRules::NAME_MAX;
	public const PHONE_MAX   = FieldRules::PHONE_MAX;
	public const MESSAGE_MAX = FieldRules::MESSAGE_MAX;

	/** @var string */
	protected $rest_base = 'contact';

	protected function bucket(): string {
		return 'contact';
	}

	/**
	 * @return array<string, array<string, mixed>>
	 */
	protected function args(): array {
		return array(
			'firstName'   => Args::text( __( 'First name', 'car-export' ), self::NAME_MAX ),
			'lastName'    => Args::text( __( 'Last name', 'car-export' ), self::NAME_MAX ),
			'email'       => Args::email( __( 'E-mail', 'car-export' ) ),
			'phoneNumber' => Args::phone( __( 'Phone number', 'car-export' ), self::PHONE_MAX ),
			'message'     => Args::multiline( __( 'Message', 'car-export' ), self::MESSAGE_MAX ),
		);
	}

	/**
	 * @param WP_REST_Request<array<string, mixed>> $request
	 */
	protected function create_lead( WP_REST_Request $request ): WP_REST_Response|WP_Error {
		$first   = self::text( $request['firstName'] );
		$last    = self::text( $request['lastName'] );
		$email   = self::text( $request['email'] );
		$phone   = self::text( $request['phoneNumber'] );
		$message = self::text( $request['message'] );

		if ( '' === $first || '' === $last || '' === $email ) {
			return Refusal::bad_request(
				'car_export_missing_fields',
				__( 'Please fill in all required fields (First Name, Last Name, and Email).', 'car-export' )
			);
		}

		return $this->deliver(
			$request,
			Lead::contact( $first, $last, $email, $phone, $message, $this->sender_meta( $request ) ),
			__( 'Your message has been sent successfully!', 'car-export' )
		);
	}
}
