<?php
declare(strict_types=1);

namespace CarExport\Tests\Unit;

use CarExport\Cars\CarFields;
use CarExport\Cars\CarValidator;
use PHPUnit\Framework\Attributes\CoversClass;
use PHPUnit\Framework\Attributes\DataProvider;
use PHPUnit\Framework\TestCase;

#[CoversClass( CarValidator::class )]
final class CarValidatorTest extends TestCase {

	/** Attachment ids the fake media library holds as images. */
	private const IMAGES = array( 11, 12, 13, 14 );

	private CarValidator $validator;

	protected function setUp(): void {
		$this->validator = new CarValidator( static fn ( int $id ): bool => in_array( $id, self::IMAGES, true ) );
	}

	public function test_an_empty_submission_is_a_valid_car_with_every_field_unset(): void {
		$result = $this->validator->validate( array() );

		$this->assertSame( array(), $result['errors'] );
		$this->assertSame( array_keys( CarFields::all() ), array_keys( $result['values'] ) );
		$this->assertSame( '', $result['values']['price'], 'An empty price means "Contact for Price".' );
		$this->assertSame( '0', $result['values']['featured'] );
		$this->assertSame( array(), $result['values']['features'] );
		$this->assertSame( array(), $result['values']['gallery'] );
	}

	public function test_a_complete_car_is_normalised_to_its_stored_form(): void {
		$result = $this->validator->validate(
			array(
				'subtitle'     => "  Flagship   electric\tsedan ",
				'price'        => '$45,000',
				'brand'        => 'BYD',
				'model'        => 'Han',
				'year'         => 2024,
				'mileage'      => '12 000',
				'condition'    => 'New',
				'bodyType'     => 'Sedan',
				'fuelType'     => 'electric',
				'transmission' => 'ev',
				'driveType'    => 'AWD',
				'color'        => 'Black',
				'cylinders'    => '0',
				'countrySpec'  => 'China',
				'doors'        => '4',
				'seats'        => 5.0,
				'engineSize'   => 'Electric',
				'trim'         => 'EV Performance',
				'registered'   => 'No',
				'history'      => 'One owner',
				'features'     => "Heated seats\r\n\r\nPanoramic roof\nheated seats\n",
				'gallery'      => '12, 11,12',
				'featured'     => 'on',
				'stockNumber'  => 'BYD-0042',
			)
		);

		$this->assertSame( array(), $result['errors'] );
		$values = $result['values'];
		$this->assertSame( 'Flagship electric sedan', $values['subtitle'] );
		$this->assertSame( '45000', $values['price'] );
		$this->assertSame( '2024', $values['year'] );
		$this->assertSame( '12000', $values['mileage'] );
		$this->assertSame( '0', $values['cylinders'], 'Zero cylinders is a real value for an electric car.' );
		$this->assertSame( '5', $values['seats'] );
		$this->assertSame( 'electric', $values['fuelType'] );
		$this->assertSame( array( 'Heated seats', 'Panoramic roof' ), $values['features'] );
		$this->assertSame( array( 12, 11 ), $values['gallery'] );
		$this->assertSame( '1', $values['featured'] );
	}

	public function test_invalid_fields_are_reported_and_left_out_while_valid_ones_pass(): void {
		$result = $this->validator->validate(
			array(
				'brand' => 'Geely',
				'year'  => '1949',
				'doors' => 'four',
			)
		);

		$this->assertSame( array( 'year', 'doors' ), array_keys( $result['errors'] ) );
		$this->assertArrayNotHasKey( 'year', $result['values'] );
		$this->assertArrayNotHasKey( 'doors', $result['values'] );
		$this->assertSame( 'Geely', $result['values']['brand'] );
	}

	public function test_year_range_message_names_the_bounds(): void {
		$next_year = (int) gmdate( 'Y' ) + 1;

		$this->assertSame( "Year must be between 1950 and {$next_year}.", $this->error( 'year', (string) ( $next_year + 1 ) ) );
		$this->assertNull( $this->error( 'year', (string) $next_year ) );
		$this->assertNull( $this->error( 'year', '1950' ) );
	}

	public function test_large_bounds_are_written_with_thousands_separators(): void {
		$this->assertSame( 'Price (USD) must be between 0 and 100,000,000.', $this->error( 'price', '100000001' ) );
		$this->assertSame( 'Mileage (miles) must be between 0 and 2,000,000.', $this->error( 'mileage', '-5' ) );
	}

	/**
	 * @return array<string, array{0: mixed}>
	 */
	public static function not_whole_numbers(): array {
		return array(
			'words'         => array( 'twenty' ),
			'decimal text'  => array( '2.5' ),
			'decimal float' => array( 2.5 ),
			'boolean'       => array( true ),
			'array'         => array( array( 4 ) ),
			'exponent'      => array( '1e5' ),
		);
	}

	#[DataProvider( 'not_whole_numbers' )]
	public function test_numbers_must_be_whole( mixed $value ): void {
		$this->assertSame( 'Doors must be a whole number.', $this->error( 'doors', $value ) );
	}

	public function test_an_absurdly_long_number_is_out_of_range_not_an_overflow(): void {
		$this->assertSame( 'Price (USD) must be between 0 and 100,000,000.', $this->error( 'price', str_repeat( '9', 40 ) ) );
	}

