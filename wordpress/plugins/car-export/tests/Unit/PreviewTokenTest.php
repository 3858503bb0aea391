<?php
declare(strict_types=1);

namespace CarExport\Tests\Unit;

use CarExport\Preview\PreviewToken;
use PHPUnit\Framework\Attributes\CoversClass;
use PHPUnit\Framework\TestCase;

#[CoversClass( PreviewToken::class )]
final class PreviewTokenTest extends TestCase {

	private const SECRET = 'shared-secret-of-site-and-wordpress';
	private const NOW    = 1800000000;

	public function test_a_fresh_token_names_the_post_and_expires_after_fifteen_minutes(): void {
		$token = PreviewToken::create( 'car', 42, self::SECRET, self::NOW );

		$this->assertSame(
			array(
				'kind'    => 'car',
				'id'      => 42,
				'expires' => self::NOW + 900,
			),
			PreviewToken::verify( $token, self::SECRET, self::NOW + 899 )
		);
		$this->assertNull( PreviewToken::verify( $token, self::SECRET, self::NOW + 901 ), 'Expired.' );
	}

	public function test_altered_tokens_and_other_secrets_are_refused(): void {
		$token = PreviewToken::create( 'post', 7, self::SECRET, self::NOW );

		$this->assertNull( PreviewToken::verify( $token, 'another-secret', self::NOW ) );
		$this->assertNull( PreviewToken::verify( str_replace( 'post.7.', 'post.8.', $token ), self::SECRET, self::NOW ), 'Another post.' );
		$this->assertNull( PreviewToken::verify( str_replace( 'post.7.', 'car.7.', $token ), self::SECRET, self::NOW ), 'Another kind.' );
		$this->assertNull( PreviewToken::verify( str_replace( '.' . ( self::NOW + 900 ) . '.', '.' . ( self::NOW + 90000 ) . '.', $token ), self::SECRET, self::NOW ), 'A later expiry.' );
		$this->assertNull( PreviewToken::verify( $token, '', self::NOW ), 'No secret configured.' );
		$this->assertNull( PreviewToken::verify( 'garbage', self::SECRET, self::NOW ) );
	}
}
