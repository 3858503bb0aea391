<?php
declare(strict_types=1);

namespace CarExport\Tests\Unit;

use CarExport\Mail\Recipients;
use CarExport\Mail\RetrySchedule;
use CarExport\Messages\Csv;
use CarExport\Messages\IdempotencyKey;
use CarExport\Messages\LeadStatus;
use CarExport\Messages\SpamGuard;
use PHPUnit\Framework\Attributes\CoversClass;
use PHPUnit\Framework\TestCase;

#[CoversClass( IdempotencyKey::class )]
#[CoversClass( SpamGuard::class )]
#[CoversClass( Csv::class )]
#[CoversClass( Recipients::class )]
#[CoversClass( RetrySchedule::class )]
#[CoversClass( LeadStatus::class )]
final class LeadRulesTest extends TestCase {

	public function test_idempotency_keys_of_the_allowed_shape_are_accepted(): void {
		$this->assertTrue( IdempotencyKey::is_valid( str_repeat( 'a', 16 ) ) );
		$this->assertTrue( IdempotencyKey::is_valid( str_repeat( 'Z', 128 ) ) );
		$this->assertTrue( IdempotencyKey::is_valid( '0f8fad5b-d9cb-469f-a165-70867728950e' ) );
		$this->assertTrue( IdempotencyKey::is_valid( 'lead:contact_2024.11.23-ab' ) );
	}

	public function test_malformed_idempotency_keys_are_refused(): void {
		$this->assertFalse( IdempotencyKey::is_valid( str_repeat( 'a', 15 ) ), 'too short' );
		$this->assertFalse( IdempotencyKey::is_valid( str_repeat( 'a', 129 ) ), 'too long' );
		$this->assertFalse( IdempotencyKey::is_valid( 'has a space in it!!' ) );
		$this->assertFalse( IdempotencyKey::is_valid( "0123456789abcdef\n" ) );
		$this->assertFalse( IdempotencyKey::is_valid( 'key/with/slashes/123' ) );
		$this->assertFalse( IdempotencyKey::is_valid( 12345678901234567 ) );
		$this->assertFalse( IdempotencyKey::is_valid( null ) );
	}

	public function test_the_header_wins_over_the_body_field(): void {
		$header = 'header-key-0123456789';
		$body   = 'body-key-0123456789ab';
		$this->assertSame( $header, IdempotencyKey::choose( $header, $body ) );
		$this->assertSame( $body, IdempotencyKey::choose( null, $body ) );
		$this->assertSame( $body, IdempotencyKey::choose( '', $body ) );
		$this->assertSame( $header, IdempotencyKey::choose( "  {$header} ", null ), 'surrounding spaces are not part of the key' );
		$this->assertNull( IdempotencyKey::choose( null, null ), 'no key: an old client' );
	}

	public function test_a_malformed_key_is_a_400_with_a_message(): void {
		$error = IdempotencyKey::choose( 'short', null );
		$this->assertInstanceOf( \WP_Error::class, $error );
		$this->assertSame( array( 'status' => 400 ), $error->get_error_data() );
		$this->assertStringContainsString( '16 to 128', $error->get_error_message() );
		$this->assertSame( 'fine-header-key-0123', IdempotencyKey::choose( 'fine-header-key-0123', 'bad' ), 'the header is used; the body field is not looked at' );
		$this->assertInstanceOf( \WP_Error::class, IdempotencyKey::choose( null, 'bad' ) );
	}

	public function test_a_fast_person_with_autofill_and_the_pages_script_is_not_suspected(): void {
		$this->assertSame( array(), SpamGuard::reasons( '', 1500, true, 'Is the car still available?' ) );
		$this->assertSame( array(), SpamGuard::reasons( null, 1000, true, '' ) );
		$this->assertSame( array(), SpamGuard::reasons( '', 45000, false, '' ), 'a person without JavaScript who took their time' );
		$this->assertSame( array(), SpamGuard::reasons( null, null, null, 'Hello' ), 'an API client sends no guard fields and is not timed' );
	}

	public function test_a_filled_honeypot_is_suspected_whatever_the_time(): void {
		$this->assertSame( array( 'hidden field filled' ), SpamGuard::reasons( 'http://spam.example', 60000, true, '' ) );
		$this->assertSame( array( 'hidden field filled' ), SpamGuard::reasons( 'x', null, null, '' ) );
		$this->assertSame( array(), SpamGuard::reasons( '   ', 60000, true, '' ), 'whitespace only is what some browsers autofill' );
	}

