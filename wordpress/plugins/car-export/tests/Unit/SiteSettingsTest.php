<?php
declare(strict_types=1);

namespace CarExport\Tests\Unit;

use CarExport\Settings\SiteSettings;
use PHPUnit\Framework\Attributes\DataProvider;
use PHPUnit\Framework\Attributes\PreserveGlobalState;
use PHPUnit\Framework\Attributes\RunInSeparateProcess;
use PHPUnit\Framework\TestCase;

/**
 * The settings form's validation: good values are cleaned and kept, bad ones leave the stored
 * value untouched and explain themselves as a settings error.
 */
final class SiteSettingsTest extends TestCase {

	private const QR_IMAGE_ID = 42;
	private const PDF_ID      = 43;

	private const STORED = array(
		'phone'         => '+86 138 0000 0000',
		'whatsapp'      => '+86 139 0000 0000',
		'email'         => 'sales@example.com',
		'address'       => "No. 1 Port Road\nTianjin, China",
		'company_name'  => 'Tianjin Auto Export Co., Ltd.',
		'opening_hours' => "Mon–Fri 9:00–18:00\nSat 9:00–13:00",
		'wechat_qr_id'  => self::QR_IMAGE_ID,
		'purge_url'     => 'https://www.example.com/api/purge',
		'purge_secret'  => 'stored-secret-0123456789',
	);

	protected function setUp(): void {
		$GLOBALS['car_export_test_options']         = array( SiteSettings::OPTION => self::STORED );
		$GLOBALS['car_export_test_settings_errors'] = array();
		$GLOBALS['car_export_test_image_ids']       = array( self::QR_IMAGE_ID, 44 );
	}

	protected function tearDown(): void {
		unset( $GLOBALS['car_export_test_options'], $GLOBALS['car_export_test_settings_errors'], $GLOBALS['car_export_test_image_ids'] );
	}

	public function test_valid_values_are_saved_without_errors(): void {
		$clean = SiteSettings::sanitize(
			array(
				'phone'         => '  +971  50 123 4567 ',
				'whatsapp'      => '8613800000000',
				'email'         => ' export@example.org ',
				'address'       => "Room 5\r\nFree Trade Zone\r\nQingdao",
				'company_name'  => ' <b>Qingdao</b> Motors ',
				'opening_hours' => "Mon–Fri 9–18\r\nSat 9–13",
				'wechat_qr_id'  => '44',
				'purge_url'     => 'http://127.0.0.1:3000/api/purge',
				'purge_secret'  => str_repeat( 'a1', 8 ),
			)
		);

		$this->assertSame(
			array(
				'phone'         => '+971 50 123 4567',
				'whatsapp'      => '8613800000000',
				'email'         => 'export@example.org',
				'address'       => "Room 5\nFree Trade Zone\nQingdao",
				'company_name'  => 'Qingdao Motors',
				'opening_hours' => "Mon–Fri 9–18\nSat 9–13",
				'wechat_qr_id'  => 44,
				'purge_url'     => 'http://127.0.0.1:3000/api/purge',
				'purge_secret'  => 'a1a1a1a1a1a1a1a1',
			),
			$clean
		);
		$this->assertSame( array(), $this->error_codes() );
	}

	public function test_empty_values_clear_the_fields(): void {
		$clean = SiteSettings::sanitize( array_fill_keys( array_keys( self::STORED ), '' ) );

		$this->assertSame(
			array(
				'phone'         => '',
				'whatsapp'      => '',
				'email'         => '',
				'address'       => '',
				'company_name'  => '',
				'opening_hours' => '',
				'wechat_qr_id'  => 0,
				'purge_url'     => '',
				'purge_secret'  => '',
			),
			$clean
		);
		$this->assertSame( array(), $this->error_codes() );
	}

	/** @return array<string, array{string}> */
	public static function bad_phones(): array {
		return array(
			'letters'        => array( 'call me' ),
			'dashes'         => array( '+86-138-0000-0000' ),
			'brackets'       => array( '(086) 1380000' ),
			'plus in middle' => array( '86+13800000000' ),
			'two pluses'     => array( '++8613800000' ),
			'five digits'    => array( '12 345' ),
			'twenty-one'     => array( '123456789012345678901' ),
			'just a plus'    => array( '+' ),
		);
	}