	public function test_text_is_trimmed_stripped_of_markup_and_limited_in_length(): void {
		$this->assertSame( 'Red', $this->value( 'color', ' <b>Red</b> ' ) );
		$this->assertSame( 'Brand must be at most 100 characters.', $this->error( 'brand', str_repeat( 'x', 101 ) ) );
		$this->assertNull( $this->error( 'brand', str_repeat( 'é', 100 ) ), 'Length counts characters, not bytes.' );
	}

	public function test_text_that_is_not_utf8_is_refused(): void {
		$this->assertSame( 'Model contains characters that could not be read. Please retype it.', $this->error( 'model', "Han\xC3\x28" ) );
	}

	public function test_choices_accept_keys_and_normalise_case_and_labels(): void {
		$this->assertSame( 'SUV', $this->value( 'bodyType', 'SUV' ) );
		$this->assertSame( 'SUV', $this->value( 'bodyType', 'suv' ) );
		$this->assertSame( 'automatic', $this->value( 'transmission', 'Automatic' ) );
		$this->assertSame( 'plug-in-hybrid', $this->value( 'fuelType', 'Plug-in hybrid' ) );
		$this->assertSame( '', $this->value( 'driveType', '' ) );
	}

	public function test_an_unknown_choice_lists_the_allowed_ones(): void {
		$this->assertSame( 'Drive type must be one of: FWD, RWD, AWD, 4WD.', $this->error( 'driveType', '6WD' ) );
		$this->assertSame( 'Condition must be one of: New, Used.', $this->error( 'condition', array( 'New' ) ) );
	}

	public function test_the_featured_flag_understands_form_and_api_values(): void {
		$this->assertSame( '1', $this->value( 'featured', true ) );
		$this->assertSame( '1', $this->value( 'featured', '1' ) );
		$this->assertSame( '0', $this->value( 'featured', false ) );
		$this->assertSame( '0', $this->value( 'featured', null ) );
		$this->assertSame( 'Featured on the home page must be yes or no.', $this->error( 'featured', 'maybe' ) );
	}

	public function test_features_come_from_lines_or_an_array_without_blanks_or_repeats(): void {
		$this->assertSame( array( 'ABS', 'Bluetooth' ), $this->value( 'features', array( ' ABS ', '', 'Bluetooth', 'abs' ) ) );
		$this->assertSame( array( 'Sunroof', 'Navigation' ), $this->value( 'features', "Sunroof\r\rNavigation" ) );
	}

	public function test_features_are_limited_in_number_and_length(): void {
		$many   = array_map( static fn ( int $n ): string => "Feature {$n}", range( 1, 41 ) );
		$result = $this->validator->validate_field( 'features', $many );
		$this->assertSame( 'Features can have at most 40 entries (41 given).', $result['error'] );
		$this->assertCount( 40, $result['value'], 'The fallback value keeps the first 40.' );

		$long   = str_repeat( 'a', 101 );
		$result = $this->validator->validate_field( 'features', array( 'Keyless entry', $long ) );
		$this->assertSame( 'Each entry in Features must be at most 100 characters ("' . str_repeat( 'a', 30 ) . '…" is longer).', $result['error'] );
		$this->assertSame( array( 'Keyless entry' ), $result['value'] );
	}

	public function test_features_must_be_text(): void {
		$this->assertSame( 'Features must be text, one entry per line.', $this->error( 'features', array( array( 'nested' ) ) ) );
		$this->assertSame( 'Features must be text, one entry per line.', $this->error( 'features', 3.5 ) );
	}

	public function test_gallery_keeps_order_drops_repeats_and_accepts_an_array(): void {
		$this->assertSame( array( 14, 11, 13 ), $this->value( 'gallery', array( 14, '11', 14, 13 ) ) );
		$this->assertSame( array(), $this->value( 'gallery', ' , ' ) );
	}

	public function test_gallery_refuses_attachments_that_are_not_images(): void {
		$result = $this->validator->validate_field( 'gallery', '11,99,12,98' );

		$this->assertSame( 'Gallery: these items are not images in the media library: 99, 98.', $result['error'] );
		$this->assertSame( array( 11, 12 ), $result['value'], 'The fallback value keeps the real images.' );
	}

	public function test_gallery_refuses_entries_that_are_not_ids(): void {
		$this->assertSame( 'Gallery contains entries that are not image ids.', $this->error( 'gallery', '11,abc,-3' ) );
		$this->assertSame( 'Gallery must be a list of images from the media library.', $this->error( 'gallery', array( 1.5 ) ) );
	}

	public function test_without_an_injected_check_and_without_wordpress_no_id_counts_as_an_image(): void {
		$validator = new CarValidator();
		$this->assertNotNull( $validator->validate_field( 'gallery', array( 11 ) )['error'] );
	}

	public function test_an_unknown_field_is_a_programming_error(): void {
		$this->expectException( \InvalidArgumentException::class );
		$this->validator->validate_field( 'wingspan', '1' );
	}

	private function error( string $key, mixed $value ): ?string {
		return $this->validator->validate_field( $key, $value )['error'];
	}

	private function value( string $key, mixed $value ): mixed {
		$result = $this->validator->validate_field( $key, $value );
		$this->assertNull( $result['error'], "Unexpected error for {$key}: " . (string) $result['error'] );
		return $result['value'];
	}
}
