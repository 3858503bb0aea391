<?php
declare(strict_types=1);

namespace CarExport\Tests\Unit;

use CarExport\Auth\TokenGenerations;
use CarExport\Auth\TokenService;
use CarExport\Rest\RegisterController;
use CarExport\Rest\TokenController;
use CarExport\Tests\Unit\Support\WithFakeWordPress;
use PHPUnit\Framework\Attributes\CoversClass;
use PHPUnit\Framework\TestCase;

/**
 * Sign-in and registration: a right password answers a working token, a wrong one 403 and counts
 * towards a limit per address and account name; registration answers 201 with a token, refuses a
 * taken name or address, and is limited per network address.
 */
#[CoversClass( TokenController::class )]
#[CoversClass( RegisterController::class )]
final class SignInRoutesTest extends TestCase {
	use WithFakeWordPress;

	private const SECRET = 'unit-test-secret-0123456789-abcdefghij';

	private TokenService $tokens;

	protected function setUp(): void {
		$this->reset_wordpress();
		$this->add_user( 2, 'gil', 'right password' );
		$this->tokens = new TokenService( self::SECRET, 'https://cars.example', \Closure::fromCallable( array( TokenGenerations::class, 'current' ) ) );
	}

	protected function tearDown(): void {
		$this->forget_wordpress();
	}

	private function sign_in( string $username, string $password, string $visitor = '198.51.100.4' ): \WP_REST_Response|\WP_Error {
		$_SERVER['HTTP_X_FORWARDED_FOR'] = $visitor;
		$controller                      = new TokenController( $this->tokens );
		$request                         = new \WP_REST_Request(
			array(
				'username' => $username,
				'password' => $password,
			)
		);
		$allowed                         = $controller->create_item_permissions_check( $request );
		return true === $allowed ? $controller->create_item( $request ) : $allowed;
	}

	private function assert_error( mixed $answer, string $code, int $status ): void {
		$this->assertInstanceOf( \WP_Error::class, $answer );
		$this->assertSame( $code, $answer->get_error_code() );
		$data = $answer->get_error_data();
		$this->assertIsArray( $data );
		$this->assertSame( $status, $data['status'] );
	}

	public function test_a_right_password_answers_a_token_of_the_account(): void {
		foreach ( array( 'gil', 'gil@example.com' ) as $name ) {
			$answer = $this->sign_in( $name, 'right password' );
			$this->assertInstanceOf( \WP_REST_Response::class, $answer, $name );
			$this->assertSame( 200, $answer->get_status() );
			$body = $answer->get_data();
			$this->assertIsArray( $body );
			$this->assertSame( 2, $this->tokens->verify( $body['token'] ) );
			$this->assertSame( 'gil@example.com', $body['user_email'] );
		}
	}

	public function test_a_wrong_password_or_empty_field_is_refused_with_its_reason(): void {
		$this->assert_error( $this->sign_in( 'gil', 'wrong' ), '[jwt_auth] incorrect_password', 403 );
		$this->assert_error( $this->sign_in( '', 'right password' ), '[jwt_auth] empty_username', 400 );
		$this->assert_error( $this->sign_in( 'gil', '' ), '[jwt_auth] empty_password', 400 );
	}

	public function test_an_unknown_account_costs_a_password_hash_as_a_known_one_does(): void {
		$this->sign_in( 'nobody', 'guess' );
		$this->sign_in( 'nobody@example.com', 'guess' );
		$this->assertSame( 2, $GLOBALS['car_export_test_wp']['hashed'] ?? 0 );
		$this->sign_in( 'gil', 'wrong' );
		$this->assertSame( 2, $GLOBALS['car_export_test_wp']['hashed'] ?? 0, 'A known account already cost a hash check.' );
	}

	public function test_ten_failures_lock_that_name_from_that_address_only_and_a_success_clears_them(): void {
		for ( $i = 1; $i <= 9; $i++ ) {
			$this->sign_in( 'GIL', 'wrong' );
		}
		$this->assertInstanceOf( \WP_REST_Response::class, $this->sign_in( 'gil', 'right password' ), 'Nine failures, then the right password.' );
		for ( $i = 1; $i <= 10; $i++ ) {
			$this->sign_in( 'gil', 'wrong' );
		}
		$this->assert_error( $this->sign_in( 'gil', 'right password' ), '[jwt_auth] too_many_attempts', 429 );
		$this->assertInstanceOf( \WP_REST_Response::class, $this->sign_in( 'gil', 'right password', '203.0.113.80' ), 'Another address is not locked.' );
	}

