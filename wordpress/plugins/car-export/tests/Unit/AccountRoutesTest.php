<?php
declare(strict_types=1);

namespace CarExport\Tests\Unit;

use CarExport\Account\AccountMail;
use CarExport\Account\PendingEmail;
use CarExport\Auth\TokenGenerations;
use CarExport\Auth\TokenService;
use CarExport\Rest\AccountController;
use CarExport\Tests\Unit\Support\WithFakeWordPress;
use PHPUnit\Framework\Attributes\CoversClass;
use PHPUnit\Framework\Attributes\RunInSeparateProcess;
use PHPUnit\Framework\TestCase;

/**
 * The buyer's account: a name changes at once, a new e-mail address only once the link sent to it
 * is followed; a password changes only with the current one (wrong ones limited per account) and
 * signs out every other device; staff accounts are not the buyer's to delete.
 */
#[CoversClass( AccountController::class )]
#[CoversClass( PendingEmail::class )]
final class AccountRoutesTest extends TestCase {
	use WithFakeWordPress;

	private TokenService $tokens;

	protected function setUp(): void {
		$this->reset_wordpress();
		TokenGenerations::register_hooks();
		$this->add_user( 9, 'joy', 'current password' );
		$GLOBALS['car_export_test_wp']['user_id'] = 9;
		$this->tokens                             = new TokenService( str_repeat( 's', 40 ), 'https://cars.example', \Closure::fromCallable( array( TokenGenerations::class, 'current' ) ) );
	}

	protected function tearDown(): void {
		$this->forget_wordpress();
	}

	private function controller(): AccountController {
		return new AccountController( $this->tokens );
	}

	private function assert_refused( mixed $answer, string $code, int $status ): void {
		$this->assertInstanceOf( \WP_Error::class, $answer );
		$this->assertSame( $code, $answer->get_error_code() );
		$data = $answer->get_error_data();
		$this->assertIsArray( $data );
		$this->assertSame( $status, $data['status'] );
	}

	/**
	 * @param array<string, mixed> $fields
	 */
	private function update( array $fields ): \WP_REST_Response|\WP_Error {
		return $this->controller()->update_profile( new \WP_REST_Request( $fields ) );
	}

	public function test_the_profile_is_the_signed_in_buyers_and_visitors_are_refused(): void {
		$this->assertTrue( $this->controller()->signed_in( new \WP_REST_Request() ) );
		$this->assertSame( 200, $this->controller()->profile( new \WP_REST_Request() )->get_status() );
		$this->assertSame(
			array(
				'id'           => 9,
				'username'     => 'joy',
				'email'        => 'joy@example.com',
				'displayName'  => 'Joy',
				'pendingEmail' => null,
			),
			$this->controller()->profile( new \WP_REST_Request() )->get_data()
		);
		$GLOBALS['car_export_test_wp']['user_id'] = 0;
		$this->assert_refused( $this->controller()->signed_in( new \WP_REST_Request() ), 'rest_not_logged_in', 401 );
		$this->assert_refused( $this->controller()->buyer_signed_in( new \WP_REST_Request() ), 'rest_not_logged_in', 401 );
	}

	public function test_staff_cannot_delete_their_account_here(): void {
		$this->assertTrue( $this->controller()->buyer_signed_in( new \WP_REST_Request() ) );
		$this->stored_user( 9 )->allcaps = array( 'edit_posts' => true );
		$this->assert_refused( $this->controller()->buyer_signed_in( new \WP_REST_Request() ), 'car_export_staff_account', 403 );
	}