	#[DataProvider( 'bad_phones' )]
	public function test_bad_phone_keeps_the_stored_number( string $phone ): void {
		$clean = SiteSettings::sanitize(
			array(
				'phone'    => $phone,
				'whatsapp' => $phone,
			)
		);

		$this->assertSame( self::STORED['phone'], $clean['phone'] );
		$this->assertSame( self::STORED['whatsapp'], $clean['whatsapp'] );
		$this->assertSame( array( 'car_export_invalid_phone', 'car_export_invalid_whatsapp' ), $this->error_codes() );
		$this->assertStringContainsString( 'Seller phone was not saved', $this->error_messages()[0] );
		$this->assertStringContainsString( 'WhatsApp number was not saved', $this->error_messages()[1] );
	}

	/** @return array<string, array{string}> */
	public static function good_phones(): array {
		return array(
			'six digits'         => array( '123456' ),
			'twenty digits'      => array( '+1234 5678 9012 3456 7890' ),
			'leading plus'       => array( '+8613800000000' ),
			'grouped with space' => array( '138 0000 0000' ),
		);
	}

	#[DataProvider( 'good_phones' )]
	public function test_good_phone_is_saved( string $phone ): void {
		$this->assertSame( $phone, SiteSettings::sanitize( array( 'phone' => $phone ) )['phone'] );
		$this->assertSame( array(), $this->error_codes() );
	}

	public function test_several_staff_addresses_are_saved_as_a_clean_list(): void {
		$clean = SiteSettings::sanitize( array( 'email' => ' sales@example.com ,ops@example.org;; ' ) );

		$this->assertSame( 'sales@example.com, ops@example.org', $clean['email'] );
		$this->assertSame( array(), $this->error_codes() );
	}

	public function test_address_keeps_line_breaks_and_drops_markup(): void {
		$clean = SiteSettings::sanitize( array( 'address' => "<b>Dock 7</b>\nDalian" ) );

		$this->assertSame( "Dock 7\nDalian", $clean['address'] );
	}

	public function test_address_at_the_limit_in_multibyte_text_is_saved(): void {
		$address = str_repeat( '港', SiteSettings::ADDRESS_MAX_LENGTH );

		$this->assertSame( $address, SiteSettings::sanitize( array( 'address' => $address ) )['address'] );
	}

	/**
	 * Field => case => a value the form refuses.
	 *
	 * @return iterable<string, array{string, string}>
	 */
	public static function refused_values(): iterable {
		$cases = array(
			'email'         => array(
				'not an address'            => 'sales at example',
				'one bad address in a list' => 'sales@example.com, ops at example',
			),
			'address'       => array(
				'over the limit' => str_repeat( 'é', SiteSettings::ADDRESS_MAX_LENGTH + 1 ),
			),
			'company_name'  => array(
				'over the limit' => str_repeat( 'é', SiteSettings::COMPANY_MAX_LENGTH + 1 ),
			),
			'opening_hours' => array(
				'over the limit' => str_repeat( 'é', SiteSettings::HOURS_MAX_LENGTH + 1 ),
			),
			// The QR code must be an image attachment.
			'wechat_qr_id'  => array(
				'not an image' => (string) self::PDF_ID,
				'unknown id'   => '999',
				'negative'     => '-42',
				'not a number' => 'qr.png',
				'decimal'      => '42.5',
			),
			// http or https, with a host.
			'purge_url'     => array(
				'no scheme'   => 'www.example.com/api/purge',
				'ftp'         => 'ftp://example.com/purge',
				'javascript'  => 'javascript:alert(1)',
				'no host'     => 'https:///purge',
				'with spaces' => 'https://example.com/a b',
			),
			// Sixteen or more visible ASCII characters, up to the limit.
			'purge_secret'  => array(
				'fifteen characters' => str_repeat( 'x', 15 ),
				'with a space'       => 'abcdefgh ijklmnopq',
				'with a line break'  => "abcdefghijklmnop\nX-Injected: 1",
				'non-ascii'          => 'ééééééééééééééééé',
				'too long'           => str_repeat( 'x', SiteSettings::SECRET_MAX_LENGTH + 1 ),
			),
		);
		foreach ( $cases as $field => $values ) {
			foreach ( $values as $case => $value ) {
				yield "{$field}: {$case}" => array( $field, $value );
			}
		}
	}

