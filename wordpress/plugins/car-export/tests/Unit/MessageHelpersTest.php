<?php
declare(strict_types=1);

namespace CarExport\Tests\Unit;

use CarExport\Messages\AdIds;
use CarExport\Messages\MessageStore;
use CarExport\Rest\ClientInfo;
use CarExport\Rest\FavoriteIds;
use PHPUnit\Framework\Attributes\CoversClass;
use PHPUnit\Framework\TestCase;

#[CoversClass( AdIds::class )]
#[CoversClass( MessageStore::class )]
#[CoversClass( ClientInfo::class )]
#[CoversClass( FavoriteIds::class )]
final class MessageHelpersTest extends TestCase {

	public function test_genuine_ad_ids_are_kept_by_key(): void {
		$sent = array(
			'X-Ad-Fbp'   => 'fb.1.1596403881668.1116446470',
			'X-Ad-Fbc'   => 'fb.1.1554763741205.IwAR2F4-dbP0l7Mn1IawQQGCINEz7PYXQvwjNwB_qa2ofrHyiLjcbCRxTDMgk',
			'X-Ad-Gclid' => 'Cj0KCQjw-_mvBhDwARIsAA-Q0Q5',
		);
		$ids  = AdIds::from_headers( static fn ( string $name ): ?string => $sent[ $name ] ?? null );

		$this->assertSame(
			array(
				'fbp'   => $sent['X-Ad-Fbp'],
				'fbc'   => $sent['X-Ad-Fbc'],
				'gclid' => $sent['X-Ad-Gclid'],
			),
			$ids
		);
	}

	public function test_suspicious_ad_ids_are_dropped_whole(): void {
		$this->assertSame( '', AdIds::clean( '<script>alert(1)</script>' ) );
		$this->assertSame( '', AdIds::clean( "fb.1.2\r\nX-Evil: 1" ) );
		$this->assertSame( '', AdIds::clean( str_repeat( 'a', 256 ) ) );
		$this->assertSame( '', AdIds::clean( array( 'fb.1' ) ) );
		$this->assertSame( '', AdIds::clean( '   ' ) );
		$this->assertSame( str_repeat( 'a', 255 ), AdIds::clean( str_repeat( 'a', 255 ) ) );
		$this->assertSame( 'fb.1.2', AdIds::clean( ' fb.1.2 ' ) );
	}

	public function test_forwarded_address_is_believed_only_from_a_trusted_peer(): void {
		$trusted = array( '127.0.0.1' );

		$this->assertSame(
			'203.0.113.9',
			ClientInfo::ip(
				array(
					'REMOTE_ADDR'          => '203.0.113.9',
					'HTTP_X_FORWARDED_FOR' => '198.51.100.1',
				),
				$trusted
			)
		);
		$this->assertSame(
			'198.51.100.1',
			ClientInfo::ip(
				array(
					'REMOTE_ADDR'          => '127.0.0.1',
					'HTTP_X_FORWARDED_FOR' => '198.51.100.1',
				),
				$trusted
			)
		);
		$this->assertSame( '127.0.0.1', ClientInfo::ip( array( 'REMOTE_ADDR' => '127.0.0.1' ), $trusted ) );
	}

	public function test_a_trusted_network_vouches_for_every_address_in_it_and_no_other(): void {
		$forwarded = static fn( string $peer ) => array(
			'REMOTE_ADDR'          => $peer,
			'HTTP_X_FORWARDED_FOR' => '198.51.100.1',
		);
		$trusted   = array( '172.30.240.0/20', 'fd00:ca::/32' );
		$this->assertSame( '198.51.100.1', ClientInfo::ip( $forwarded( '172.30.240.7' ), $trusted ) );
		$this->assertSame( '198.51.100.1', ClientInfo::ip( $forwarded( '172.30.255.254' ), $trusted ) );
		$this->assertSame( '172.30.0.7', ClientInfo::ip( $forwarded( '172.30.0.7' ), $trusted ) );
		$this->assertSame( '172.31.240.7', ClientInfo::ip( $forwarded( '172.31.240.7' ), $trusted ) );
		$this->assertSame( '198.51.100.1', ClientInfo::ip( $forwarded( 'fd00:ca:1::9' ), $trusted ) );
		$this->assertSame( 'fd00:cb::9', ClientInfo::ip( $forwarded( 'fd00:cb::9' ), $trusted ) );
		// An IPv4 peer never matches an IPv6 network, nor the other way round.
		$this->assertSame( '10.0.0.1', ClientInfo::ip( $forwarded( '10.0.0.1' ), array( '::/0' ) ) );
	}

