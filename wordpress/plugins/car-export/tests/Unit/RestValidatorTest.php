<?php
declare(strict_types=1);

namespace CarExport\Tests\Unit;

use CarExport\Account\LetterUsernames;
use CarExport\Rest\Validator;
use PHPUnit\Framework\Attributes\CoversClass;
use PHPUnit\Framework\Attributes\DataProvider;
use PHPUnit\Framework\TestCase;

#[CoversClass( Validator::class )]
#[CoversClass( LetterUsernames::class )]
final class RestValidatorTest extends TestCase {

	protected function tearDown(): void {
		unset( $GLOBALS['car_export_test_filters']['sanitize_user'] );
	}

	private function assertRejected( mixed $result, string $message ): void {
		$this->assertInstanceOf( \WP_Error::class, $result );
		$this->assertSame( 'rest_invalid_param', $result->get_error_code() );
		$this->assertSame( $message, $result->get_error_message() );
		$this->assertSame( array( 'status' => 400 ), $result->get_error_data() );
	}

	public function test_text_accepts_text_and_numbers_up_to_the_bound(): void {
		$this->assertTrue( Validator::text( 'Ada', 'First name', 3 ) );
		$this->assertTrue( Validator::text( '  Ada  ', 'First name', 3 ), 'Surrounding spaces are not counted.' );
		$this->assertTrue( Validator::text( 'Zoë', 'First name', 3 ), 'Characters are counted, not bytes.' );
		$this->assertTrue( Validator::text( 12345, 'Phone', 5 ) );
		$this->assertTrue( Validator::text( '', 'First name', 3 ), 'Presence is the controller\'s business.' );
	}

	public function test_text_refuses_overlong_values_and_non_text(): void {
		$this->assertRejected( Validator::text( 'Adam', 'First name', 3 ), 'First name must be at most 3 characters long.' );
		$this->assertRejected( Validator::text( array( 'Ada' ), 'First name', 3 ), 'First name must be text.' );
		$this->assertRejected( Validator::text( true, 'First name', 3 ), 'First name must be text.' );
		$this->assertRejected( Validator::text( null, 'First name', 3 ), 'First name must be text.' );
	}

	public function test_email(): void {
		$this->assertTrue( Validator::email( 'buyer@example.com', 'E-mail' ) );
		$this->assertTrue( Validator::email( ' buyer@example.com ', 'E-mail' ) );
		$this->assertTrue( Validator::email( '', 'E-mail' ) );
		$this->assertRejected( Validator::email( 'buyer@', 'E-mail' ), 'Please enter a valid e-mail address.' );
		$this->assertRejected( Validator::email( 'not an address', 'E-mail' ), 'Please enter a valid e-mail address.' );
		$this->assertRejected( Validator::email( str_repeat( 'a', 250 ) . '@example.com', 'E-mail' ), 'E-mail must be at most 254 characters long.' );
		$this->assertRejected( Validator::email( array(), 'E-mail' ), 'E-mail must be text.' );
	}

	/**
	 * The values of the table the site's forms are tested against too, with a JSON client's number.
	 *
	 * @return array<string, array{mixed, bool}>
	 */
	public static function phones(): array {
		$cases                     = self::shared_cases( 'phone' );
		$cases['as a JSON number'] = array( 8613800138000, true );
		$cases['empty']            = array( '', true );
		return $cases;
	}

	/**
	 * The rows of one field of tests/fixtures/field-rules-cases.json, the table both tiers answer.
	 *
	 * @return array<string, array{mixed, bool}>
	 */
	private static function shared_cases( string $field ): array {
		$table = json_decode( (string) file_get_contents( dirname( __DIR__, 5 ) . '/tests/fixtures/field-rules-cases.json' ), true );
		$cases = array();
		foreach ( $table[ $field ] as list( $value, $valid ) ) {
			$cases[ '"' . $value . '"' ] = array( $value, $valid );
		}
		return $cases;
	}

	/**
	 * @return array<string, array{mixed, bool}>
	 */
	public static function passwords(): array {
		return self::shared_cases( 'password' );
	}

	#[DataProvider( 'passwords' )]
	public function test_password_by_the_shared_table( string $value, bool $valid ): void {
		$result = Validator::password( $value );
		if ( $valid ) {
			$this->assertTrue( $result );
		} else {
			$this->assertInstanceOf( \WP_Error::class, $result );
		}
	}

