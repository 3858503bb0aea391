<?php
declare(strict_types=1);

namespace CarExport\Tests\Unit;

use CarExport\Auth\TokenService;
use Firebase\JWT\JWT;
use PHPUnit\Framework\Attributes\CoversClass;
use PHPUnit\Framework\Attributes\DataProvider;
use PHPUnit\Framework\TestCase;

#[CoversClass( TokenService::class )]
final class TokenServiceTest extends TestCase {

	private const SECRET = 'unit-test-secret-0123456789-abcdefghij';
	private const ISSUER = 'https://cars.example';
	private const USER   = 42;

	private int $now = 1700000000;

	/** @var array<int, int> account id => token generation; absent = no such account */
	private array $generations = array( self::USER => 3 );

	private function service( string $secret = self::SECRET, string $issuer = self::ISSUER, int $ttl = TokenService::DEFAULT_TTL ): TokenService {
		return new TokenService(
			$secret,
			$issuer,
			fn ( int $id ): ?int => $this->generations[ $id ] ?? null,
			fn (): int => $this->now,
			$ttl
		);
	}

	private function issue(): string {
		$token = $this->service()->issue( self::USER );
		$this->assertIsString( $token );
		return $token;
	}

	private function assertInvalid( mixed $result, string $message_part = '' ): void {
		$this->assertInstanceOf( \WP_Error::class, $result );
		$this->assertSame( TokenService::ERROR_INVALID, $result->get_error_code() );
		$this->assertSame( array( 'status' => 403 ), $result->get_error_data() );
		if ( '' !== $message_part ) {
			$this->assertStringContainsString( $message_part, $result->get_error_message() );
		}
	}

	/**
	 * @return array<string, mixed>
	 */
	private static function payload( string $token ): array {
		$parts = explode( '.', $token );
		return json_decode( JWT::urlsafeB64Decode( $parts[1] ), true );
	}

	public function test_an_issued_token_verifies_to_its_account(): void {
		$this->assertSame( self::USER, $this->service()->verify( $this->issue() ) );
	}

	public function test_the_payload_has_the_common_plugin_shape_plus_the_generation(): void {
		$payload = self::payload( $this->issue() );

		$this->assertSame( self::ISSUER, $payload['iss'] );
		$this->assertSame( $this->now, $payload['iat'] );
		$this->assertSame( $this->now, $payload['nbf'] );
		$this->assertSame( $this->now + 7 * 86400, $payload['exp'] );
		$this->assertSame(
			array(
				'user' => array(
					'id'  => self::USER,
					'gen' => 3,
				),
			),
			$payload['data']
		);
	}

	public function test_the_header_names_hs256(): void {
		$header = json_decode( JWT::urlsafeB64Decode( explode( '.', $this->issue() )[0] ), true );
		$this->assertSame( 'HS256', $header['alg'] );
	}

	public function test_a_token_is_accepted_until_the_leeway_after_expiry_runs_out(): void {
		$token = $this->issue();

		$this->now += 7 * 86400 + TokenService::LEEWAY - 1;
		$this->assertSame( self::USER, $this->service()->verify( $token ) );

		$this->now += 1;
		$this->assertInvalid( $this->service()->verify( $token ), 'expired' );
	}

	public function test_the_lifetime_can_be_changed(): void {
		$token = $this->service( ttl: 3600 )->issue( self::USER );
		$this->assertIsString( $token );
		$this->assertSame( $this->now + 3600, self::payload( $token )['exp'] );
	}

	public function test_a_token_from_the_future_is_refused_beyond_the_leeway(): void {
		$this->now += 3600;
		$token      = $this->issue();
		$this->now -= 3600;

		$this->assertInvalid( $this->service()->verify( $token ), 'not valid yet' );
	}

	public function test_a_token_signed_with_another_secret_is_refused(): void {
		$other = $this->service( 'another-secret-that-is-long-enough-0123' )->issue( self::USER );
		$this->assertIsString( $other );

		$this->assertInvalid( $this->service()->verify( $other ), 'invalid' );
	}

	public function test_a_tampered_payload_is_refused(): void {
		$parts                         = explode( '.', $this->issue() );
		$payload                       = json_decode( JWT::urlsafeB64Decode( $parts[1] ), true );
		$payload['data']['user']['id'] = 1;
		$parts[1]                      = JWT::urlsafeB64Encode( (string) json_encode( $payload ) );
		$this->generations[1]          = 3;

		$this->assertInvalid( $this->service()->verify( implode( '.', $parts ) ) );
	}

	public function test_an_unsigned_token_is_refused(): void {
		$parts    = explode( '.', $this->issue() );
		$parts[0] = JWT::urlsafeB64Encode( '{"typ":"JWT","alg":"none"}' );
		$parts[2] = '';

		$this->assertInvalid( $this->service()->verify( implode( '.', $parts ) ) );
	}

	/**
	 * @return array<string, array{string}>
	 */
	public static function garbage(): array {
		return array(
			'empty'         => array( '' ),
			'spaces'        => array( '   ' ),
			'one segment'   => array( 'abc' ),
			'four segments' => array( 'a.b.c.d' ),
			'not base64'    => array( '!!!.@@@.###' ),
		);
	}

	#[DataProvider( 'garbage' )]
	public function test_garbage_is_refused_without_an_exception( string $token ): void {
		$this->assertInvalid( $this->service()->verify( $token ) );
	}

