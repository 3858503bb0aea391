<?php
declare(strict_types=1);

namespace CarExport\Tests\Unit;

use CarExport\Messages\Lead;
use CarExport\Messages\MessageFields;
use CarExport\Tests\Unit\Support\WithFakeWordPress;
use PHPUnit\Framework\Attributes\CoversClass;
use PHPUnit\Framework\TestCase;

/**
 * A stored lead read back for its staff mail: the sender, the message, the car and the port as the
 * visitor sent them; any other post is not a lead.
 */
#[CoversClass( Lead::class )]
final class LeadFromPostTest extends TestCase {
	use WithFakeWordPress;

	protected function setUp(): void {
		$this->reset_wordpress();
	}

	protected function tearDown(): void {
		$this->forget_wordpress();
	}

	private function stored( Lead $lead ): \WP_Post {
		$post = get_post(
			wp_insert_post(
				wp_slash(
					array(
						'post_type'    => $lead->type,
						'post_status'  => 'publish',
						'post_title'   => $lead->title(),
						'post_content' => "  {$lead->message}\n",
						'meta_input'   => $lead->meta(),
					)
				)
			)
		);
		$this->assertInstanceOf( \WP_Post::class, $post );
		return $post;
	}

	public function test_an_inquiry_reads_back_with_its_sender_car_and_port(): void {
		$sent = Lead::inquiry( 2359, '2024 Yangwang U9', 'Ada Lovelace', 'ada@example.com', '+1 555 0100', 'Is it still for sale?' )
			->with_meta( array( MessageFields::PORT => 'Mombasa' ) );

		$read = Lead::from_post( $this->stored( $sent ) );

		$this->assertInstanceOf( Lead::class, $read );
		$this->assertSame( MessageFields::INQUIRY, $read->type );
		$this->assertSame( 'Ada Lovelace', $read->name );
		$this->assertSame( 'ada@example.com', $read->email );
		$this->assertSame( '+1 555 0100', $read->phone );
		$this->assertSame( 'Is it still for sale?', $read->message );
		$this->assertSame( 2359, $read->car_id() );
		$this->assertSame( '2024 Yangwang U9', $read->car_title() );
		$this->assertSame( $sent->title(), $read->title() );
		$this->assertSame( 'Mombasa', $read->meta()[ MessageFields::PORT ] );
	}

	public function test_a_contact_message_reads_back_with_the_senders_first_and_last_name(): void {
		$read = Lead::from_post( $this->stored( Lead::contact( 'Grace', 'Hopper', 'grace@example.com', '', 'Call me.' ) ) );

		$this->assertInstanceOf( Lead::class, $read );
		$this->assertSame( 'Grace Hopper', $read->name );
		$this->assertSame( 'Grace', $read->meta()[ MessageFields::FIRST_NAME ] );
		$this->assertSame( 'Hopper', $read->meta()[ MessageFields::LAST_NAME ] );
		$this->assertFalse( $read->is_inquiry() );
	}

	public function test_a_post_that_is_not_a_lead_is_not_read_as_one(): void {
		$post = get_post(
			wp_insert_post(
				array(
					'post_type'  => 'post',
					'post_title' => 'News',
					'meta_input' => array( MessageFields::NAME => 'Not a sender' ),
				)
			)
		);
		$this->assertInstanceOf( \WP_Post::class, $post );
		$this->assertNull( Lead::from_post( $post ) );
	}
}
