<?php
declare(strict_types=1);

namespace CarExport\Tests\Unit;

use CarExport\Auth\TokenGenerations;
use CarExport\Auth\TokenService;
use CarExport\Tests\Unit\Support\WithFakeWordPress;
use PHPUnit\Framework\Attributes\CoversClass;
use PHPUnit\Framework\TestCase;

/**
 * An account's token generation, kept in user meta: a bump moves it on by one, so every token issued
 * before is refused; a password change by any path bumps it, and the site's token check reads it.
 */
#[CoversClass( TokenGenerations::class )]
final class TokenGenerationsTest extends TestCase {
	use WithFakeWordPress;

	private const SECRET = 'unit-test-secret-0123456789-abcdefghij';

	protected function setUp(): void {
		$this->reset_wordpress();
		$this->add_user( 5, 'bea' );
	}

	protected function tearDown(): void {
		$this->forget_wordpress();
	}

	private function stored_generation( int $user_id ): mixed {
		return get_user_meta( $user_id, TokenGenerations::META_GENERATION, true );
	}

	public function test_a_bump_moves_the_stored_generation_on_by_one(): void {
		$this->assertSame( 1, TokenGenerations::bump( 5 ) );
		$this->assertSame( 2, TokenGenerations::bump( 5 ) );
		$this->assertSame( '2', $this->stored_generation( 5 ) );
		$this->assertSame( 2, TokenGenerations::current( 5 ) );

		update_user_meta( 5, TokenGenerations::META_GENERATION, 41 );
		$this->assertSame( 42, TokenGenerations::bump( 5 ) );
	}

	public function test_an_unknown_account_has_no_generation(): void {
		$this->assertNull( TokenGenerations::current( 99 ) );
		$this->assertNull( TokenGenerations::current( 0 ) );
		$this->assertNull( TokenGenerations::current( -5 ) );

		$this->add_user( 1, 'first' );
		$this->assertSame( 0, TokenGenerations::current( 1 ), 'The first account of the site has a generation too.' );
	}

	public function test_a_hash_changed_without_any_hook_bumps_the_generation_on_the_next_read(): void {
		update_user_meta( 5, TokenGenerations::META_GENERATION, 3 );
		$this->assertSame( 3, TokenGenerations::current( 5 ), 'The first read only remembers the hash.' );
		$this->assertSame( 3, TokenGenerations::current( 5 ) );

		$this->stored_user( 5 )->user_pass = password_hash( 'written straight into the table', PASSWORD_BCRYPT, array( 'cost' => 4 ) );
		$this->assertSame( 4, TokenGenerations::current( 5 ) );
		$this->assertSame( 4, TokenGenerations::current( 5 ), 'Bumped once, not at every read.' );
	}

	public function test_the_fingerprint_depends_on_the_hash_and_the_site_salt_and_is_32_characters(): void {
		$fingerprint = TokenGenerations::fingerprint( 'hash-a' );
		$this->assertSame( 32, strlen( $fingerprint ) );
		$this->assertSame( substr( wp_hash( 'hash-a', 'auth' ), 0, 32 ), $fingerprint );
		$this->assertNotSame( $fingerprint, TokenGenerations::fingerprint( 'hash-b' ) );
	}

	public function test_every_password_hook_bumps_and_a_profile_edit_without_a_new_password_does_not(): void {
		TokenGenerations::register_hooks();
		$this->assertSame( 0, TokenGenerations::current( 5 ) );

		wp_set_password( 'new one', 5 );
		$this->assertSame( '1', $this->stored_generation( 5 ) );

		reset_password( $this->stored_user( 5 ), 'newer one' );
		// reset_password() stores the hash with wp_set_password() and then fires after_password_reset.
		$this->assertSame( '3', $this->stored_generation( 5 ) );

		wp_update_user(
			array(
				'ID'        => 5,
				'user_pass' => 'from the profile screen',
			)
		);
		$this->assertSame( '4', $this->stored_generation( 5 ) );

		wp_update_user(
			array(
				'ID'           => 5,
				'display_name' => 'Bea',
			)
		);
		$this->assertSame( '4', $this->stored_generation( 5 ) );
		$this->assertSame( 4, TokenGenerations::current( 5 ), 'The hooks kept the fingerprint up to date.' );

		TokenGenerations::on_password_reset( null );
		TokenGenerations::on_profile_update( 5, null );
		TokenGenerations::on_profile_update( 404, $this->stored_user( 5 ) );
		$this->assertSame( '4', $this->stored_generation( 5 ), 'Hooks fired without an account change nothing.' );
	}

	public function test_the_sites_token_check_reads_this_store(): void {
		if ( ! defined( 'JWT_AUTH_SECRET_KEY' ) ) {
			define( 'JWT_AUTH_SECRET_KEY', self::SECRET );
		}
		$tokens = TokenService::from_wordpress();
		$token  = $tokens->issue( 5 );
		$this->assertIsString( $token );
		$this->assertSame( 5, $tokens->verify( $token ) );

		TokenGenerations::bump( 5 );
		$this->assertInstanceOf( \WP_Error::class, $tokens->verify( $token ), 'A bump revokes the tokens issued before it.' );
		$this->assertInstanceOf( \WP_Error::class, $tokens->issue( 99 ), 'No token for an account that does not exist.' );
	}
}