	public function test_a_new_name_is_saved_at_once_and_the_same_address_sends_no_mail(): void {
		$answer = $this->update(
			array(
				'displayName' => 'Joy Ito',
				'email'       => 'JOY@example.com',
			)
		);
		$this->assertInstanceOf( \WP_REST_Response::class, $answer );
		$this->assertSame( 200, $answer->get_status() );
		$this->assertSame( 'Joy Ito', $this->stored_user( 9 )->display_name );
		$this->assertNull( $answer->get_data()['pendingEmail'] );
		$this->assertSame( array(), $GLOBALS['car_export_test_options'], 'No mail queued.' );
		$this->assert_refused(
			$this->update(
				array(
					'displayName' => '',
					'email'       => 'joy@example.com',
				)
			),
			'car_export_missing_fields',
			400
		);
		$this->assert_refused(
			$this->update(
				array(
					'displayName' => 'Joy',
					'email'       => '',
				)
			),
			'car_export_missing_fields',
			400
		);
	}

	public function test_a_new_address_waits_for_its_link_and_five_changes_an_hour_are_allowed(): void {
		for ( $i = 1; $i <= 5; $i++ ) {
			$answer = $this->update(
				array(
					'displayName' => 'Joy',
					'email'       => "new{$i}@example.com",
				)
			);
			$this->assertInstanceOf( \WP_REST_Response::class, $answer, "Change {$i}" );
			$this->assertSame( "new{$i}@example.com", $answer->get_data()['pendingEmail'] );
		}
		$this->assertSame( 'joy@example.com', $this->stored_user( 9 )->user_email, 'The address changes only through the link.' );
		$this->assertCount( 5, $GLOBALS['car_export_test_options'] );
		$this->assertSame( AccountMail::EMAIL_CHANGE, array_values( $GLOBALS['car_export_test_options'] )[0]['kind'] );
		$this->assert_refused(
			$this->update(
				array(
					'displayName' => 'Joy',
					'email'       => 'new6@example.com',
				)
			),
			'car_export_too_many_email_changes',
			429
		);

		$back = $this->update(
			array(
				'displayName' => 'Joy',
				'email'       => 'joy@example.com',
			)
		);
		$this->assertInstanceOf( \WP_REST_Response::class, $back );
		$this->assertNull( $back->get_data()['pendingEmail'], 'Going back to the current address drops the pending one.' );
	}

	public function test_the_link_changes_the_address_once_and_wrong_links_are_limited(): void {
		PendingEmail::request( 9, 'new@example.com' );
		$issued = PendingEmail::issue( 9 );
		$this->assertIsArray( $issued );

		$confirm = fn ( int $user, string $key ) => $this->controller()->confirm_email(
			new \WP_REST_Request(
				array(
					'user' => $user,
					'key'  => $key,
				)
			)
		);
		$this->assert_refused( $confirm( 9, 'wrong key' ), 'car_export_email_link_invalid', 400 );
		$this->assert_refused( $confirm( 8, $issued['key'] ), 'car_export_email_link_invalid', 400 );
		$this->assert_refused(
			$this->controller()->confirm_email(
				new \WP_REST_Request(
					array(
						'user' => '9',
						'key'  => $issued['key'],
					)
				)
			),
			'car_export_email_link_invalid',
			400
		);
		$answer = $confirm( 9, $issued['key'] );
		$this->assertInstanceOf( \WP_REST_Response::class, $answer );
		$this->assertSame( 200, $answer->get_status() );
		$this->assertSame( array( 'confirmed' => true ), $answer->get_data() );
		$this->assertSame( 'new@example.com', $this->stored_user( 9 )->user_email );
		$this->assert_refused( $confirm( 9, $issued['key'] ), 'car_export_email_link_invalid', 400 );

		for ( $i = 5; $i <= 10; $i++ ) {
			$this->assertTrue( $this->controller()->link_permissions_check( new \WP_REST_Request() ) );
			$confirm( 9, 'guess' );
		}
		$this->assert_refused( $this->controller()->link_permissions_check( new \WP_REST_Request() ), 'car_export_too_many_link_attempts', 429 );
	}

