<?php
declare(strict_types=1);

namespace CarExport\Tests\Unit;

use CarExport\Messages\MessageFields;
use CarExport\Messages\SuspectedLeads;
use CarExport\Rest\ContactController;
use CarExport\Rest\MessageController;
use CarExport\Tests\Unit\Support\FakeIdempotencyTable;
use CarExport\Tests\Unit\Support\WithFakeWordPress;
use PHPUnit\Framework\Attributes\CoversClass;
use PHPUnit\Framework\TestCase;

/**
 * How a lead is kept: an ordinary one unread with its staff mail queued; one the spam guard suspects
 * kept apart with its reasons and no mail, yet answered the same; a submission repeated with its
 * idempotency key answered the first answer again, stored once and not counted by the flood limit.
 */
#[CoversClass( MessageController::class )]
final class MessageDeliveryTest extends TestCase {
	use WithFakeWordPress;

	private FakeIdempotencyTable $table;

	protected function setUp(): void {
		$this->reset_wordpress();
		$this->table = new FakeIdempotencyTable();
		// phpcs:ignore WordPress.WP.GlobalVariablesOverride.Prohibited -- no WordPress runs here.
		$GLOBALS['wpdb']                 = $this->table;
		$_SERVER['HTTP_X_FORWARDED_FOR'] = '198.51.100.4';
	}

	protected function tearDown(): void {
		unset( $GLOBALS['wpdb'] );
		$this->forget_wordpress();
	}

	/**
	 * @param array<string, mixed> $fields
	 */
	private function send( array $fields = array(), ?string $key = null ): \WP_REST_Response|\WP_Error {
		$controller = new ContactController();
		$request    = new \WP_REST_Request(
			$fields + array(
				'firstName' => 'Eve',
				'lastName'  => 'Adams',
				'email'     => 'eve@example.com',
				'message'   => 'Is the car still for sale?',
				'fillMs'    => 30000,
				'scripted'  => true,
			),
			null === $key ? array() : array( 'idempotency-key' => $key )
		);
		$allowed    = $controller->create_item_permissions_check( $request );
		return true === $allowed ? $controller->create_item( $request ) : $allowed;
	}

	/** @return list<\WP_Post> */
	private static function posts(): array {
		return array_values( $GLOBALS['car_export_test_wp']['posts'] );
	}

	public function test_an_ordinary_lead_is_unread_and_its_mail_queued(): void {
		$answer = $this->send();
		$this->assertInstanceOf( \WP_REST_Response::class, $answer );
		$this->assertSame( 201, $answer->get_status() );
		$post = self::posts()[0];
		$this->assertSame( SuspectedLeads::ORDINARY, $post->post_status );
		$this->assertSame( '1', get_post_meta( $post->ID, MessageFields::UNREAD, true ) );
		$this->assertSame( '', get_post_meta( $post->ID, MessageFields::SPAM_REASONS, true ) );
		$this->assertCount( 1, $GLOBALS['car_export_test_wp']['scheduled'], 'The staff mail is queued.' );
	}

	public function test_a_suspected_lead_is_kept_apart_without_mail_and_answered_the_same(): void {
		$answer = $this->send( array( 'website' => 'http://spam.example' ) );
		$this->assertInstanceOf( \WP_REST_Response::class, $answer );
		$this->assertSame( 201, $answer->get_status() );
		$this->assertSame( $this->send()->get_data(), $answer->get_data(), 'A bot learns nothing from the answer.' );

		$post = self::posts()[0];
		$this->assertSame( SuspectedLeads::STATUS, $post->post_status );
		$this->assertStringContainsString( 'hidden field filled', (string) get_post_meta( $post->ID, MessageFields::SPAM_REASONS, true ) );
		$this->assertSame( '', get_post_meta( $post->ID, MessageFields::UNREAD, true ) );
		$this->assertCount( 1, $GLOBALS['car_export_test_wp']['scheduled'], 'Only the ordinary lead is mailed.' );
	}

	public function test_a_repeat_with_the_same_key_is_answered_again_stored_once_and_not_limited(): void {
		$key   = 'retry-key-0123456789';
		$first = $this->send( array(), $key );
		$this->assertInstanceOf( \WP_REST_Response::class, $first );
		$this->assertArrayNotHasKey( 'Idempotent-Replayed', $first->headers );

		for ( $i = 1; $i <= 6; $i++ ) {
			$again = $this->send( array(), $key );
			$this->assertInstanceOf( \WP_REST_Response::class, $again, "Repeat {$i}" );
			$this->assertSame( 201, $again->get_status() );
			$this->assertSame( $first->get_data(), $again->get_data() );
			$this->assertSame( 'true', $again->headers['Idempotent-Replayed'] );
		}
		$this->assertCount( 1, self::posts() );
		$this->assertSame( $key, get_post_meta( self::posts()[0]->ID, MessageFields::IDEMPOTENCY_KEY, true ) );
		$this->assertSame( self::posts()[0]->ID, $this->table->rows[ 'contact|' . $key ]['post_id'] );
		$this->assertSame( 201, $this->table->rows[ 'contact|' . $key ]['status'] );

		for ( $i = 1; $i <= 4; $i++ ) {
			$this->send( array(), "other-key-{$i}-0123456789" );
		}
		$this->assertInstanceOf( \WP_Error::class, $this->send( array(), 'sixth-key-0123456789' ), 'Five new messages a minute, repeats not counted.' );
	}

	public function test_a_key_still_being_processed_is_a_conflict_and_stores_nothing(): void {
		$this->table->rows['contact|in-flight-key-012345'] = array(
			'post_id'  => 0,
			'status'   => 0,
			'response' => '',
		);
		$answer = $this->send( array(), 'in-flight-key-012345' );
		$this->assertInstanceOf( \WP_Error::class, $answer );
		$this->assertSame( 'car_export_idempotency_conflict', $answer->get_error_code() );
		$this->assertSame( array( 'status' => 409 ), $answer->get_error_data() );
		$this->assertSame( array(), self::posts() );
	}

	public function test_a_key_that_cannot_be_completed_is_an_error_not_a_success(): void {
		$this->table->fail_complete = true;
		$answer                     = $this->send( array(), 'complete-fails-012345' );
		$this->assertInstanceOf( \WP_Error::class, $answer );
		$this->assertSame( 'car_export_message_not_saved', $answer->get_error_code() );
		$this->assertArrayNotHasKey( 'contact|complete-fails-012345', $this->table->rows, 'Rolled back: a retry may claim the key.' );
		$this->assertSame( array(), $GLOBALS['car_export_test_wp']['scheduled'] );
	}

	public function test_a_malformed_key_is_refused_before_anything_is_stored(): void {
		$answer = $this->send( array(), 'short' );
		$this->assertInstanceOf( \WP_Error::class, $answer );
		$this->assertSame( array(), self::posts() );
	}

	public function test_the_schema_says_the_answer_is_read_only(): void {
		$schema = ( new ContactController() )->get_item_schema();
		$this->assertSame( 'contact', $schema['title'] );
		$this->assertSame(
			array(
				'success' => array(
					'type'     => 'boolean',
					'readonly' => true,
				),
				'message' => array(
					'type'     => 'string',
					'readonly' => true,
				),
			),
			$schema['properties']
		);
	}
}
