<?php
declare(strict_types=1);

namespace CarExport\Tests\Unit\Support;

/**
 * A test case on the fake WordPress of tests/wordpress-fakes.php: every test starts on an empty
 * site (no accounts, meta, hooks, transients or options) and leaves nothing for the next class.
 */
trait WithFakeWordPress {

	private function reset_wordpress(): void {
		$GLOBALS['car_export_test_wp']         = car_export_test_wp_blank();
		$GLOBALS['car_export_test_transients'] = array();
		$GLOBALS['car_export_test_options']    = array();
		$GLOBALS['car_export_test_filters']    = array();
		$_SERVER['REMOTE_ADDR']                = '127.0.0.1';
		unset( $_SERVER['HTTP_X_FORWARDED_FOR'] );
	}

	private function forget_wordpress(): void {
		unset(
			$GLOBALS['car_export_test_wp'],
			$GLOBALS['car_export_test_transients'],
			$GLOBALS['car_export_test_options'],
			$GLOBALS['car_export_test_filters'],
			$_SERVER['HTTP_X_FORWARDED_FOR']
		);
	}

	/** An account with a login, an e-mail address and a password hash. */
	private function add_user( int $id, string $login, string $password = 'old password 1' ): \WP_User {
		$user                = new \WP_User( $id );
		$user->user_login    = $login;
		$user->user_email    = $login . '@example.com';
		$user->user_nicename = $login;
		$user->display_name  = ucfirst( $login );
		$user->user_pass     = password_hash( $password, PASSWORD_BCRYPT, array( 'cost' => 4 ) );
		$GLOBALS['car_export_test_wp']['users'][ $id ] = $user;
		return $user;
	}

	/** The account as stored now. */
	private function stored_user( int $id ): \WP_User {
		return $GLOBALS['car_export_test_wp']['users'][ $id ];
	}
}