	public function test_the_fill_time_counts_below_one_second_with_the_script_and_three_without(): void {
		$this->assertSame( array( 'sent 0.4 s after the page loaded' ), SpamGuard::reasons( '', 420, true, '' ) );
		$this->assertSame( array( 'sent 1.2 s after the page loaded', "the page's script did not run" ), SpamGuard::reasons( '', 1200, false, '' ) );
		$this->assertSame( array( 'sent 3.0 s after the page loaded' ), SpamGuard::reasons( '', 2999, null, '' ), 'a client that does not say whether a script ran' );
		$this->assertSame( array(), SpamGuard::reasons( '', 3000, false, '' ) );
		$this->assertSame(
			array( 'hidden field filled', 'sent 0.0 s after the page loaded', "the page's script did not run" ),
			SpamGuard::reasons( 'x', 0, false, '' ),
			'every reason is given'
		);
	}

	public function test_a_message_with_three_links_or_more_is_suspected(): void {
		$two   = 'See https://example.com/car and www.example.org please';
		$three = $two . ' and http://cheap.example/x';
		$this->assertSame( 2, SpamGuard::links( $two ) );
		$this->assertSame( array(), SpamGuard::reasons( '', 9000, true, $two ) );
		$this->assertSame( array( '3 links in the message' ), SpamGuard::reasons( '', 9000, true, $three ) );
		$this->assertSame( 0, SpamGuard::links( 'mail me at sales@www.example or see example.com' ) );
	}

	public function test_csv_cells_are_quoted_and_quotes_doubled(): void {
		$this->assertSame( '"Ada ""The Countess"" Lovelace"', Csv::cell( 'Ada "The Countess" Lovelace' ) );
		$this->assertSame( "\"line one\nline two, with comma\"", Csv::cell( "line one\nline two, with comma" ) );
		$this->assertSame( '""', Csv::cell( null ) );
		$this->assertSame( '"42"', Csv::cell( 42 ) );
		$this->assertSame( "\"id\",\"name\"\r\n", Csv::row( array( 'id', 'name' ) ) );
	}

	public function test_csv_cells_that_a_spreadsheet_would_run_as_a_formula_are_defused(): void {
		$this->assertSame( '"\'=HYPERLINK(""http://evil.example"",""x"")"', Csv::cell( '=HYPERLINK("http://evil.example","x")' ) );
		$this->assertSame( '"\'+44 20 7946 0000"', Csv::cell( '+44 20 7946 0000' ) );
		$this->assertSame( '"\'-2+3"', Csv::cell( '-2+3' ) );
		$this->assertSame( '"\'@SUM(A1:A2)"', Csv::cell( '@SUM(A1:A2)' ) );
		$this->assertSame( "\"'\tcmd\"", Csv::cell( "\tcmd" ) );
		$this->assertSame( '"a=b"', Csv::cell( 'a=b' ), 'only a leading sign matters' );
	}

	public function test_recipients_are_a_comma_separated_list_of_valid_addresses(): void {
		$this->assertSame( array( 'sales@example.com' ), Recipients::parse( 'sales@example.com' ) );
		$this->assertSame( array( 'a@example.com', 'b@example.org' ), Recipients::parse( ' a@example.com , b@example.org; ' ) );
		$this->assertSame( array( 'a@example.com' ), Recipients::parse( 'a@example.com, A@example.com' ), 'a repeat is sent once' );
		$this->assertSame( array(), Recipients::parse( '' ) );
		$this->assertNull( Recipients::parse( 'a@example.com, not-an-address' ), 'one bad address refuses the list' );
	}

	public function test_lead_mail_falls_back_to_the_admin_address(): void {
		$this->assertSame( array( 'a@example.com', 'b@example.com' ), Recipients::for_leads( 'a@example.com,b@example.com', 'admin@example.com' ) );
		$this->assertSame( array( 'admin@example.com' ), Recipients::for_leads( '', 'admin@example.com' ) );
		$this->assertSame( array( 'admin@example.com' ), Recipients::for_leads( 'broken', 'admin@example.com' ) );
		$this->assertSame( array(), Recipients::for_leads( '', '' ) );
	}

	public function test_failed_mail_is_retried_after_5_minutes_30_minutes_2_hours_then_given_up(): void {
		$this->assertSame( 300, RetrySchedule::delay_after( 1 ) );
		$this->assertSame( 1800, RetrySchedule::delay_after( 2 ) );
		$this->assertSame( 7200, RetrySchedule::delay_after( 3 ) );
		$this->assertNull( RetrySchedule::delay_after( 4 ) );
		$this->assertSame( 4, RetrySchedule::max_attempts() );
	}

	public function test_a_lead_without_a_known_status_is_new(): void {
		$this->assertSame( 'new', LeadStatus::of( '' ) );
		$this->assertSame( 'new', LeadStatus::of( 'archived' ) );
		$this->assertSame( 'won', LeadStatus::of( 'won' ) );
		$this->assertSame( array( 'new', 'contacted', 'won', 'lost' ), array_keys( LeadStatus::labels() ) );
	}
}
