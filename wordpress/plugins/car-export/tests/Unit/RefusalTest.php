<?php
declare(strict_types=1);

namespace CarExport\Tests\Unit;

use CarExport\Rest\Refusal;
use PHPUnit\Framework\Attributes\CoversClass;
use PHPUnit\Framework\TestCase;

#[CoversClass( Refusal::class )]
final class RefusalTest extends TestCase {

	public function test_a_flood_refusal_is_a_429_that_says_when_to_retry(): void {
		$error = Refusal::too_many( 'car_export_too_many_requests', 'Please wait a minute.', 42 );

		$this->assertSame( 'car_export_too_many_requests', $error->get_error_code() );
		$this->assertSame( 'Please wait a minute.', $error->get_error_message() );
		$this->assertSame(
			array(
				'status'     => 429,
				'retryAfter' => 42,
			),
			$error->get_error_data()
		);
		$this->assertSame( 42, Refusal::retry_after( $error->get_error_data() ) );
	}

	public function test_a_flood_refusal_never_asks_to_wait_less_than_a_second(): void {
		// A window that ended while the request ran still gets a usable Retry-After.
		$this->assertSame( 1, Refusal::retry_after( Refusal::too_many( 'x', 'Wait.', 0 )->get_error_data() ) );
	}

	public function test_bad_request_and_not_found_carry_their_status_and_no_retry(): void {
		$bad     = Refusal::bad_request( 'car_export_missing_fields', 'Please fill in all required fields.' );
		$missing = Refusal::not_found( 'car_export_car_not_found', 'The requested car could not be found.' );

		$this->assertSame( array( 'status' => 400 ), $bad->get_error_data() );
		$this->assertSame( 'Please fill in all required fields.', $bad->get_error_message() );
		$this->assertSame( array( 'status' => 404 ), $missing->get_error_data() );
		$this->assertNull( Refusal::retry_after( $bad->get_error_data() ) );
	}

	public function test_only_a_positive_whole_retry_after_is_read(): void {
		$this->assertNull( Refusal::retry_after( null ) );
		$this->assertNull( Refusal::retry_after( array( 'retryAfter' => '30' ) ) );
		$this->assertNull( Refusal::retry_after( array( 'retryAfter' => -5 ) ) );
		$this->assertSame( 30, Refusal::retry_after( array( 'retryAfter' => 30 ) ) );
	}

	public function test_extra_data_never_replaces_the_status(): void {
		$error = Refusal::make( 'car_export_conflict', 'Still being processed.', 409, array( 'status' => 200 ) );
		$this->assertSame( array( 'status' => 409 ), $error->get_error_data() );
	}
}
