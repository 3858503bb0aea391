<?php
declare(strict_types=1);

namespace CarExport\Tests\Unit;

use CarExport\Mail\LeadMail;
use CarExport\Messages\Lead;
use CarExport\Messages\MessageStore;
use CarExport\Rest\Args;
use CarExport\Rest\PlainText;
use CarExport\Rest\Validator;
use PHPUnit\Framework\Attributes\CoversClass;
use PHPUnit\Framework\TestCase;

/**
 * What a visitor types is stored and mailed exactly as typed; escaping belongs to where it is shown.
 */
#[CoversClass( PlainText::class )]
#[CoversClass( Args::class )]
#[CoversClass( MessageStore::class )]
#[CoversClass( LeadMail::class )]
final class TextAsTypedTest extends TestCase {

	private const TYPED = 'Lagos & Accra <port> <b>bold</b> "quoted"';

	public function test_a_line_is_kept_as_typed_markup_ampersands_and_quotes_included(): void {
		$this->assertSame( self::TYPED, Args::clean_text( '  ' . self::TYPED . ' ' ) );
		$this->assertSame( '<30k', Args::clean_text( '<30k' ) );
		$this->assertSame( 'Ngozi O\'Brien-Adébáyọ̀ 王', Args::clean_text( 'Ngozi O\'Brien-Adébáyọ̀ 王' ) );
		$this->assertSame( '&amp; stays &amp;', Args::clean_text( '&amp; stays &amp;' ), 'what looks like an entity was typed that way' );
	}

	public function test_a_line_loses_only_line_breaks_tabs_and_control_characters(): void {
		$this->assertSame( 'Ada Lovelace', Args::clean_text( "Ada\r\nLovelace" ) );
		$this->assertSame( 'Ada Lovelace', Args::clean_text( "Ada\tLovelace" ) );
		$this->assertSame( 'AdaLovelace', Args::clean_text( "Ada\x00\x1b\x7fLovelace" ) );
		$this->assertSame( '42', Args::clean_text( 42 ) );
		$this->assertSame( '', Args::clean_text( array( 'x' ) ) );
	}

	public function test_a_message_keeps_its_lines_and_markup(): void {
		$this->assertSame( self::TYPED . "\n\nsecond\tline\nthird", Args::clean_multiline( "\r\n" . self::TYPED . "\r\n\r\nsecond\tline\rthird \x07" ) );
		$this->assertSame( '<script>alert(1)</script>', Args::clean_multiline( '<script>alert(1)</script>' ), 'shown escaped, never run' );
	}

	public function test_text_that_is_not_utf8_is_refused(): void {
		$refused = Validator::text( "Lagos \xC3\x28", 'Message', 100 );
		$this->assertInstanceOf( \WP_Error::class, $refused );
		$this->assertSame( 'Message must be text.', $refused->get_error_message() );
		$this->assertTrue( Validator::text( self::TYPED, 'Message', 100 ) );
	}

	public function test_a_lead_is_written_with_the_title_and_message_handed_to_wordpress_not_its_filtered_copy(): void {
		$filtered = array(
			'post_type'    => 'car_inquiry',
			'post_title'   => 'Grace &quot;G&quot; Hopper',
			'post_content' => 'Lagos &amp; Accra  bold &quot;quoted&quot;',
			'post_status'  => 'private',
		);
		$typed    = array(
			'post_title'   => 'Grace \\"G\\" Hopper',
			'post_content' => 'Lagos & Accra <port> <b>bold</b> \\"quoted\\"',
		);
		$this->assertSame( array_merge( $filtered, $typed ), MessageStore::keep_typed( $filtered, array(), $typed ) );
		$car = array( 'post_type' => 'car' ) + $filtered;
		$this->assertSame( $car, MessageStore::keep_typed( $car, array(), $typed ), 'other posts keep WordPress filtering' );
	}

	public function test_reply_to_is_the_visitors_address_and_name_as_typed_on_one_line(): void {
		$lead = Lead::inquiry( 7, 'BYD Seal', "Grace \"G\" Hopper, Jr.\r\nBcc: x@y.z", 'grace@example.com', '', '' );
		$this->assertSame(
			array(
				'address' => 'grace@example.com',
				'name'    => 'Grace "G" Hopper, Jr. Bcc: x@y.z',
			),
			LeadMail::reply_to( $lead )
		);
		$this->assertSame( 'Аделаида Ким', LeadMail::reply_to( Lead::contact( 'Аделаида', 'Ким', 'ak@example.com', '', '' ) )['name'] ?? null );
		$this->assertNull( LeadMail::reply_to( Lead::contact( 'A', 'B', 'not an address', '', '' ) ) );
	}
}
