<?php
declare(strict_types=1);

namespace CarExport\Tests\Unit;

use CarExport\Rest\ClientInfo;
use CarExport\Rest\VisitorSignature;
use PHPUnit\Framework\Attributes\CoversClass;
use PHPUnit\Framework\TestCase;

/**
 * The site's signed word on the visitor's address, from a peer WordPress does not trust (a container
 * address): believed only with the right secret and within a minute, else the peer address counts.
 */
#[CoversClass( VisitorSignature::class )]
#[CoversClass( ClientInfo::class )]
final class VisitorSignatureTest extends TestCase {

	private const SECRET = 'shared-secret-0123456789abcdef';
	private const NOW    = 1765140000;
	private const PEER   = '172.18.0.5';

	/**
	 * @return array{ip: string, vouched: bool}
	 */
	private static function client( ?string $header, string $secret = self::SECRET, int $now = self::NOW ): array {
		$server = array( 'REMOTE_ADDR' => self::PEER );
		if ( null !== $header ) {
			$server[ VisitorSignature::SERVER_KEY ] = $header;
		}
		return ClientInfo::client( $server, array( '127.0.0.1', '::1' ), $secret, $now );
	}

	public function test_a_good_signature_names_the_visitor_whatever_the_peer(): void {
		$this->assertSame(
			array(
				'ip'      => '203.0.113.7',
				'vouched' => true,
			),
			self::client( VisitorSignature::sign( '203.0.113.7', self::NOW, self::SECRET ) )
		);
		$this->assertSame( '2001:db8::42', self::client( VisitorSignature::sign( '2001:db8::42', self::NOW - 5, self::SECRET ) )['ip'] );
	}

	public function test_the_header_is_written_as_the_site_writes_it(): void {
		// The site's vitest test of its WordPress client expects this very value.
		$this->assertSame( '203.0.113.7,1765140000,d51f128b8a640a0ab07ffd069709b63d6e47d8b94245a731ad1199d87e7573ca', VisitorSignature::sign( '203.0.113.7', self::NOW, self::SECRET ) );
	}

	public function test_another_secret_counts_the_peer(): void {
		$header = VisitorSignature::sign( '203.0.113.7', self::NOW, 'another-secret-0123456789abcdef' );
		$this->assertSame(
			array(
				'ip'      => self::PEER,
				'vouched' => false,
			),
			self::client( $header )
		);
		// Without a secret of its own WordPress believes no signature at all.
		$this->assertSame( self::PEER, self::client( VisitorSignature::sign( '203.0.113.7', self::NOW, '' ), '' )['ip'] );
	}

	public function test_a_signature_is_good_for_a_minute_either_side(): void {
		$this->assertSame( '203.0.113.7', self::client( VisitorSignature::sign( '203.0.113.7', self::NOW - VisitorSignature::MAX_AGE, self::SECRET ) )['ip'] );
		$this->assertSame( '203.0.113.7', self::client( VisitorSignature::sign( '203.0.113.7', self::NOW + VisitorSignature::MAX_AGE, self::SECRET ) )['ip'] );
		$this->assertSame( self::PEER, self::client( VisitorSignature::sign( '203.0.113.7', self::NOW - VisitorSignature::MAX_AGE - 1, self::SECRET ) )['ip'] );
		$this->assertSame( self::PEER, self::client( VisitorSignature::sign( '203.0.113.7', self::NOW + VisitorSignature::MAX_AGE + 1, self::SECRET ) )['ip'] );
	}

	public function test_an_altered_or_malformed_header_counts_the_peer(): void {
		$good                 = VisitorSignature::sign( '203.0.113.7', self::NOW, self::SECRET );
		list( , $time, $mac ) = explode( ',', $good );
		$malformed            = array(
			'another address'     => '203.0.113.8,' . $time . ',' . $mac,
			'another time'        => '203.0.113.7,' . ( self::NOW - 1 ) . ',' . $mac,
			'a cut signature'     => substr( $good, 0, -1 ),
			'no signature'        => '203.0.113.7,' . $time,
			'a fourth part'       => $good . ',x',
			'not an address'      => VisitorSignature::sign( 'localhost', self::NOW, self::SECRET ),
			'a spaced address'    => '203.0.113.7 ,' . $time . ',' . $mac,
			'a time with letters' => '203.0.113.7,1e9,' . $mac,
			'too long'            => $good . str_repeat( 'A', 200 ),
			'empty'               => '',
		);
		foreach ( $malformed as $what => $header ) {
			$this->assertSame( self::PEER, self::client( $header )['ip'], $what );
		}
		$this->assertSame(
			self::PEER,
			ClientInfo::client(
				array(
					'REMOTE_ADDR'                => self::PEER,
					VisitorSignature::SERVER_KEY => array( $good ),
				),
				array(),
				self::SECRET,
				self::NOW
			)['ip']
		);
	}

	public function test_no_header_counts_the_peer_and_a_forged_forwarded_for_is_ignored(): void {
		$this->assertSame(
			array(
				'ip'      => self::PEER,
				'vouched' => false,
			),
			self::client( null )
		);
		$server = array(
			'REMOTE_ADDR'          => self::PEER,
			'HTTP_X_FORWARDED_FOR' => '198.51.100.1',
		);
		$this->assertSame( self::PEER, ClientInfo::client( $server, array( '127.0.0.1' ), self::SECRET, self::NOW )['ip'] );
	}

	public function test_a_trusted_proxy_still_names_the_visitor_without_a_signature(): void {
		$server = array(
			'REMOTE_ADDR'          => self::PEER,
			'HTTP_X_FORWARDED_FOR' => '198.51.100.1',
		);
		$this->assertSame(
			array(
				'ip'      => '198.51.100.1',
				'vouched' => true,
			),
			ClientInfo::client( $server, array( self::PEER ), self::SECRET, self::NOW )
		);
		// A bad signature does not stop the trusted proxy's word from counting.
		$server[ VisitorSignature::SERVER_KEY ] = VisitorSignature::sign( '203.0.113.7', self::NOW, 'wrong-secret-0123456789' );
		$this->assertSame( '198.51.100.1', ClientInfo::client( $server, array( self::PEER ), self::SECRET, self::NOW )['ip'] );
	}
}
