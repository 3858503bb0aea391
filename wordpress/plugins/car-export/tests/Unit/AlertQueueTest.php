<?php
declare(strict_types=1);

namespace CarExport\Tests\Unit;

use CarExport\Alerts\AlertQueue;
use CarExport\Tests\Unit\Support\WithFakeWordPress;
use PHPUnit\Framework\Attributes\CoversClass;
use PHPUnit\Framework\TestCase;

/**
 * What the alert digest is told about: a car when it is first published, and a published car whose
 * price drops (with the price it dropped from), unless it already waits as new. Anything else
 * (a rise, a draft, another post type, another field) queues nothing and the write goes on unchanged.
 */
#[CoversClass( AlertQueue::class )]
final class AlertQueueTest extends TestCase {
	use WithFakeWordPress;

	private int $car = 0;

	protected function setUp(): void {
		$this->reset_wordpress();
		$this->car = wp_insert_post(
			array(
				'post_type'   => 'car',
				'post_status' => 'publish',
				'meta_input'  => array( '_car_price' => '20000' ),
			)
		);
	}

	protected function tearDown(): void {
		$this->forget_wordpress();
	}

	private function queued( int $post_id ): mixed {
		return get_post_meta( $post_id, AlertQueue::META_KEY, true );
	}

	public function test_a_car_is_queued_as_new_when_first_published_only(): void {
		$queue = new AlertQueue();
		$car   = get_post( $this->car );
		$this->assertInstanceOf( \WP_Post::class, $car );

		$queue->on_status( 'publish', 'publish', $car );
		$this->assertSame( '', $this->queued( $this->car ), 'An edit of a published car is not news.' );
		$queue->on_status( 'draft', 'publish', $car );
		$this->assertSame( '', $this->queued( $this->car ) );
		$queue->on_status( 'publish', 'draft', $car );
		$this->assertSame( AlertQueue::NEW, $this->queued( $this->car ) );

		$news = get_post( wp_insert_post( array( 'post_type' => 'post' ) ) );
		$this->assertInstanceOf( \WP_Post::class, $news );
		$queue->on_status( 'publish', 'draft', $news );
		$this->assertSame( '', $this->queued( $news->ID ) );
		$queue->on_status( 'publish', 'draft', null );
	}

	public function test_a_price_drop_is_queued_with_the_old_price_and_the_write_goes_on(): void {
		$queue = new AlertQueue();
		$this->assertNull( $queue->on_price_update( null, $this->car, '_car_price', '18000' ) );
		$this->assertSame( 'drop:20000', $this->queued( $this->car ) );
		$this->assertSame( 20000, AlertQueue::dropped_from( (string) $this->queued( $this->car ) ) );
		$this->assertNull( AlertQueue::dropped_from( AlertQueue::NEW ) );
	}

	public function test_a_car_waiting_as_new_stays_new_after_a_drop(): void {
		update_post_meta( $this->car, AlertQueue::META_KEY, AlertQueue::NEW );
		( new AlertQueue() )->on_price_update( null, $this->car, '_car_price', '18000' );
		$this->assertSame( AlertQueue::NEW, $this->queued( $this->car ) );
	}

	public function test_no_drop_is_queued_for_a_rise_the_same_price_a_zero_or_another_field(): void {
		$queue = new AlertQueue();
		foreach ( array( '20000', '25000', '0', '-5', 'cheap' ) as $price ) {
			$this->assertFalse( $queue->on_price_update( false, $this->car, '_car_price', $price ), $price );
		}
		$queue->on_price_update( null, $this->car, '_car_mileage', '100' );
		$queue->on_price_update( null, 'x', '_car_price', '100' );
		$this->assertSame( '', $this->queued( $this->car ) );

		$draft = wp_insert_post(
			array(
				'post_type'   => 'car',
				'post_status' => 'draft',
				'meta_input'  => array( '_car_price' => '20000' ),
			)
		);
		$queue->on_price_update( null, $draft, '_car_price', '100' );
		$this->assertSame( '', $this->queued( $draft ) );

		$unpriced = wp_insert_post( array( 'post_type' => 'car' ) );
		$queue->on_price_update( null, $unpriced, '_car_price', '100' );
		$this->assertSame( '', $this->queued( $unpriced ), 'A first price is no drop.' );

		$page = wp_insert_post(
			array(
				'post_type'  => 'page',
				'meta_input' => array( '_car_price' => '20000' ),
			)
		);
		$queue->on_price_update( null, $page, '_car_price', '100' );
		$this->assertSame( '', $this->queued( $page ) );
		$queue->on_price_update( null, 424242, '_car_price', '100' );
		$this->assertSame( '', $this->queued( 424242 ) );
	}

	public function test_a_drop_to_one_dollar_less_counts(): void {
		( new AlertQueue() )->on_price_update( null, $this->car, '_car_price', '19999' );
		$this->assertSame( 'drop:20000', $this->queued( $this->car ) );
	}
}
