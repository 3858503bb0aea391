<?php
declare(strict_types=1);

namespace CarExport\Tests\Unit;

use CarExport\Account\AccountMail;
use CarExport\Auth\TokenService;
use CarExport\Rest\FavoritesController;
use CarExport\Rest\PasswordResetController;
use CarExport\Tests\Unit\Support\WithFakeWordPress;
use PHPUnit\Framework\Attributes\CoversClass;
use PHPUnit\Framework\TestCase;

/**
 * A signed-in buyer's favourites change one car at a time (a car the site does not show cannot be
 * added, but one already listed can always be removed); a reset request queues one mail and answers
 * the same for every address, within limits per address and per visitor.
 */
#[CoversClass( FavoritesController::class )]
#[CoversClass( PasswordResetController::class )]
final class FavoritesAndResetRequestTest extends TestCase {
	use WithFakeWordPress;

	private int $car = 0;

	protected function setUp(): void {
		$this->reset_wordpress();
		$this->add_user( 6, 'ivy' );
		$GLOBALS['car_export_test_wp']['user_id'] = 6;
		$this->car                                = wp_insert_post(
			array(
				'post_type'   => 'car',
				'post_status' => 'publish',
				'post_title'  => 'Car',
			)
		);
	}

	protected function tearDown(): void {
		$this->forget_wordpress();
	}

	private function favorite( mixed $car_id, string $action ): \WP_REST_Response|\WP_Error {
		$controller = new FavoritesController();
		$request    = new \WP_REST_Request(
			array(
				'carId'  => $car_id,
				'action' => $action,
			)
		);
		$allowed    = $controller->create_item_permissions_check( $request );
		return true === $allowed ? $controller->create_item( $request ) : $allowed;
	}

	private function assert_refused( mixed $answer, string $code, int $status ): void {
		$this->assertInstanceOf( \WP_Error::class, $answer );
		$this->assertSame( $code, $answer->get_error_code() );
		$data = $answer->get_error_data();
		$this->assertIsArray( $data );
		$this->assertSame( $status, $data['status'] );
	}

	public function test_a_buyer_adds_and_removes_a_car(): void {
		$added = $this->favorite( $this->car, 'add' );
		$this->assertInstanceOf( \WP_REST_Response::class, $added );
		$this->assertSame( 200, $added->get_status() );
		$this->assertSame( array( $this->car ), $added->get_data()['favorites'] );
		$this->assertSame( 'Car added to favorites.', $added->get_data()['message'] );
		$this->assertTrue( $added->get_data()['success'] );
		$this->assertSame( array( $this->car ), FavoritesController::read( 6 ) );

		$removed = $this->favorite( $this->car, 'remove' );
		$this->assertInstanceOf( \WP_REST_Response::class, $removed );
		$this->assertSame( array(), $removed->get_data()['favorites'] );
		$this->assertSame( 'Car removed from favorites.', $removed->get_data()['message'] );
		$this->assertSame( array(), FavoritesController::read( 6 ) );
	}

	public function test_a_car_taken_off_the_site_can_be_removed_but_not_added(): void {
		$this->favorite( $this->car, 'add' );
		$GLOBALS['car_export_test_wp']['posts'][ $this->car ]->post_status = 'draft';

		$this->assert_refused( $this->favorite( $this->car, 'add' ), 'car_export_car_not_found', 404 );
		$this->assertInstanceOf( \WP_REST_Response::class, $this->favorite( $this->car, 'remove' ) );
		$this->assert_refused( $this->favorite( $this->car, 'remove' ), 'car_export_car_not_found', 404 );
	}

	public function test_bad_requests_and_visitors_are_refused_and_change_nothing(): void {
		$this->assert_refused( $this->favorite( 0, 'add' ), 'car_export_missing_car_id', 400 );
		$this->assert_refused( $this->favorite( 'x', 'add' ), 'car_export_missing_car_id', 400 );
		$this->assert_refused( $this->favorite( $this->car, 'toggle' ), 'car_export_bad_action', 400 );
		$this->assertSame( array(), FavoritesController::read( 6 ) );

		$GLOBALS['car_export_test_wp']['user_id'] = 0;
		$this->assert_refused( $this->favorite( $this->car, 'add' ), 'rest_not_logged_in', 401 );
		$this->assert_refused( ( new FavoritesController() )->get_items_permissions_check( new \WP_REST_Request() ), 'rest_not_logged_in', 401 );
	}

	public function test_a_full_list_takes_no_more(): void {
		update_user_meta( 6, FavoritesController::META_KEY, range( 1000, 1499 ) );
		$this->assert_refused( $this->favorite( $this->car, 'add' ), 'car_export_too_many_favorites', 400 );
		$this->assertCount( 500, FavoritesController::read( 6 ) );
	}

