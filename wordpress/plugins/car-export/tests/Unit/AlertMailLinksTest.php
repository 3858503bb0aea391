<?php
declare(strict_types=1);

namespace CarExport\Tests\Unit;

use CarExport\Alerts\AlertMail;
use CarExport\Alerts\UnsubscribeToken;
use CarExport\Tests\Unit\Support\WithFakeWordPress;
use PHPUnit\Framework\Attributes\CoversClass;
use PHPUnit\Framework\Attributes\RunInSeparateProcess;
use PHPUnit\Framework\TestCase;

/**
 * An alert mail's unsubscribe link carries the account and its token, to the site's page when the
 * site's address is set and to WordPress's route otherwise; sending reports a refused or failing
 * mail server as not sent, so the digest tries again later.
 */
#[CoversClass( AlertMail::class )]
final class AlertMailLinksTest extends TestCase {
	use WithFakeWordPress;

	protected function setUp(): void {
		$this->reset_wordpress();
	}

	protected function tearDown(): void {
		$this->forget_wordpress();
	}

	public function test_without_the_sites_address_the_link_goes_to_wordpress(): void {
		$this->assertSame(
			'https://wp.example/wp-json/car-export/v1/alerts/unsubscribe?user=3&token=' . UnsubscribeToken::for_user( 3 ),
			AlertMail::unsubscribe_url( 3 )
		);
	}

	#[RunInSeparateProcess]
	public function test_with_the_sites_address_the_link_goes_to_its_page(): void {
		define( 'CAR_EXPORT_FRONTEND_URL', 'https://cars.example/' );
		$this->assertSame(
			'https://cars.example/alerts/unsubscribe?user=3&token=' . UnsubscribeToken::for_user( 3 ),
			AlertMail::unsubscribe_url( 3 )
		);
	}

	public function test_sending_says_whether_the_mail_left_and_leaves_no_hook_behind(): void {
		$mail = array(
			'subject' => 'A new match for your saved search',
			'html'    => '<p>Hi</p>',
			'text'    => 'Hi',
			'headers' => array( 'Content-Type: text/html; charset=UTF-8' ),
		);
		$this->assertTrue( AlertMail::send( 'kim@example.com', $mail ) );
		$this->assertSame( 'kim@example.com', $GLOBALS['car_export_test_wp']['mail'][0]['to'] );
		$this->assertSame( '<p>Hi</p>', $GLOBALS['car_export_test_wp']['mail'][0]['message'] );

		$GLOBALS['car_export_test_wp']['refuse_mail'] = true;
		$this->assertFalse( AlertMail::send( 'kim@example.com', $mail ) );
		$GLOBALS['car_export_test_wp']['refuse_mail'] = 'throw';
		$this->assertFalse( AlertMail::send( 'kim@example.com', $mail ) );
		$this->assertSame( array(), $GLOBALS['car_export_test_wp']['actions']['phpmailer_init'] ?? array() );
	}
}
