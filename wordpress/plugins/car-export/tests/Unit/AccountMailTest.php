<?php
declare(strict_types=1);

namespace CarExport\Tests\Unit;

use CarExport\Account\AccountMail;
use CarExport\Account\PendingEmail;
use CarExport\Tests\Unit\Support\FakeWpdb;
use CarExport\Tests\Unit\Support\WithFakeWordPress;
use PHPUnit\Framework\Attributes\CoversClass;
use PHPUnit\Framework\TestCase;

/**
 * The account mail queue the cron runner drains: a reset link goes to a buyer's own address only
 * (nobody learns whether an address has an account), a new address gets its confirmation link, a
 * refused mail is tried again later with a fresh link, and a row is sent once by whoever claims it.
 */
#[CoversClass( AccountMail::class )]
final class AccountMailTest extends TestCase {
	use WithFakeWordPress;

	private FakeWpdb $db;

	protected function setUp(): void {
		$this->reset_wordpress();
		$this->db = new FakeWpdb();
		// phpcs:ignore WordPress.WP.GlobalVariablesOverride.Prohibited -- no WordPress runs here.
		$GLOBALS['wpdb'] = $this->db;
		putenv( 'CAR_EXPORT_FRONTEND_URL=https://cars.example/' ); // phpcs:ignore WordPress.PHP.DiscouragedPHPFunctions.runtime_configuration_putenv -- the site's address, read by SiteLinks like the deploy sets it.
		$this->add_user( 14, 'max' );
	}

	protected function tearDown(): void {
		putenv( 'CAR_EXPORT_FRONTEND_URL' ); // phpcs:ignore WordPress.PHP.DiscouragedPHPFunctions.runtime_configuration_putenv -- unset again for the next class.
		unset( $GLOBALS['wpdb'] );
		$this->forget_wordpress();
	}

	/**
	 * Drains the rows given, each claimed (deleted) unless listed in $taken.
	 *
	 * @param list<array<string, mixed>> $items
	 * @param list<int>                  $taken indexes another process deleted first
	 */
	private function drain( array $items, array $taken = array() ): int {
		$rows = array();
		foreach ( $items as $i => $item ) {
			$rows[] = (object) array(
				'option_name'  => AccountMail::PREFIX . $i,
				'option_value' => serialize( $item ), // phpcs:ignore WordPress.PHP.DiscouragedPHPFunctions.serialize_serialize -- as the options table holds it.
			);
		}
		// Every row could be claimed: only the queue's own rules may hold one back.
		$this->db->answers = array( $rows );
		foreach ( array_keys( $items ) as $i ) {
			$this->db->answers[] = in_array( $i, $taken, true ) ? 0 : 1;
		}
		$GLOBALS['car_export_test_options'] = array();
		return ( new AccountMail() )->drain();
	}

	/** @return list<array<string, mixed>> */
	private static function sent(): array {
		return $GLOBALS['car_export_test_wp']['mail'] ?? array();
	}

	/** @return list<array<string, mixed>> */
	private static function requeued(): array {
		return array_values( $GLOBALS['car_export_test_options'] );
	}

	private static function item( string $kind, string $subject, int $attempt = 1, int $after = 0 ): array {
		return compact( 'kind', 'subject', 'attempt', 'after' );
	}

	public function test_a_buyer_gets_a_reset_link_that_works(): void {
		$this->assertSame( 1, $this->drain( array( self::item( AccountMail::RESET, 'MAX@example.com' ) ) ) );

		$this->assertCount( 1, self::sent() );
		$mail = self::sent()[0];
		$this->assertSame( 'max@example.com', $mail['to'] );
		$this->assertSame( 'Reset your password', $mail['subject'] );
		$this->assertMatchesRegularExpression( '~^https://cars\.example/reset-password\?key=(\w+)&login=max$~m', $mail['message'] );
		preg_match( '~key=(\w+)~', $mail['message'], $key );
		$this->assertInstanceOf( \WP_User::class, check_password_reset_key( $key[1], 'max' ) );
		$this->assertStringContainsString( 'Hello Max,', $mail['message'] );
		$this->assertStringContainsString( 'The link works once, within 24 hours.', $mail['message'] );
		$this->assertStringContainsString( 'DELETE FROM wp_options WHERE {"option_name":"car_export_account_mail_0"}', implode( "\n", $this->db->statements ) );
		$this->assertStringContainsString( "LIKE 'car\\\\_export\\\\_account\\\\_mail\\\\_%' ORDER BY option_id ASC LIMIT 20", $this->db->statements[0] );
	}