	#[DataProvider( 'phones' )]
	public function test_phone( mixed $value, bool $valid ): void {
		$result = Validator::phone( $value, 'Phone number', 40 );
		if ( $valid ) {
			$this->assertTrue( $result );
		} else {
			$this->assertInstanceOf( \WP_Error::class, $result );
		}
	}

	public function test_phone_message(): void {
		$this->assertRejected( Validator::phone( 'call me', 'Phone number', 40 ), 'Please enter a valid phone number.' );
	}

	/**
	 * @return array<string, array{mixed, bool}>
	 */
	public static function ids(): array {
		return array(
			'integer'       => array( 12, true ),
			'digits'        => array( '12', true ),
			'padded digits' => array( ' 12 ', true ),
			'zero'          => array( 0, true ),
			'empty'         => array( '', true ),
			'negative'      => array( -3, false ),
			'negative text' => array( '-3', false ),
			'decimal'       => array( '1.5', false ),
			'float'         => array( 1.0, false ),
			'word'          => array( 'abc', false ),
			'array'         => array( array( 1 ), false ),
			'huge'          => array( str_repeat( '9', 25 ), false ),
		);
	}

	#[DataProvider( 'ids' )]
	public function test_id( mixed $value, bool $valid ): void {
		$result = Validator::id( $value, 'Car ID' );
		if ( $valid ) {
			$this->assertTrue( $result );
		} else {
			$this->assertRejected( $result, 'Car ID is invalid.' );
		}
	}

	public function test_choice(): void {
		$this->assertTrue( Validator::choice( 'add', 'Action', array( 'add', 'remove' ) ) );
		$this->assertRejected( Validator::choice( 'toggle', 'Action', array( 'add', 'remove' ) ), 'Action must be one of: add, remove.' );
		$this->assertRejected( Validator::choice( array( 'add' ), 'Action', array( 'add', 'remove' ) ), 'Action must be one of: add, remove.' );
	}

	public function test_password_length_is_counted_without_surrounding_spaces(): void {
		$this->assertTrue( Validator::password( 'secret' ) );
		$this->assertTrue( Validator::password( '' ), 'Presence is the controller\'s business.' );
		$this->assertRejected( Validator::password( '12345' ), 'Password must be at least 6 characters long.' );
		$this->assertRejected( Validator::password( '  12345  ' ), 'Password must be at least 6 characters long.' );
		$this->assertRejected( Validator::password( str_repeat( 'p', 201 ) ), 'Password must be at most 200 characters long.' );
		$this->assertRejected( Validator::password( 123456 ), 'Password must be text.' );
	}

	public function test_a_sign_in_password_is_only_bounded(): void {
		$this->assertTrue( Validator::secret( 'x', 'Password' ) );
		$this->assertRejected( Validator::secret( str_repeat( 'p', 4097 ), 'Password' ), 'Password is too long.' );
		$this->assertRejected( Validator::secret( array(), 'Password' ), 'Password must be text.' );
	}

	public function test_choice_reads_the_trimmed_text_and_nothing_else(): void {
		$this->assertTrue( Validator::choice( ' remove ', 'Action', array( 'add', 'remove' ) ) );
		$this->assertRejected( Validator::choice( 1, 'Action', array( '1', 'add' ) ), 'Action must be one of: 1, add.' );
	}

	public function test_password_bounds_are_inclusive(): void {
		$this->assertTrue( Validator::password( str_repeat( 'p', 6 ) ) );
		$this->assertTrue( Validator::password( str_repeat( 'p', 200 ) ) );
		$this->assertTrue( Validator::secret( str_repeat( 'p', 4096 ), 'Password' ) );
		$this->assertTrue( Validator::secret( '', 'Password' ), 'Presence is the controller\'s business.' );
	}

	public function test_milliseconds_are_whole_and_not_negative(): void {
		$this->assertTrue( Validator::milliseconds( 0, 'Time on form' ) );
		$this->assertTrue( Validator::milliseconds( 4500, 'Time on form' ) );
		$this->assertTrue( Validator::milliseconds( ' 4500 ', 'Time on form' ) );
		$this->assertTrue( Validator::milliseconds( '999999999999', 'Time on form' ) );
		$message = 'Time on form must be a whole number of milliseconds.';
		$this->assertRejected( Validator::milliseconds( -1, 'Time on form' ), $message );
		$this->assertRejected( Validator::milliseconds( '-1', 'Time on form' ), $message );
		$this->assertRejected( Validator::milliseconds( '1.5', 'Time on form' ), $message );
		$this->assertRejected( Validator::milliseconds( 1.5, 'Time on form' ), $message );
		$this->assertRejected( Validator::milliseconds( '', 'Time on form' ), $message );
		$this->assertRejected( Validator::milliseconds( '1000000000000', 'Time on form' ), $message );
		$this->assertRejected( Validator::milliseconds( array( 1 ), 'Time on form' ), $message );
	}

