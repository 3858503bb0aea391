<?php
declare(strict_types=1);

namespace CarExport\Tests\Unit;

use CarExport\Alerts\SavedSearchController;
use CarExport\Auth\TokenService;
use CarExport\Rest\AccountController;
use CarExport\Rest\ContactController;
use CarExport\Rest\FavoritesController;
use CarExport\Rest\InquiryController;
use CarExport\Rest\PasswordResetController;
use CarExport\Rest\RegisterController;
use CarExport\Rest\TokenController;
use CarExport\Tests\Unit\Support\WithFakeWordPress;
use PHPUnit\Framework\Attributes\CoversClass;
use PHPUnit\Framework\TestCase;

/**
 * What each route registers: a real permission check, and for every field a sanitizer and a
 * validator; a new password must be long enough where one is chosen (registration, reset, change)
 * and is only bounded where one is typed to prove who you are (sign-in, current password, delete).
 */
#[CoversClass( AccountController::class )]
#[CoversClass( PasswordResetController::class )]
#[CoversClass( TokenController::class )]
#[CoversClass( RegisterController::class )]
final class RouteArgsTest extends TestCase {
	use WithFakeWordPress;

	protected function setUp(): void {
		$this->reset_wordpress();
		$tokens = new TokenService( str_repeat( 's', 40 ), 'https://cars.example', static fn(): int => 0 );
		foreach ( array( new AccountController( $tokens ), new PasswordResetController( $tokens ), new TokenController( $tokens ), new RegisterController( $tokens ), new FavoritesController(), new InquiryController(), new ContactController(), new SavedSearchController() ) as $controller ) {
			$controller->register_routes();
		}
	}

	protected function tearDown(): void {
		$this->forget_wordpress();
	}

	/**
	 * @return array<string, mixed>
	 */
	private static function arg( string $route, string $field, string $method = 'POST' ): array {
		$endpoints = $GLOBALS['car_export_test_wp']['routes'][ $route ] ?? array();
		foreach ( isset( $endpoints['methods'] ) ? array( $endpoints ) : $endpoints as $endpoint ) {
			if ( is_array( $endpoint ) && str_contains( (string) ( $endpoint['methods'] ?? '' ), $method ) && isset( $endpoint['args'][ $field ] ) ) {
				return $endpoint['args'][ $field ];
			}
		}
		throw new \RuntimeException( "{$route} has no {$method} field {$field}" );
	}

	private static function accepts( string $route, string $field, mixed $value ): bool {
		return true === ( self::arg( $route, $field )['validate_callback'] )( $value, new \WP_REST_Request(), $field );
	}

	public function test_every_route_has_a_permission_check_and_every_field_both_callbacks(): void {
		$routes = $GLOBALS['car_export_test_wp']['routes'];
		$this->assertGreaterThanOrEqual( 15, count( $routes ) );
		foreach ( $routes as $route => $endpoints ) {
			// One endpoint may be given bare instead of in a list, as WordPress allows.
			$endpoints = isset( $endpoints['methods'] ) ? array( $endpoints ) : $endpoints;
			foreach ( $endpoints as $key => $endpoint ) {
				if ( 'schema' === $key ) {
					continue;
				}
				$this->assertIsCallable( $endpoint['permission_callback'], $route );
				$this->assertNotSame( '__return_true', $endpoint['permission_callback'], $route );
				$this->assertIsCallable( $endpoint['callback'], $route );
				foreach ( $endpoint['args'] as $field => $arg ) {
					// A name of WordPress's own (rest_validate_request_arg) is callable only inside WordPress.
					foreach ( array( 'validate_callback', 'sanitize_callback' ) as $callback ) {
						$this->assertTrue( is_callable( $arg[ $callback ] ?? null ) || str_starts_with( (string) ( is_string( $arg[ $callback ] ?? null ) ? $arg[ $callback ] : '' ), 'rest_' ), "{$route} {$field} {$callback}" );
					}
				}
			}
		}
	}

	public function test_a_chosen_password_must_be_long_enough_and_a_typed_one_only_bounded(): void {
		foreach ( array( array( '/car-export/v1/account/password', 'password' ), array( '/car-export/v1/password/reset', 'password' ), array( '/car-export/v1/register', 'password' ) ) as list( $route, $field ) ) {
			$this->assertFalse( self::accepts( $route, $field, 'short' ), "{$route} refuses a short new password" );
			$this->assertTrue( self::accepts( $route, $field, 'a long enough password' ), $route );
		}
		foreach ( array( array( '/car-export/v1/account/password', 'currentPassword' ), array( '/car-export/v1/account/delete', 'password' ), array( '/jwt-auth/v1/token', 'password' ) ) as list( $route, $field ) ) {
			$this->assertTrue( self::accepts( $route, $field, 'short' ), "{$route} takes a password set before the rule" );
			$this->assertFalse( self::accepts( $route, $field, str_repeat( 'x', 5000 ) ), $route );
		}
	}

	public function test_a_link_key_is_at_most_64_characters(): void {
		foreach ( array( array( '/car-export/v1/account/email', 'key' ), array( '/car-export/v1/password/reset', 'key' ), array( '/car-export/v1/password/check', 'key' ) ) as list( $route, $field ) ) {
			$this->assertTrue( self::accepts( $route, $field, str_repeat( 'k', 64 ) ), $route );
			$this->assertFalse( self::accepts( $route, $field, str_repeat( 'k', 65 ) ), $route );
		}
	}
}