	public function test_an_address_another_account_took_meanwhile_is_refused_and_a_stale_link_expires(): void {
		PendingEmail::request( 9, 'taken@example.com' );
		$issued = PendingEmail::issue( 9 );
		$this->assertIsArray( $issued );
		$this->add_user( 10, 'taken' );
		$this->assert_refused( PendingEmail::confirm( 9, $issued['key'] ), 'car_export_email_taken', 409 );
		$this->assertNull( PendingEmail::address( 9 ) );
		$this->assertNull( PendingEmail::issue( 9 ) );

		PendingEmail::request( 9, 'later@example.com' );
		$issued = PendingEmail::issue( 9 );
		$this->assertIsArray( $issued );
		$meta         = get_user_meta( 9, PendingEmail::META, true );
		$meta['time'] = time() - PendingEmail::LIFETIME - 1;
		update_user_meta( 9, PendingEmail::META, $meta );
		$this->assertNull( PendingEmail::address( 9 ) );
		$this->assert_refused( PendingEmail::confirm( 9, $issued['key'] ), 'car_export_email_link_invalid', 400 );
		$this->assertSame( 'joy@example.com', $this->stored_user( 9 )->user_email );
	}

	/**
	 * @param array<string, mixed> $fields
	 */
	private function change_password( array $fields ): \WP_REST_Response|\WP_Error {
		return $this->controller()->change_password( new \WP_REST_Request( $fields ) );
	}

	public function test_a_password_change_needs_the_current_one_and_signs_out_other_devices(): void {
		$other = $this->tokens->issue( 9 );
		$this->assertIsString( $other );

		$this->assert_refused(
			$this->change_password(
				array(
					'currentPassword' => '',
					'password'        => 'new password 1',
				)
			),
			'car_export_missing_fields',
			400
		);
		$this->assert_refused(
			$this->change_password(
				array(
					'currentPassword' => 'current password',
					'password'        => '',
				)
			),
			'car_export_missing_fields',
			400
		);
		$this->assert_refused(
			$this->change_password(
				array(
					'currentPassword' => 'wrong',
					'password'        => 'new password 1',
				)
			),
			'car_export_wrong_password',
			400
		);
		$this->assertSame( 9, $this->tokens->verify( $other ) );

		$answer = $this->change_password(
			array(
				'currentPassword' => 'current password',
				'password'        => 'new password 1',
			)
		);
		$this->assertInstanceOf( \WP_REST_Response::class, $answer );
		$this->assertTrue( password_verify( 'new password 1', $this->stored_user( 9 )->user_pass ) );
		$this->assertInstanceOf( \WP_Error::class, $this->tokens->verify( $other ) );
		$this->assertSame( 9, $this->tokens->verify( $answer->get_data()['token'] ) );
	}

	public function test_ten_wrong_passwords_lock_the_account_and_a_right_one_before_that_clears_them(): void {
		for ( $i = 1; $i <= 9; $i++ ) {
			$this->change_password(
				array(
					'currentPassword' => 'wrong',
					'password'        => 'new password 1',
				)
			);
		}
		$this->assertInstanceOf(
			\WP_REST_Response::class,
			$this->change_password(
				array(
					'currentPassword' => 'current password',
					'password'        => 'new password 2',
				)
			)
		);
		for ( $i = 1; $i <= 10; $i++ ) {
			$this->change_password(
				array(
					'currentPassword' => 'wrong',
					'password'        => 'new password 3',
				)
			);
		}
		$this->assert_refused(
			$this->change_password(
				array(
					'currentPassword' => 'new password 2',
					'password'        => 'new password 3',
				)
			),
			'car_export_too_many_password_attempts',
			429
		);
		$this->assert_refused( $this->controller()->delete_account( new \WP_REST_Request( array( 'password' => 'new password 2' ) ) ), 'car_export_too_many_password_attempts', 429 );
		$this->assert_refused( $this->controller()->delete_account( new \WP_REST_Request( array( 'password' => '' ) ) ), 'car_export_missing_password', 400 );
		$this->assertTrue( password_verify( 'new password 2', $this->stored_user( 9 )->user_pass ) );
	}

