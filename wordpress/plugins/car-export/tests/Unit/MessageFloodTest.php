<?php
declare(strict_types=1);

namespace CarExport\Tests\Unit;

use CarExport\Rest\ContactController;
use CarExport\Rest\MessageController;
use CarExport\Tests\Unit\Support\WithFakeWordPress;
use PHPUnit\Framework\Attributes\CoversClass;
use PHPUnit\Framework\TestCase;

/**
 * The contact form's flood limit counts each visitor apart: the site's server forwards every visitor
 * from one address, so a limit keyed by that address would let one visitor's five messages turn
 * every other visitor away.
 */
#[CoversClass( MessageController::class )]
#[CoversClass( ContactController::class )]
final class MessageFloodTest extends TestCase {
	use WithFakeWordPress;

	protected function setUp(): void {
		$this->reset_wordpress();
	}

	protected function tearDown(): void {
		$this->forget_wordpress();
	}

	/** One contact message from $visitor, through the site's server on loopback (a trusted proxy). */
	private function send( string $visitor, ?string $peer = '127.0.0.1' ): \WP_REST_Response|\WP_Error {
		$_SERVER['REMOTE_ADDR']          = $peer;
		$_SERVER['HTTP_X_FORWARDED_FOR'] = $visitor;
		$controller                      = new ContactController();
		$request                         = new \WP_REST_Request(
			array(
				'firstName'   => 'Eve',
				'lastName'    => 'Adams',
				'email'       => 'eve@example.com',
				'phoneNumber' => '',
				'message'     => 'Is the car still for sale?',
				'fillMs'      => 30000,
				'scripted'    => true,
			)
		);
		$allowed                         = $controller->create_item_permissions_check( $request );
		return true === $allowed ? $controller->create_item( $request ) : $allowed;
	}

	public function test_the_sixth_message_in_a_minute_is_refused_for_that_visitor_only(): void {
		for ( $i = 1; $i <= 5; $i++ ) {
			$answer = $this->send( '198.51.100.7' );
			$this->assertInstanceOf( \WP_REST_Response::class, $answer, "Message {$i}" );
			$this->assertSame( 201, $answer->get_status() );
		}

		$refusal = $this->send( '198.51.100.7' );
		$this->assertInstanceOf( \WP_Error::class, $refusal );
		$this->assertSame( 'car_export_too_many_requests', $refusal->get_error_code() );
		$data = $refusal->get_error_data();
		$this->assertIsArray( $data );
		$this->assertSame( 429, $data['status'] );
		$this->assertSame( 'visitor', $data[ MessageController::LIMITED_BY ] );

		$other = $this->send( '203.0.113.9' );
		$this->assertInstanceOf( \WP_REST_Response::class, $other, 'Another visitor behind the same server still gets through.' );
		$this->assertSame( 201, $other->get_status() );
		$this->assertCount( 6, $GLOBALS['car_export_test_wp']['posts'], 'Six messages stored, the refused one not.' );
	}

	public function test_a_peer_whose_forwarding_is_not_believed_is_counted_as_one_and_says_so(): void {
		for ( $i = 1; $i <= 5; $i++ ) {
			$this->send( '198.51.100.' . $i, '192.0.2.50' );
		}
		$refusal = $this->send( '198.51.100.99', '192.0.2.50' );
		$this->assertInstanceOf( \WP_Error::class, $refusal );
		$data = $refusal->get_error_data();
		$this->assertIsArray( $data );
		$this->assertSame( 'peer', $data[ MessageController::LIMITED_BY ] );
	}
}