	#[DataProvider( 'refused_values' )]
	public function test_a_refused_value_keeps_the_stored_one_and_says_why( string $field, string $value ): void {
		$clean = SiteSettings::sanitize( array( $field => $value ) );

		$this->assertSame( self::STORED[ $field ], $clean[ $field ] );
		$this->assertSame( array( 'car_export_invalid_' . $field ), $this->error_codes() );
	}

	public function test_one_bad_field_does_not_block_the_others(): void {
		$clean = SiteSettings::sanitize(
			array(
				'phone' => 'nope',
				'email' => 'new@example.com',
			)
		);

		$this->assertSame( self::STORED['phone'], $clean['phone'] );
		$this->assertSame( 'new@example.com', $clean['email'] );
		$this->assertSame( array( 'car_export_invalid_phone' ), $this->error_codes() );
	}

	public function test_fields_not_submitted_keep_their_stored_values(): void {
		$this->assertSame( self::STORED, SiteSettings::sanitize( array() ) );
	}

	public function test_non_scalar_values_are_ignored(): void {
		$this->assertSame( self::STORED, SiteSettings::sanitize( array( 'phone' => array( '123456' ) ) ) );
	}

	public function test_non_array_input_keeps_everything(): void {
		$this->assertSame( self::STORED, SiteSettings::sanitize( 'phone=123456' ) );
	}

	public function test_a_corrupt_stored_option_falls_back_to_defaults(): void {
		$GLOBALS['car_export_test_options'][ SiteSettings::OPTION ] = 'garbage';

		$clean = SiteSettings::sanitize( array( 'phone' => 'bad' ) );

		$this->assertSame( '', $clean['phone'] );
		$this->assertSame( 0, $clean['wechat_qr_id'] );
	}

	public function test_get_reads_the_stored_option_with_types(): void {
		$GLOBALS['car_export_test_options'][ SiteSettings::OPTION ] = array(
			'phone'        => 123456,
			'wechat_qr_id' => '44',
			'unknown'      => 'x',
		);

		$this->assertSame(
			array(
				'phone'         => '123456',
				'whatsapp'      => '',
				'email'         => '',
				'address'       => '',
				'company_name'  => '',
				'opening_hours' => '',
				'wechat_qr_id'  => 44,
				'purge_url'     => '',
				'purge_secret'  => '',
			),
			SiteSettings::get()
		);
	}

	#[RunInSeparateProcess]
	#[PreserveGlobalState( false )]
	public function test_purge_pair_from_wp_config_wins_and_cannot_be_changed_by_the_form(): void {
		define( 'CAR_EXPORT_PURGE_URL', 'https://config.example.com/purge' );
		define( 'CAR_EXPORT_PURGE_SECRET', 'config-secret-0123456789' );
		$this->setUp();

		$clean = SiteSettings::sanitize(
			array(
				'purge_url'    => 'ftp://ignored',
				'purge_secret' => 'short',
			)
		);

		// The form cannot overwrite the stored pair, and bad input there is not even reported.
		$this->assertSame( self::STORED['purge_url'], $clean['purge_url'] );
		$this->assertSame( self::STORED['purge_secret'], $clean['purge_secret'] );
		$this->assertSame( array(), $this->error_codes() );

		$settings = SiteSettings::get();
		$this->assertSame( 'https://config.example.com/purge', $settings['purge_url'] );
		$this->assertSame( 'config-secret-0123456789', $settings['purge_secret'] );
	}

	/** @return list<string> */
	private function error_codes(): array {
		return array_column( $GLOBALS['car_export_test_settings_errors'], 'code' );
	}

	/** @return list<string> */
	private function error_messages(): array {
		return array_column( $GLOBALS['car_export_test_settings_errors'], 'message' );
	}
}