	public function test_without_a_secret_nothing_is_signed_in(): void {
		$controller = new TokenController( new TokenService( '', 'https://cars.example', static fn(): int => 0 ) );
		$this->assert_error( $controller->create_item_permissions_check( new \WP_REST_Request() ), TokenService::ERROR_BAD_CONFIG, 500 );
		$this->assert_error( $controller->validate_permissions_check( new \WP_REST_Request() ), TokenService::ERROR_BAD_CONFIG, 500 );
		$this->assertTrue( ( new TokenController( $this->tokens ) )->validate_permissions_check( new \WP_REST_Request() ) );
	}

	public function test_the_validate_route_answers_for_a_good_token_and_refuses_a_missing_or_revoked_one(): void {
		$controller = new TokenController( $this->tokens );
		$this->assert_error( $controller->validate_token( new \WP_REST_Request() ), 'jwt_auth_no_auth_header', 403 );

		$token                         = $this->tokens->issue( 2 );
		$_SERVER['HTTP_AUTHORIZATION'] = 'Bearer ' . $token;
		$answer                        = $controller->validate_token( new \WP_REST_Request() );
		$this->assertInstanceOf( \WP_REST_Response::class, $answer );
		$this->assertSame( 200, $answer->get_status() );
		$this->assertSame(
			array(
				'code' => 'jwt_auth_valid_token',
				'data' => array( 'status' => 200 ),
			),
			$answer->get_data()
		);

		TokenGenerations::bump( 2 );
		$this->assert_error( $controller->validate_token( new \WP_REST_Request() ), TokenService::ERROR_INVALID, 403 );
		unset( $_SERVER['HTTP_AUTHORIZATION'] );
	}

	private function register( string $username, string $email, string $visitor = '198.51.100.4' ): \WP_REST_Response|\WP_Error {
		$_SERVER['HTTP_X_FORWARDED_FOR'] = $visitor;
		$controller                      = new RegisterController( $this->tokens );
		$request                         = new \WP_REST_Request(
			array(
				'username' => $username,
				'email'    => $email,
				'password' => 'a long password',
			)
		);
		$allowed                         = $controller->create_item_permissions_check( $request );
		return true === $allowed ? $controller->create_item( $request ) : $allowed;
	}

	public function test_a_new_buyer_gets_an_account_and_a_working_token(): void {
		$registered = array();
		add_action(
			'car_export_user_registered',
			static function ( int $user_id ) use ( &$registered ): void {
				$registered[] = $user_id;
			}
		);
		$answer = $this->register( 'hal', 'hal@example.com' );

		$this->assertInstanceOf( \WP_REST_Response::class, $answer );
		$this->assertSame( 201, $answer->get_status() );
		$body = $answer->get_data();
		$this->assertIsArray( $body );
		$this->assertSame( 'hal', $body['username'] );
		$this->assertSame( 'hal@example.com', $body['email'] );
		$this->assertSame( array( $body['user_id'] ), $registered );
		$this->assertSame( $body['user_id'], $this->tokens->verify( $body['token'] ) );
		$this->assertTrue( password_verify( 'a long password', $this->stored_user( $body['user_id'] )->user_pass ) );
	}

	public function test_a_taken_name_or_address_or_a_missing_field_is_refused(): void {
		$this->assert_error( $this->register( 'GIL', 'new@example.com' ), 'car_export_username_taken', 400 );
		$this->assert_error( $this->register( 'ivy', 'Gil@Example.com' ), 'car_export_email_taken', 400 );
		$this->assert_error( $this->register( '', 'ivy@example.com' ), 'car_export_missing_fields', 400 );
		$this->assert_error( $this->register( 'ivy', '' ), 'car_export_missing_fields', 400 );
		$this->assertCount( 1, $GLOBALS['car_export_test_wp']['users'] );
	}

	public function test_ten_accounts_an_hour_per_network_address(): void {
		for ( $i = 1; $i <= 10; $i++ ) {
			$this->assertInstanceOf( \WP_REST_Response::class, $this->register( "buyer{$i}", "buyer{$i}@example.com" ), "Account {$i}" );
		}
		$this->assert_error( $this->register( 'buyer11', 'buyer11@example.com' ), 'car_export_too_many_registrations', 429 );
		$this->assertInstanceOf( \WP_REST_Response::class, $this->register( 'buyer11', 'buyer11@example.com', '203.0.113.80' ) );
	}

	public function test_registration_can_be_closed_by_a_filter(): void {
		$GLOBALS['car_export_test_filters']['car_export_allow_registration'] = static fn(): bool => false;
		$this->assert_error( $this->register( 'ivy', 'ivy@example.com' ), 'car_export_registration_closed', 403 );
		$this->assertCount( 1, $GLOBALS['car_export_test_wp']['users'] );
	}
}