	public function test_idempotency_key_is_16_to_128_safe_characters(): void {
		$this->assertTrue( Validator::idempotency_key( str_repeat( 'a', 16 ) ) );
		$this->assertTrue( Validator::idempotency_key( ' lead_2026-11-27:abc.def ' ) );
		$this->assertTrue( Validator::idempotency_key( str_repeat( 'Z', 128 ) ) );
	}

	/**
	 * @return array<string, array{mixed}>
	 */
	public static function bad_idempotency_keys(): array {
		return array(
			'15 characters'  => array( str_repeat( 'a', 15 ) ),
			'129 characters' => array( str_repeat( 'a', 129 ) ),
			'spaces'         => array( 'lead 2026 11 27 abc' ),
			'slashes'        => array( 'lead/2026/11/27/abc' ),
			'a number'       => array( 12345678901234567 ),
			'nothing'        => array( null ),
		);
	}

	#[DataProvider( 'bad_idempotency_keys' )]
	public function test_idempotency_key_refusal( mixed $bad ): void {
		$result = Validator::idempotency_key( $bad );
		$this->assertInstanceOf( \WP_Error::class, $result );
		$this->assertSame( 'car_export_invalid_idempotency_key', $result->get_error_code() );
		$this->assertSame( array( 'status' => 400 ), $result->get_error_data() );
	}

	/**
	 * @return array<string, array{mixed, bool}>
	 */
	public static function usernames(): array {
		return self::shared_cases( 'username' );
	}

	/**
	 * With the plugin's filter in WordPress's sanitize_user, as the running plugin has it.
	 */
	#[DataProvider( 'usernames' )]
	public function test_username_by_the_shared_table( string $value, bool $valid ): void {
		$GLOBALS['car_export_test_filters']['sanitize_user'] = array( LetterUsernames::class, 'keep_letters' );
		$result = Validator::username( $value );
		if ( $valid ) {
			$this->assertTrue( $result );
		} else {
			$this->assertInstanceOf( \WP_Error::class, $result );
		}
	}

	public function test_username_length_and_characters(): void {
		$GLOBALS['car_export_test_filters']['sanitize_user'] = array( LetterUsernames::class, 'keep_letters' );
		$this->assertTrue( Validator::username( 'Иван Петров' ), 'Letters of any script are letters.' );
		$this->assertTrue( Validator::username( 'محمد' ) );
		$this->assertTrue( Validator::username( 'Zoë' ) );
		$this->assertTrue( Validator::username( 'ada' ) );
		$this->assertTrue( Validator::username( 'Ada Lovelace_1.@-' ) );
		$this->assertTrue( Validator::username( str_repeat( 'a', 60 ) ) );
		$this->assertTrue( Validator::username( '' ), 'Presence is the controller\'s business.' );
		$this->assertRejected( Validator::username( 'ad' ), 'Username must be at least 3 characters long.' );
		$this->assertRejected( Validator::username( str_repeat( 'a', 61 ) ), 'Username must be at most 60 characters long.' );
		$this->assertRejected( Validator::username( array( 'ada' ) ), 'Username must be text.' );
		$characters = 'Username may contain only letters, numbers, spaces and the characters _ . - @';
		foreach ( array( 'ada!', 'ada  lovelace', 'ada<b>', 'a"da', "Иван\u{202E}", "a\u{200B}da", 'a%41da' ) as $bad ) {
			$this->assertRejected( Validator::username( $bad ), $characters );
		}
	}

	public function test_a_non_latin_name_keeps_an_author_slug_that_fits(): void {
		$this->assertSame( 'ada-lovelace', LetterUsernames::short_nicename( 'ada-lovelace' ) );
		$slug = LetterUsernames::short_nicename( str_repeat( '%d0%b8', 10 ) );
		$this->assertMatchesRegularExpression( '/^user-[0-9a-f]{16}$/', $slug );
		$this->assertSame( $slug, LetterUsernames::short_nicename( str_repeat( '%d0%b8', 10 ) ), 'The same name gives the same slug.' );
	}
}