	public function test_a_token_of_another_site_is_refused(): void {
		$token = $this->service( issuer: 'https://other.example' )->issue( self::USER );
		$this->assertIsString( $token );

		$this->assertInvalid( $this->service()->verify( $token ), 'not issued by this site' );
	}

	public function test_bumping_the_generation_revokes_earlier_tokens(): void {
		$old = $this->issue();
		++$this->generations[ self::USER ];
		$new = $this->issue();

		$this->assertInvalid( $this->service()->verify( $old ), 'revoked' );
		$this->assertSame( self::USER, $this->service()->verify( $new ) );
	}

	public function test_a_token_of_a_deleted_account_is_refused(): void {
		$token = $this->issue();
		unset( $this->generations[ self::USER ] );

		$this->assertInvalid( $this->service()->verify( $token ) );
	}

	public function test_no_token_is_issued_for_an_unknown_account(): void {
		$this->assertInvalid( $this->service()->issue( 7 ) );
		$this->assertInvalid( $this->service()->issue( 0 ) );
	}

	/**
	 * @return array<string, array{string}>
	 */
	public static function bad_secrets(): array {
		return array(
			'missing'       => array( '' ),
			'31 characters' => array( str_repeat( 'x', 31 ) ),
		);
	}

	#[DataProvider( 'bad_secrets' )]
	public function test_without_a_proper_secret_nothing_is_issued_or_accepted( string $secret ): void {
		$token   = $this->issue();
		$service = $this->service( $secret );

		$this->assertFalse( $service->is_configured() );
		foreach ( array( $service->issue( self::USER ), $service->verify( $token ) ) as $result ) {
			$this->assertInstanceOf( \WP_Error::class, $result );
			$this->assertSame( TokenService::ERROR_BAD_CONFIG, $result->get_error_code() );
			$this->assertSame( 'JWT is not configured properly, please contact the admin', $result->get_error_message() );
			$this->assertSame( array( 'status' => 500 ), $result->get_error_data() );
		}
	}

	public function test_a_32_character_secret_is_enough(): void {
		$this->assertTrue( $this->service( str_repeat( 'x', 32 ) )->is_configured() );
	}

	public function test_the_library_clock_is_left_as_it_was(): void {
		JWT::$leeway    = 0;
		JWT::$timestamp = null;
		$this->service()->verify( $this->issue() );

		$this->assertSame( 0, JWT::$leeway );
		$this->assertNull( JWT::$timestamp );
	}

	/**
	 * A token signed with the site's secret around any user claim, as a forger with the secret's
	 * help could never make but a bug in issue() could.
	 */
	private function signed( mixed $user ): string {
		$payload = array(
			'iss' => self::ISSUER,
			'iat' => $this->now,
			'nbf' => $this->now,
			'exp' => $this->now + 3600,
		);
		if ( null !== $user ) {
			$payload['data'] = array( 'user' => $user );
		}
		return JWT::encode( $payload, self::SECRET, 'HS256' );
	}

	/**
	 * @return array<string, array{mixed}>
	 */
	public static function malformed_claims(): array {
		return array(
			'no user'          => array( null ),
			'user not object'  => array( 42 ),
			'id missing'       => array( array( 'gen' => 3 ) ),
			'generation gone'  => array( array( 'id' => 42 ) ),
			'id as text'       => array(
				array(
					'id'  => '42',
					'gen' => 3,
				),
			),
			'generation text'  => array(
				array(
					'id'  => 42,
					'gen' => '3',
				),
			),
			'account zero'     => array(
				array(
					'id'  => 0,
					'gen' => 3,
				),
			),
			'account negative' => array(
				array(
					'id'  => -42,
					'gen' => 3,
				),
			),
		);
	}

	#[DataProvider( 'malformed_claims' )]
	public function test_a_signed_token_with_a_malformed_user_claim_is_invalid( mixed $user ): void {
		// Every account, 0 and negative ones too, answers generation 3: only the claim's shape can refuse.
		$service = new TokenService( self::SECRET, self::ISSUER, static fn ( int $id ): int => 3, fn (): int => $this->now );
		$this->assertInvalid( $service->verify( $this->signed( $user ) ), 'The token is invalid.' );
	}

	public function test_the_first_account_gets_and_keeps_a_token(): void {
		$this->generations[1] = 0;
		$token                = $this->service()->issue( 1 );
		$this->assertIsString( $token );
		$this->assertSame( 1, $this->service()->verify( $token ) );
		$this->assertSame(
			1,
			$this->service()->verify(
				$this->signed(
					array(
						'id'  => 1,
						'gen' => 0,
					)
				)
			)
		);
	}

	public function test_a_lifetime_of_zero_or_less_falls_back_to_seven_days_and_one_second_is_kept(): void {
		foreach ( array( 0, -5 ) as $ttl ) {
			$token = $this->service( ttl: $ttl )->issue( self::USER );
			$this->assertIsString( $token );
			$this->assertSame( $this->now + 7 * 86400, self::payload( $token )['exp'], "TTL {$ttl}" );
		}
		$token = $this->service( ttl: 1 )->issue( self::USER );
		$this->assertIsString( $token );
		$this->assertSame( $this->now + 1, self::payload( $token )['exp'] );
	}
}