	#[RunInSeparateProcess]
	public function test_a_buyer_deletes_the_account_with_the_password_and_a_failure_says_so(): void {
		// The route loads WordPress's user admin functions from ABSPATH: an empty stand-in here.
		$root = sys_get_temp_dir() . '/car-export-abspath-' . getmypid() . '/';
		mkdir( $root . 'wp-admin/includes', 0777, true );
		file_put_contents( $root . 'wp-admin/includes/user.php', '<?php' );
		define( 'ABSPATH', $root );
		register_shutdown_function(
			static function () use ( $root ): void {
				unlink( $root . 'wp-admin/includes/user.php' );
				rmdir( $root . 'wp-admin/includes' );
				rmdir( $root . 'wp-admin' );
				rmdir( $root );
			}
		);
		$delete = fn ( string $password ) => $this->controller()->delete_account( new \WP_REST_Request( array( 'password' => $password ) ) );

		$this->assert_refused( $delete( 'wrong' ), 'car_export_wrong_password', 400 );
		$GLOBALS['car_export_test_wp']['refuse_delete'] = true;
		$this->assert_refused( $delete( 'current password' ), 'car_export_account_not_deleted', 500 );
		$this->assertArrayHasKey( 9, $GLOBALS['car_export_test_wp']['users'] );

		$GLOBALS['car_export_test_wp']['refuse_delete'] = false;
		$answer = $delete( 'current password' );
		$this->assertInstanceOf( \WP_REST_Response::class, $answer );
		$this->assertSame( 200, $answer->get_status() );
		$this->assertSame( array( 'deleted' => true ), $answer->get_data() );
		$this->assertArrayNotHasKey( 9, $GLOBALS['car_export_test_wp']['users'] );
	}

	public function test_a_name_wordpress_cannot_save_is_a_500_and_nothing_else_changes(): void {
		$GLOBALS['car_export_test_wp']['refuse_update'] = true;
		$this->assert_refused(
			$this->update(
				array(
					'displayName' => 'Joy Ito',
					'email'       => 'new@example.com',
				)
			),
			'car_export_account_not_saved',
			500
		);
		$this->assertNull( PendingEmail::address( 9 ), 'No address change was started either.' );
		$this->assertSame( array(), $GLOBALS['car_export_test_options'] );
	}

	public function test_the_buyers_inquiries_are_listed(): void {
		$answer = $this->controller()->inquiries( new \WP_REST_Request() );
		$this->assertSame( 200, $answer->get_status() );
		$this->assertSame( array( 'inquiries' => array() ), $answer->get_data() );
	}

	public function test_the_first_account_can_change_its_address_and_a_failed_change_is_a_500(): void {
		$this->add_user( 1, 'first' );
		PendingEmail::request( 1, 'first-new@example.com' );
		$this->assertSame( 'first-new@example.com', PendingEmail::address( 1 ) );
		$issued = PendingEmail::issue( 1 );
		$this->assertIsArray( $issued );

		$GLOBALS['car_export_test_wp']['refuse_update'] = true;
		$this->assert_refused( PendingEmail::confirm( 1, $issued['key'] ), 'car_export_email_not_changed', 500 );
		$GLOBALS['car_export_test_wp']['refuse_update'] = false;
		$this->assertTrue( PendingEmail::confirm( 1, $issued['key'] ), 'The link still works after a failed attempt.' );
		$this->assertSame( 'first-new@example.com', $this->stored_user( 1 )->user_email );
	}

	public function test_a_damaged_pending_entry_is_no_pending_address(): void {
		foreach ( array(
			'text',
			array( 'email' => 'x@example.com' ),
			array(
				'email' => 'x@example.com',
				'time'  => time(),
			),
		) as $stored ) {
			update_user_meta( 9, PendingEmail::META, $stored );
			$this->assertNull( PendingEmail::address( 9 ), (string) wp_json_encode( $stored ) );
			$this->assertNull( PendingEmail::issue( 9 ) );
		}
	}
}
