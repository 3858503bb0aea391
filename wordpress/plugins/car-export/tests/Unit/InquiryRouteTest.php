<?php
declare(strict_types=1);

namespace CarExport\Tests\Unit;

use CarExport\Messages\MessageFields;
use CarExport\Rest\ContactController;
use CarExport\Rest\InquiryController;
use CarExport\Tests\Unit\Support\WithFakeWordPress;
use PHPUnit\Framework\Attributes\CoversClass;
use PHPUnit\Framework\TestCase;

/**
 * An inquiry about a published car is stored with the car, the sender and the chosen port; one about
 * a car the site does not show, or with a port it does not offer, or without a name, phone or e-mail,
 * is refused with the reason and stores nothing.
 */
#[CoversClass( InquiryController::class )]
#[CoversClass( ContactController::class )]
final class InquiryRouteTest extends TestCase {
	use WithFakeWordPress;

	private int $car = 0;

	private int $port = 0;

	protected function setUp(): void {
		$this->reset_wordpress();
		$this->car  = wp_insert_post(
			array(
				'post_type'   => 'car',
				'post_status' => 'publish',
				'post_title'  => '2024 BYD Seal &amp; more',
			)
		);
		$this->port = $this->port_post( 'Mombasa', 'publish', 'sea' );
	}

	protected function tearDown(): void {
		$this->forget_wordpress();
	}

	private function port_post( string $name, string $status, string $route ): int {
		return wp_insert_post(
			array(
				'post_type'   => 'car_port',
				'post_status' => $status,
				'post_title'  => $name,
				'meta_input'  => array(
					'_port_country'        => 'Kenya',
					'_port_roro_usd'       => '1800',
					'_port_container_usd'  => '2600',
					'_port_insurance_rate' => '1.5',
					'_port_transit_days'   => '28',
					'_port_route'          => $route,
				),
			)
		);
	}

	/**
	 * @param array<string, mixed> $fields
	 */
	private function inquire( array $fields ): \WP_REST_Response|\WP_Error {
		$_SERVER['HTTP_X_FORWARDED_FOR'] = '198.51.100.4';
		$controller                      = new InquiryController();
		$request                         = new \WP_REST_Request(
			$fields + array(
				'name'         => 'Ada Lovelace',
				'phoneNumber'  => '+254 700 000000',
				'emailAddress' => 'ada@example.com',
				'carId'        => $this->car,
				'message'      => 'Price to Mombasa?',
				'fillMs'       => 30000,
				'scripted'     => true,
			)
		);
		$allowed                         = $controller->create_item_permissions_check( $request );
		return true === $allowed ? $controller->create_item( $request ) : $allowed;
	}

	private function stored_meta( string $key ): mixed {
		$posts = $GLOBALS['car_export_test_wp']['posts'];
		$last  = end( $posts );
		$this->assertInstanceOf( \WP_Post::class, $last );
		$this->assertSame( MessageFields::INQUIRY, $last->post_type );
		return get_post_meta( $last->ID, $key, true );
	}

	private function assert_refused( mixed $answer, string $code, int $status, int $posts = 2 ): void {
		$this->assertInstanceOf( \WP_Error::class, $answer );
		$this->assertSame( $code, $answer->get_error_code() );
		$this->assertSame( array( 'status' => $status ), $answer->get_error_data() );
		$this->assertCount( $posts, $GLOBALS['car_export_test_wp']['posts'], 'Nothing stored but the cars and ports.' );
	}

	public function test_an_inquiry_is_stored_with_its_car_sender_and_port_and_answered_201(): void {
		$answer = $this->inquire(
			array(
				'portId'   => $this->port,
				'shipping' => 'container',
			)
		);
		$this->assertInstanceOf( \WP_REST_Response::class, $answer );
		$this->assertSame( 201, $answer->get_status() );
		$this->assertSame(
			array(
				'success' => true,
				'message' => 'Thank you! Your inquiry has been sent. We will contact you shortly.',
			),
			$answer->get_data()
		);
		$this->assertSame( (string) $this->car, $this->stored_meta( MessageFields::CAR_ID ) );
		$this->assertSame( '2024 BYD Seal & more', $this->stored_meta( MessageFields::CAR_TITLE ) );
		$this->assertSame( 'Ada Lovelace', $this->stored_meta( MessageFields::NAME ) );
		$this->assertSame( 'Mombasa, Kenya (container)', $this->stored_meta( MessageFields::PORT ) );
		$this->assertSame( '198.51.100.4', $this->stored_meta( MessageFields::IP ) );
	}