	public function test_trusted_entries_are_addresses_or_networks_as_written(): void {
		$this->assertSame( '172.30.240.0/20', ClientInfo::valid_proxy( ' 172.30.240.0/20 ' ) );
		$this->assertSame( '203.0.113.5', ClientInfo::valid_proxy( '203.0.113.5' ) );
		$this->assertSame( 'fd00::/8', ClientInfo::valid_proxy( 'fd00::/8' ) );
		$this->assertSame( '', ClientInfo::valid_proxy( '172.30.240.0/33' ) );
		$this->assertSame( '', ClientInfo::valid_proxy( 'proxy/24' ) );
		$this->assertSame( '', ClientInfo::valid_proxy( '10.0.0.0/x' ) );
		$this->assertSame( '', ClientInfo::valid_proxy( array( '10.0.0.1' ) ) );
	}

	public function test_the_right_most_untrusted_hop_wins(): void {
		$server = array(
			'REMOTE_ADDR'          => '127.0.0.1',
			'HTTP_X_FORWARDED_FOR' => '10.9.9.9, 198.51.100.1, 127.0.0.1',
		);
		$this->assertSame( '198.51.100.1', ClientInfo::ip( $server, array( '127.0.0.1' ) ) );
	}

	public function test_a_garbled_forwarded_header_falls_back_to_the_peer(): void {
		$server = array(
			'REMOTE_ADDR'          => '127.0.0.1',
			'HTTP_X_FORWARDED_FOR' => 'not-an-ip',
		);
		$this->assertSame( '127.0.0.1', ClientInfo::ip( $server, array( '127.0.0.1' ) ) );
		$this->assertSame( '', ClientInfo::ip( array( 'REMOTE_ADDR' => 'garbage' ), array() ) );
		$this->assertSame( '', ClientInfo::ip( array(), array() ) );
	}

	public function test_a_header_line_never_spans_lines(): void {
		$this->assertSame( 'Inquiry about X', MessageStore::single_line( "Inquiry\r\nabout\tX" ) );
	}

	public function test_mail_body_lists_filled_fields_then_the_message(): void {
		$body = MessageStore::body(
			array(
				'Name'  => 'Ada',
				'Phone' => '',
			),
			"Hello\nthere"
		);
		$this->assertSame( "Name: Ada\n\nMessage:\nHello\nthere", $body );
	}

	public function test_favorite_ids_are_positive_unique_and_bounded(): void {
		$this->assertSame( array( 3, 1, 7 ), FavoriteIds::normalize( array( 3, '1', 3, 0, -2, 'x', '7', 1.5, null, array( 9 ) ) ) );

		$full = range( 1, FavoriteIds::MAX );
		$this->assertCount( FavoriteIds::MAX, FavoriteIds::normalize( array_merge( $full, array( 9999 ) ) ) );
		$this->assertTrue( FavoriteIds::is_full( $full, 9999 ) );
		$this->assertFalse( FavoriteIds::is_full( $full, 1 ), 'Adding a car already in the list is no growth.' );
	}

	public function test_adding_and_removing_favorites(): void {
		$this->assertSame( array( 1, 2 ), FavoriteIds::add( array( 1, 2 ), 2 ) );
		$this->assertSame( array( 1, 2, 5 ), FavoriteIds::add( array( 1, 2 ), 5 ) );
		$this->assertSame( array( 1, 5 ), FavoriteIds::remove( array( 1, 2, 5 ), 2 ) );
		$this->assertSame( array( 1 ), FavoriteIds::remove( array( 1 ), 8 ) );
	}
}
