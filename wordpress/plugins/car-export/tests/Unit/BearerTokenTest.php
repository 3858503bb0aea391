<?php
declare(strict_types=1);

namespace CarExport\Tests\Unit;

use CarExport\Auth\BearerToken;
use PHPUnit\Framework\Attributes\CoversClass;
use PHPUnit\Framework\Attributes\DataProvider;
use PHPUnit\Framework\TestCase;

#[CoversClass( BearerToken::class )]
final class BearerTokenTest extends TestCase {

	/**
	 * @return array<string, array{string, ?string}>
	 */
	public static function headers(): array {
		return array(
			'bearer'             => array( 'Bearer abc.def.ghi', 'abc.def.ghi' ),
			'lower-case scheme'  => array( 'bearer abc.def.ghi', 'abc.def.ghi' ),
			'extra spaces'       => array( '  Bearer    abc.def.ghi  ', 'abc.def.ghi' ),
			'scheme only'        => array( 'Bearer', '' ),
			'scheme and space'   => array( 'Bearer   ', '' ),
			'basic auth'         => array( 'Basic dXNlcjpwYXNz', null ),
			'scheme as a prefix' => array( 'Bearerabc', null ),
			'empty'              => array( '', null ),
		);
	}

	#[DataProvider( 'headers' )]
	public function test_parse( string $header, ?string $expected ): void {
		$this->assertSame( $expected, BearerToken::parse( $header ) );
	}

	public function test_the_standard_server_variable_is_read_first(): void {
		$server = array(
			'HTTP_AUTHORIZATION'          => 'Bearer first',
			'REDIRECT_HTTP_AUTHORIZATION' => 'Bearer second',
		);
		$this->assertSame( 'first', BearerToken::from_request( $server, array( 'Authorization' => 'Bearer third' ) ) );
	}

	public function test_the_rewritten_copy_is_used_when_the_server_stripped_the_header(): void {
		$this->assertSame( 'second', BearerToken::from_request( array( 'REDIRECT_HTTP_AUTHORIZATION' => 'Bearer second' ), null ) );
	}

	public function test_the_raw_header_list_is_used_last_whatever_its_case(): void {
		$this->assertSame( 'third', BearerToken::from_request( array(), array( 'AUTHORIZATION' => 'Bearer third' ) ) );
		$this->assertSame( 'third', BearerToken::from_request( array(), array( 'authorization' => 'Bearer third' ) ) );
	}

	public function test_another_scheme_in_the_server_variable_does_not_hide_a_bearer_header(): void {
		$server = array( 'HTTP_AUTHORIZATION' => 'Basic dXNlcjpwYXNz' );
		$this->assertSame( 'third', BearerToken::from_request( $server, array( 'Authorization' => 'Bearer third' ) ) );
	}

	public function test_no_bearer_header_gives_null(): void {
		$this->assertNull( BearerToken::from_request( array(), null ) );
		$this->assertNull( BearerToken::from_request( array( 'HTTP_AUTHORIZATION' => 'Basic x' ), array( 'Accept' => '*/*' ) ) );
	}

	public function test_a_bearer_value_in_another_header_is_not_a_token(): void {
		$this->assertNull( BearerToken::from_request( array(), array( 'X-Forwarded-Authorization' => 'Bearer abc.def.ghi' ) ) );
		$this->assertNull( BearerToken::from_request( array(), array( 'Cookie' => 'Bearer abc.def.ghi' ) ) );
		$this->assertSame( 'abc.def.ghi', BearerToken::from_request( array(), array( 'authorization' => 'Bearer abc.def.ghi' ) ) );
	}
}