	public function test_the_shipping_method_defaults_to_roro_and_overland_ports_name_trucks(): void {
		$this->inquire( array( 'portId' => $this->port ) );
		$this->assertSame( 'Mombasa, Kenya (RoRo)', $this->stored_meta( MessageFields::PORT ) );

		$this->inquire( array( 'portId' => $this->port_post( 'Kampala', 'publish', 'overland' ) ) );
		$this->assertSame( 'Kampala, Kenya (truck)', $this->stored_meta( MessageFields::PORT ) );

		$this->inquire( array() );
		$this->assertSame( '', $this->stored_meta( MessageFields::PORT ), 'No port chosen, none stored.' );
	}

	public function test_a_car_the_site_does_not_show_is_not_found(): void {
		$this->assert_refused( $this->inquire( array( 'carId' => 0 ) ), 'car_export_missing_car_id', 400 );
		$this->assert_refused( $this->inquire( array( 'carId' => 9999 ) ), 'car_export_car_not_found', 404 );
		$this->assert_refused( $this->inquire( array( 'carId' => $this->port ) ), 'car_export_car_not_found', 404 );
		$GLOBALS['car_export_test_wp']['posts'][ $this->car ]->post_status = 'draft';
		$this->assert_refused( $this->inquire( array() ), 'car_export_car_not_found', 404 );
	}

	public function test_a_port_the_site_does_not_offer_is_refused(): void {
		$this->assert_refused( $this->inquire( array( 'portId' => $this->car ) ), 'car_export_unknown_port', 400 );
		$draft = $this->port_post( 'Dar es Salaam', 'draft', 'sea' );
		$this->assert_refused( $this->inquire( array( 'portId' => $draft ) ), 'car_export_unknown_port', 400, 3 );
		$GLOBALS['car_export_test_wp']['post_meta'][ $this->port ]['_port_roro_usd'] = array( 'cheap' );
		$this->assert_refused( $this->inquire( array( 'portId' => $this->port ) ), 'car_export_unknown_port', 400, 3 );
	}

	public function test_each_missing_contact_field_is_named(): void {
		$this->assert_refused( $this->inquire( array( 'name' => '' ) ), 'car_export_missing_name', 400 );
		$this->assert_refused( $this->inquire( array( 'phoneNumber' => '' ) ), 'car_export_missing_phone', 400 );
		$this->assert_refused( $this->inquire( array( 'emailAddress' => '' ) ), 'car_export_missing_email', 400 );
	}

	public function test_a_contact_message_without_a_name_or_address_is_refused(): void {
		$_SERVER['HTTP_X_FORWARDED_FOR'] = '198.51.100.4';
		foreach ( array( 'firstName', 'lastName', 'email' ) as $missing ) {
			$fields             = array(
				'firstName' => 'Eve',
				'lastName'  => 'Adams',
				'email'     => 'eve@example.com',
				'message'   => 'Hello',
			);
			$fields[ $missing ] = '';
			$answer             = ( new ContactController() )->create_item( new \WP_REST_Request( $fields ) );
			$this->assertInstanceOf( \WP_Error::class, $answer, $missing );
			$this->assertSame( 'car_export_missing_fields', $answer->get_error_code() );
		}
		$this->assertCount( 2, $GLOBALS['car_export_test_wp']['posts'] );
	}

	/** Moves a stored post to id 1, the first post of a site. */
	private function move_to_id_1( int $id ): void {
		$post                                      = $GLOBALS['car_export_test_wp']['posts'][ $id ];
		$post->ID                                  = 1;
		$GLOBALS['car_export_test_wp']['posts'][1] = $post;
		$GLOBALS['car_export_test_wp']['post_meta'][1] = $GLOBALS['car_export_test_wp']['post_meta'][ $id ] ?? array();
		unset( $GLOBALS['car_export_test_wp']['posts'][ $id ], $GLOBALS['car_export_test_wp']['post_meta'][ $id ] );
	}

	public function test_car_1_and_port_1_are_real_ids(): void {
		$this->move_to_id_1( $this->car );
		$this->assertInstanceOf( \WP_REST_Response::class, $this->inquire( array( 'carId' => 1 ) ) );
		$this->assertSame( '1', $this->stored_meta( MessageFields::CAR_ID ) );
	}

	public function test_port_1_is_a_real_id(): void {
		$this->move_to_id_1( $this->port );
		$this->inquire( array( 'portId' => 1 ) );
		$this->assertSame( 'Mombasa, Kenya (RoRo)', $this->stored_meta( MessageFields::PORT ) );
	}

	public function test_a_car_id_that_is_not_a_number_is_missing_and_a_port_id_that_is_not_one_is_no_port(): void {
		$this->assert_refused( $this->inquire( array( 'carId' => 'x' ) ), 'car_export_missing_car_id', 400 );
		foreach ( array( 'x', 0, -4, null ) as $port ) {
			$answer = $this->inquire( array( 'portId' => $port ) );
			$this->assertInstanceOf( \WP_REST_Response::class, $answer, (string) wp_json_encode( $port ) );
			$this->assertSame( '', $this->stored_meta( MessageFields::PORT ) );
		}
	}
}