	/** @return list<array<string, mixed>> */
	private static function queued_mail(): array {
		$queued = array();
		foreach ( $GLOBALS['car_export_test_options'] as $name => $value ) {
			if ( str_starts_with( (string) $name, AccountMail::PREFIX ) ) {
				$queued[] = $value;
			}
		}
		return $queued;
	}

	private function forgot( string $email, string $visitor = '198.51.100.4' ): \WP_REST_Response|\WP_Error {
		$_SERVER['HTTP_X_FORWARDED_FOR'] = $visitor;
		$controller                      = new PasswordResetController( new TokenService( str_repeat( 's', 40 ), 'https://cars.example', static fn(): int => 0 ) );
		$request                         = new \WP_REST_Request( array( 'email' => $email ) );
		$allowed                         = $controller->forgot_permissions_check( $request );
		return true === $allowed ? $controller->forgot( $request ) : $allowed;
	}

	public function test_a_reset_request_queues_one_mail_and_answers_202(): void {
		$answer = $this->forgot( 'ivy@example.com' );
		$this->assertInstanceOf( \WP_REST_Response::class, $answer );
		$this->assertSame( 202, $answer->get_status() );
		$this->assertSame( 'car_export_reset_requested', $answer->get_data()['code'] );
		$this->assertSame(
			array(
				array(
					'kind'    => AccountMail::RESET,
					'subject' => 'ivy@example.com',
					'attempt' => 1,
					'after'   => 0,
				),
			),
			self::queued_mail()
		);
		$this->assert_refused( $this->forgot( '' ), 'car_export_missing_email', 400 );
		$this->assertCount( 1, self::queued_mail() );
	}

	public function test_three_requests_an_hour_per_address_and_ten_per_visitor(): void {
		for ( $i = 1; $i <= 3; $i++ ) {
			$this->assertInstanceOf( \WP_REST_Response::class, $this->forgot( 'IVY@example.com', "198.51.100.{$i}" ) );
		}
		$this->assert_refused( $this->forgot( 'ivy@example.com', '198.51.100.9' ), 'car_export_too_many_resets', 429 );

		for ( $i = 1; $i <= 10; $i++ ) {
			$this->assertInstanceOf( \WP_REST_Response::class, $this->forgot( "buyer{$i}@example.com", '203.0.113.5' ) );
		}
		$this->assert_refused( $this->forgot( 'buyer11@example.com', '203.0.113.5' ), 'car_export_too_many_resets', 429 );
		$this->assertCount( 13, self::queued_mail() );
	}

	public function test_ten_wrong_reset_keys_lock_the_visitor_out_for_a_while(): void {
		$_SERVER['HTTP_X_FORWARDED_FOR'] = '198.51.100.4';
		$controller                      = new PasswordResetController( new TokenService( str_repeat( 's', 40 ), 'https://cars.example', static fn(): int => 0 ) );
		$request                         = new \WP_REST_Request(
			array(
				'login' => 'ivy',
				'key'   => 'guess',
			)
		);
		for ( $i = 1; $i <= 10; $i++ ) {
			$this->assertTrue( $controller->key_permissions_check( $request ), "Guess {$i}" );
			$this->assert_refused( $controller->check( $request ), 'car_export_reset_link_invalid', 400 );
		}
		$this->assert_refused( $controller->key_permissions_check( $request ), 'car_export_too_many_reset_attempts', 429 );

		$unconfigured = new PasswordResetController( new TokenService( '', 'https://cars.example', static fn(): int => 0 ) );
		$this->assert_refused( $unconfigured->key_permissions_check( $request ), TokenService::ERROR_BAD_CONFIG, 500 );
	}

	public function test_the_list_of_ids_holds_the_cars_the_site_still_shows_and_car_1_counts(): void {
		$first                                     = new \WP_Post();
		$first->ID                                 = 1;
		$first->post_type                          = 'car';
		$first->post_status                        = 'publish';
		$GLOBALS['car_export_test_wp']['posts'][1] = $first;
		$this->assertInstanceOf( \WP_REST_Response::class, $this->favorite( 1, 'add' ) );
		$this->favorite( $this->car, 'add' );
		$GLOBALS['car_export_test_wp']['posts'][ $this->car ]->post_status = 'draft';

		$answer = ( new FavoritesController() )->get_items( new \WP_REST_Request( array( 'fields' => 'ids' ) ) );
		$this->assertSame( 200, $answer->get_status() );
		$this->assertSame(
			array(
				'success'   => true,
				'favorites' => array( 1 ),
			),
			$answer->get_data()
		);
	}
}
