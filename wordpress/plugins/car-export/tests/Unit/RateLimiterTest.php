<?php
declare(strict_types=1);

namespace CarExport\Tests\Unit;

use CarExport\Rest\RateLimiter;
use CarExport\Rest\Refusal;
use PHPUnit\Framework\Attributes\CoversClass;
use PHPUnit\Framework\TestCase;

/**
 * The fixed-window limiter behind sign-in, contact, inquiry and register: the hit that fills the
 * window is still allowed, the next is refused with 429 and the seconds left, keys and buckets are
 * counted apart, and a window that has run out starts again from nothing.
 */
#[CoversClass( RateLimiter::class )]
#[CoversClass( Refusal::class )]
final class RateLimiterTest extends TestCase {

	protected function setUp(): void {
		$GLOBALS['car_export_test_transients'] = array();
		$GLOBALS['car_export_test_filters']    = array();
	}

	protected function tearDown(): void {
		unset( $GLOBALS['car_export_test_transients'], $GLOBALS['car_export_test_filters'] );
	}

	public function test_the_limit_is_reached_on_its_last_allowed_hit_and_refused_after_it(): void {
		$limiter = new RateLimiter( 'contact', 3, 600 );
		for ( $i = 1; $i <= 3; $i++ ) {
			$this->assertNull( $limiter->refusal( '203.0.113.7', 'too_many', 'Slow down.' ), "Before hit {$i}" );
			$limiter->hit( '203.0.113.7' );
		}
		$refusal = $limiter->refusal( '203.0.113.7', 'too_many', 'Slow down.' );
		$this->assertInstanceOf( \WP_Error::class, $refusal );
		$this->assertSame( 'too_many', $refusal->get_error_code() );
		$this->assertSame( 'Slow down.', $refusal->get_error_message() );
		$data = $refusal->get_error_data();
		$this->assertIsArray( $data );
		$this->assertSame( 429, $data['status'] );
		// The window is 600 s and began with the first hit: the wait left is at most that, at least 1.
		$this->assertGreaterThanOrEqual( 598, $data['retryAfter'] );
		$this->assertLessThanOrEqual( 600, $data['retryAfter'] );
	}

	public function test_keys_and_buckets_are_counted_apart(): void {
		$contact = new RateLimiter( 'contact', 1, 600 );
		$contact->hit( 'a' );
		$this->assertTrue( $contact->is_exceeded( 'a' ) );
		$this->assertFalse( $contact->is_exceeded( 'b' ) );
		$this->assertFalse( ( new RateLimiter( 'register', 1, 600 ) )->is_exceeded( 'a' ) );
		$this->assertSame( 0, $contact->retry_after( 'b' ) );
	}

	public function test_a_reset_or_a_window_that_ran_out_starts_from_nothing(): void {
		$limiter = new RateLimiter( 'token_failures', 2, 60 );
		$limiter->hit( 'u' );
		$limiter->hit( 'u' );
		$this->assertTrue( $limiter->is_exceeded( 'u' ) );
		$limiter->reset( 'u' );
		$this->assertFalse( $limiter->is_exceeded( 'u' ) );

		$limiter->hit( 'u' );
		$limiter->hit( 'u' );
		// The stored window ended a second ago (the transient itself may outlive it).
		foreach ( $GLOBALS['car_export_test_transients'] as &$stored ) {
			$stored['value']['until'] = time() - 1;
		}
		unset( $stored );
		$this->assertFalse( $limiter->is_exceeded( 'u' ) );
		$this->assertSame( 0, $limiter->retry_after( 'u' ) );
		$limiter->hit( 'u' );
		$this->assertFalse( $limiter->is_exceeded( 'u' ), 'One hit in the new window.' );
	}

	public function test_a_filter_sets_the_limit_per_bucket_and_never_below_one(): void {
		$GLOBALS['car_export_test_filters']['car_export_rate_limit'] = static fn ( int $limit, string $bucket ): int => 'inquiry' === $bucket ? 0 : 5;
		$inquiry = new RateLimiter( 'inquiry', 10, 60 );
		$this->assertFalse( $inquiry->is_exceeded( 'x' ) );
		$inquiry->hit( 'x' );
		$this->assertTrue( $inquiry->is_exceeded( 'x' ), 'A limit of 0 still allows one hit.' );

		$contact = new RateLimiter( 'contact', 1, 60 );
		for ( $i = 0; $i < 4; $i++ ) {
			$contact->hit( 'x' );
		}
		$this->assertFalse( $contact->is_exceeded( 'x' ) );
		$contact->hit( 'x' );
		$this->assertTrue( $contact->is_exceeded( 'x' ) );
	}
}