	public function test_a_shorter_reset_lifetime_is_said_in_the_mail_in_whole_hours_rounded_up(): void {
		$GLOBALS['car_export_test_filters']['password_reset_expiration'] = static fn(): int => 3600;
		$this->drain( array( self::item( AccountMail::RESET, 'max@example.com' ) ) );
		$this->assertStringContainsString( 'The link works once, within 1 hour.', self::sent()[0]['message'] );
		$this->assertSame( 3600, AccountMail::reset_lifetime() );

		$GLOBALS['car_export_test_filters']['password_reset_expiration'] = static fn(): int => 3601;
		$this->drain( array( self::item( AccountMail::RESET, 'max@example.com' ) ) );
		$this->assertStringContainsString( 'The link works once, within 2 hours.', self::sent()[1]['message'] );
	}

	public function test_no_reset_mail_for_an_unknown_address_or_a_staff_account(): void {
		$this->add_user( 15, 'staff' )->allcaps = array( 'edit_posts' => true );
		$this->assertSame( 2, $this->drain( array( self::item( AccountMail::RESET, 'nobody@example.com' ), self::item( AccountMail::RESET, 'staff@example.com' ) ) ) );
		$this->assertSame( array(), self::sent() );
		$this->assertSame( array(), self::requeued() );
	}

	public function test_a_new_address_gets_its_confirmation_link(): void {
		PendingEmail::request( 14, 'new@example.com' );
		$this->drain( array( self::item( AccountMail::EMAIL_CHANGE, '14' ) ) );

		$mail = self::sent()[0];
		$this->assertSame( 'new@example.com', $mail['to'] );
		$this->assertSame( 'Confirm your new e-mail address', $mail['subject'] );
		$this->assertStringContainsString( 'within 24 hours', $mail['message'] );
		$this->assertSame( 1, preg_match( '~^https://cars\.example/account/confirm-email\?user=14&key=(\w+)$~m', $mail['message'], $key ) );
		$this->assertTrue( PendingEmail::confirm( 14, $key[1] ) );

		$this->drain( array( self::item( AccountMail::EMAIL_CHANGE, '14' ), self::item( 'unknown kind', 'x' ) ) );
		$this->assertCount( 1, self::sent(), 'Nothing pending any more, nothing sent.' );
	}

	public function test_a_refused_mail_is_tried_again_later_until_the_last_attempt(): void {
		$GLOBALS['car_export_test_wp']['refuse_mail'] = true;
		$before                                       = time();
		$this->drain( array( self::item( AccountMail::RESET, 'max@example.com' ) ) );
		$again = self::requeued();
		$this->assertCount( 1, $again );
		$this->assertSame( AccountMail::RESET, $again[0]['kind'] );
		$this->assertSame( 'max@example.com', $again[0]['subject'] );
		$this->assertSame( 2, $again[0]['attempt'] );
		$this->assertGreaterThanOrEqual( $before + 300, $again[0]['after'] );
		$this->assertLessThanOrEqual( time() + 300, $again[0]['after'] );

		$this->drain( array( self::item( AccountMail::RESET, 'max@example.com', 4 ) ) );
		$this->assertSame( array(), self::requeued(), 'After the fourth attempt it is given up.' );

		$GLOBALS['car_export_test_wp']['refuse_mail'] = 'throw';
		$this->drain(
			array(
				array(
					'kind'    => AccountMail::RESET,
					'subject' => 'max@example.com',
				),
			)
		);
		$this->assertSame( 2, self::requeued()[0]['attempt'] ?? null, 'A mail library error is a failed first attempt too.' );
	}

	public function test_a_row_not_due_yet_or_claimed_by_another_run_is_not_sent(): void {
		$this->assertSame( 0, $this->drain( array( self::item( AccountMail::RESET, 'max@example.com', 2, time() + 60 ) ) ) );
		$this->assertSame( 0, $this->drain( array( self::item( AccountMail::RESET, 'max@example.com' ) ), array( 0 ) ) );
		$this->assertSame( array(), self::sent() );
		$this->assertSame( 1, $this->drain( array( self::item( AccountMail::RESET, 'max@example.com', 2, time() ) ) ), 'Due exactly now.' );
	}

	public function test_queue_adds_a_row_of_its_own_each_time(): void {
		AccountMail::queue( AccountMail::RESET, 'a@example.com' );
		AccountMail::queue( AccountMail::RESET, 'a@example.com' );
		$this->assertCount( 2, self::requeued() );
		foreach ( array_keys( $GLOBALS['car_export_test_options'] ) as $name ) {
			$this->assertMatchesRegularExpression( '/^car_export_account_mail_[a-z0-9]{24}$/', (string) $name );
		}
	}
}
