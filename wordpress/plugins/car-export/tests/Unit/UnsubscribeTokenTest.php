<?php
declare(strict_types=1);

namespace CarExport\Tests\Unit;

use CarExport\Alerts\SavedSearchController;
use CarExport\Alerts\UnsubscribeToken;
use CarExport\Tests\Unit\Support\WithFakeWordPress;
use PHPUnit\Framework\Attributes\CoversClass;
use PHPUnit\Framework\TestCase;

/**
 * An alert mail's unsubscribe link stops that account's alerts and no other's: its token is signed
 * with the site's salt for that one account, and the route refuses any other token with 403.
 */
#[CoversClass( UnsubscribeToken::class )]
final class UnsubscribeTokenTest extends TestCase {
	use WithFakeWordPress;

	protected function setUp(): void {
		$this->reset_wordpress();
		$this->add_user( 3, 'cleo' );
		$this->add_user( 4, 'dan' );
	}

	protected function tearDown(): void {
		$this->forget_wordpress();
	}

	public function test_the_token_of_an_account_is_valid_for_it_alone(): void {
		$token = UnsubscribeToken::for_user( 3 );
		$this->assertSame( hash_hmac( 'sha256', 'car-export-alert-unsubscribe:3', wp_salt( 'auth' ) ), $token );

		$this->assertTrue( UnsubscribeToken::is_valid( 3, $token ) );
		$this->assertTrue( UnsubscribeToken::is_valid( 1, UnsubscribeToken::for_user( 1 ) ), 'The first account can unsubscribe too.' );
		$this->assertFalse( UnsubscribeToken::is_valid( 4, $token ), "One buyer's link cannot stop another's alerts." );
		$this->assertFalse( UnsubscribeToken::is_valid( 3, UnsubscribeToken::for_user( 4 ) ) );
	}

	public function test_made_up_tokens_are_refused(): void {
		$this->assertFalse( UnsubscribeToken::is_valid( 3, '' ) );
		$this->assertFalse( UnsubscribeToken::is_valid( 3, 'anything' ) );
		$this->assertFalse( UnsubscribeToken::is_valid( 3, strtoupper( UnsubscribeToken::for_user( 3 ) ) ) );
		$this->assertFalse( UnsubscribeToken::is_valid( 3, hash_hmac( 'sha256', 'car-export-alert-unsubscribe:3', 'another site salt' ) ) );
		$this->assertFalse( UnsubscribeToken::is_valid( 0, UnsubscribeToken::for_user( 0 ) ), 'No account 0.' );
		$this->assertFalse( UnsubscribeToken::is_valid( -3, UnsubscribeToken::for_user( -3 ) ) );
	}

	private function unsubscribe_check( int $user, string $token ): true | \WP_Error {
		return ( new SavedSearchController() )->unsubscribe_permissions_check(
			new \WP_REST_Request(
				array(
					'user'  => $user,
					'token' => $token,
				)
			)
		);
	}

	public function test_the_unsubscribe_route_takes_the_mails_token_and_refuses_any_other_with_403(): void {
		$this->assertTrue( $this->unsubscribe_check( 3, UnsubscribeToken::for_user( 3 ) ) );

		foreach ( array( array( 4, UnsubscribeToken::for_user( 3 ) ), array( 3, 'forged' ), array( 9, UnsubscribeToken::for_user( 9 ) ) ) as list( $user, $token ) ) {
			$refusal = $this->unsubscribe_check( $user, $token );
			$this->assertInstanceOf( \WP_Error::class, $refusal, "Account {$user}" );
			$this->assertSame( 'car_export_bad_unsubscribe_link', $refusal->get_error_code() );
			$this->assertSame( array( 'status' => 403 ), $refusal->get_error_data() );
		}
	}
}
