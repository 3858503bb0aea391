<?php
declare(strict_types=1);

namespace CarExport\Tests\Unit;

use CarExport\Auth\TokenGenerations;
use CarExport\Auth\TokenService;
use CarExport\Rest\PasswordResetController;
use CarExport\Tests\Unit\Support\WithFakeWordPress;
use PHPUnit\Framework\Attributes\CoversClass;
use PHPUnit\Framework\TestCase;

/**
 * A reset link sets the password once: used, it is refused like a mistyped one, and every token the
 * account had before (its other signed-in devices) stops working, while the answer's new one works.
 */
#[CoversClass( PasswordResetController::class )]
final class PasswordResetTest extends TestCase {
	use WithFakeWordPress;

	private const SECRET = 'unit-test-secret-0123456789-abcdefghij';
	private const KEY    = 'k3y-from-the-mail';

	private TokenService $tokens;

	protected function setUp(): void {
		$this->reset_wordpress();
		TokenGenerations::register_hooks();
		$this->add_user( 7, 'ada' )->user_activation_key = self::KEY;
		$this->tokens                                    = new TokenService( self::SECRET, 'https://cars.example', \Closure::fromCallable( array( TokenGenerations::class, 'current' ) ) );
	}

	protected function tearDown(): void {
		$this->forget_wordpress();
	}

	private function reset( string $key, string $password ): \WP_REST_Response|\WP_Error {
		$controller = new PasswordResetController( $this->tokens );
		$request    = new \WP_REST_Request(
			array(
				'login'    => 'ada',
				'key'      => $key,
				'password' => $password,
			)
		);
		$allowed    = $controller->key_permissions_check( $request );
		$this->assertTrue( $allowed );
		return $controller->reset( $request );
	}

	private function assert_refused_link( mixed $answer ): void {
		$this->assertInstanceOf( \WP_Error::class, $answer );
		$this->assertSame( 'car_export_reset_link_invalid', $answer->get_error_code() );
		$this->assertSame( array( 'status' => 400 ), $answer->get_error_data() );
	}

	public function test_a_link_sets_the_password_once_and_is_refused_the_second_time(): void {
		$first = $this->reset( self::KEY, 'first new password' );
		$this->assertInstanceOf( \WP_REST_Response::class, $first );
		$this->assertSame( 200, $first->get_status() );
		$this->assertTrue( password_verify( 'first new password', $this->stored_user( 7 )->user_pass ) );

		$this->assert_refused_link( $this->reset( self::KEY, 'second new password' ) );
		$this->assertTrue( password_verify( 'first new password', $this->stored_user( 7 )->user_pass ), 'The used link changed nothing.' );
	}

	public function test_a_wrong_key_is_refused_and_changes_nothing(): void {
		$before = $this->stored_user( 7 )->user_pass;

		$this->assert_refused_link( $this->reset( 'guessed-key', 'attacker password' ) );
		$this->assertSame( $before, $this->stored_user( 7 )->user_pass );
		$this->assertSame( self::KEY, $this->stored_user( 7 )->user_activation_key, 'The real link still works.' );
	}

	public function test_the_reset_signs_out_earlier_tokens_and_answers_a_working_one(): void {
		$earlier = $this->tokens->issue( 7 );
		$this->assertIsString( $earlier );
		$this->assertSame( 7, $this->tokens->verify( $earlier ) );

		$answer = $this->reset( self::KEY, 'first new password' );
		$this->assertInstanceOf( \WP_REST_Response::class, $answer );
		$body = $answer->get_data();
		$this->assertIsArray( $body );
		$this->assertSame( 'ada@example.com', $body['user_email'] );

		$this->assertInstanceOf( \WP_Error::class, $this->tokens->verify( $earlier ), 'A device signed in before the reset is signed out.' );
		$this->assertSame( 7, $this->tokens->verify( $body['token'] ) );
	}

	public function test_the_check_route_tells_a_used_link_from_a_fresh_one(): void {
		$controller = new PasswordResetController( $this->tokens );
		$request    = new \WP_REST_Request(
			array(
				'login' => 'ada',
				'key'   => self::KEY,
			)
		);
		$fresh      = $controller->check( $request );
		$this->assertInstanceOf( \WP_REST_Response::class, $fresh );
		$this->assertSame( 200, $fresh->get_status() );
		$this->assertSame( array( 'valid' => true ), $fresh->get_data() );

		$this->reset( self::KEY, 'first new password' );
		$this->assert_refused_link( $controller->check( $request ) );
	}
}
