<?php
declare(strict_types=1);

namespace CarExport\Tests\Unit;

use CarExport\Auth\BearerAuthenticator;
use CarExport\Auth\TokenGenerations;
use CarExport\Auth\TokenService;
use CarExport\Tests\Unit\Support\WithFakeWordPress;
use PHPUnit\Framework\Attributes\CoversClass;
use PHPUnit\Framework\Attributes\RunInSeparateProcess;
use PHPUnit\Framework\TestCase;

/**
 * A REST request with a good bearer token is that account's; a bad token is refused on every route
 * but the sign-in one (where a stale token must not stop a fresh sign-in); a request without one, or
 * a page that is not REST, is left to WordPress's own sign-in.
 */
#[CoversClass( BearerAuthenticator::class )]
final class BearerAuthenticatorTest extends TestCase {
	use WithFakeWordPress;

	private const SECRET = 'unit-test-secret-0123456789-abcdefghij';

	protected function setUp(): void {
		$this->reset_wordpress();
		if ( ! defined( 'JWT_AUTH_SECRET_KEY' ) ) {
			define( 'JWT_AUTH_SECRET_KEY', self::SECRET );
		}
		$this->add_user( 8, 'fay' );
		unset( $_SERVER['HTTP_AUTHORIZATION'], $_GET['rest_route'], $GLOBALS['wp'] );
		$_SERVER['REQUEST_URI'] = '/wp-json/car-export/v1/account';
	}

	protected function tearDown(): void {
		unset( $_SERVER['HTTP_AUTHORIZATION'], $_SERVER['REQUEST_URI'], $_GET['rest_route'], $GLOBALS['wp'] );
		$this->forget_wordpress();
	}

	private function token_of( int $user_id ): string {
		$token = TokenService::from_wordpress()->issue( $user_id );
		$this->assertIsString( $token );
		return $token;
	}

	private function on_route( string $route ): void {
		// phpcs:ignore WordPress.WP.GlobalVariablesOverride.Prohibited -- no WordPress runs here.
		$GLOBALS['wp']                           = new \WP();
		$GLOBALS['wp']->query_vars['rest_route'] = $route;
	}

	public function test_a_good_token_makes_the_rest_request_its_accounts(): void {
		$_SERVER['HTTP_AUTHORIZATION'] = 'Bearer ' . $this->token_of( 8 );
		$auth                          = new BearerAuthenticator();

		$this->assertSame( 8, $auth->determine_current_user( 0 ) );
		$this->assertTrue( $auth->authentication_errors( null ), 'No nonce is asked of a request signed in by token.' );
		$this->assertSame( 8, get_current_user_id() );
	}

	public function test_the_account_is_set_even_when_wordpress_resolved_the_user_before_the_request_was_known_as_rest(): void {
		$_SERVER['HTTP_AUTHORIZATION'] = 'Bearer ' . $this->token_of( 8 );
		$_SERVER['REQUEST_URI']        = '/index.php';
		$auth                          = new BearerAuthenticator();

		$this->assertSame( 3, $auth->determine_current_user( 3 ), 'A page that is not REST keeps its cookie user.' );
		$this->assertTrue( $auth->authentication_errors( null ) );
		$this->assertSame( 8, get_current_user_id() );
	}

	public function test_a_revoked_token_is_refused_except_on_the_sign_in_route(): void {
		$_SERVER['HTTP_AUTHORIZATION'] = 'Bearer ' . $this->token_of( 8 );
		TokenGenerations::bump( 8 );

		$auth = new BearerAuthenticator();
		$this->assertSame( 0, $auth->determine_current_user( 0 ) );
		$refusal = $auth->authentication_errors( null );
		$this->assertInstanceOf( \WP_Error::class, $refusal );
		$this->assertSame( TokenService::ERROR_INVALID, $refusal->get_error_code() );

		$this->on_route( '/jwt-auth/v1/token/' );
		$this->assertNull( ( new BearerAuthenticator() )->authentication_errors( null ), 'Signing in again is not blocked by the old token.' );
		$this->on_route( '/jwt-auth/v1/token/validate' );
		$this->assertInstanceOf( \WP_Error::class, ( new BearerAuthenticator() )->authentication_errors( null ) );
	}

	public function test_without_a_token_wordpress_decides_and_an_earlier_error_is_kept(): void {
		$auth = new BearerAuthenticator();
		$this->assertSame( 4, $auth->determine_current_user( 4 ) );
		$this->assertNull( $auth->authentication_errors( null ) );
		$this->assertSame( 0, get_current_user_id() );

		$_SERVER['HTTP_AUTHORIZATION'] = 'Bearer ' . $this->token_of( 8 );
		$earlier                       = new \WP_Error( 'rest_cookie_invalid_nonce', 'Cookie check failed' );
		$this->assertSame( $earlier, ( new BearerAuthenticator() )->authentication_errors( $earlier ) );
	}

	public function test_the_token_is_read_once_per_request(): void {
		$_SERVER['HTTP_AUTHORIZATION'] = 'Bearer ' . $this->token_of( 8 );
		$auth                          = new BearerAuthenticator();
		$this->assertSame( 8, $auth->determine_current_user( 0 ) );

		$_SERVER['HTTP_AUTHORIZATION'] = 'Bearer forged';
		$this->assertSame( 8, $auth->determine_current_user( 0 ) );
	}

	public function test_a_rest_route_given_as_a_query_parameter_is_rest(): void {
		$_SERVER['HTTP_AUTHORIZATION'] = 'Bearer ' . $this->token_of( 8 );
		$_SERVER['REQUEST_URI']        = '/index.php';
		$_GET['rest_route']            = '/car-export/v1/account';
		$this->assertSame( 8, ( new BearerAuthenticator() )->determine_current_user( 0 ) );
	}

	#[RunInSeparateProcess]
	public function test_a_request_wordpress_marked_as_rest_is_rest_whatever_its_address(): void {
		$_SERVER['HTTP_AUTHORIZATION'] = 'Bearer ' . $this->token_of( 8 );
		$_SERVER['REQUEST_URI']        = '/index.php';
		define( 'REST_REQUEST', true );
		$this->assertSame( 8, ( new BearerAuthenticator() )->determine_current_user( 0 ) );
	}

	public function test_a_request_without_an_address_or_a_parsed_route_is_handled_without_notices(): void {
		$_SERVER['HTTP_AUTHORIZATION'] = 'Bearer forged';
		unset( $_SERVER['REQUEST_URI'] );
		$this->assertSame( 5, ( new BearerAuthenticator() )->determine_current_user( 5 ), 'No address: not a REST request.' );

		// phpcs:ignore WordPress.WP.GlobalVariablesOverride.Prohibited -- no WordPress runs here.
		$GLOBALS['wp'] = new \WP();
		$this->assertInstanceOf( \WP_Error::class, ( new BearerAuthenticator() )->authentication_errors( null ), 'A request WordPress parsed without a REST route is not the sign-in route.' );
	}
}
