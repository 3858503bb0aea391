<?php
declare(strict_types=1);

namespace CarExport\Tests\Unit;

use CarExport\Import\CarCsv;
use CarExport\Import\CarCsvSample;
use CarExport\Import\CarRowParser;
use CarExport\Import\KnownValues;
use PHPUnit\Framework\Attributes\CoversClass;
use PHPUnit\Framework\TestCase;

#[CoversClass( CarRowParser::class )]
#[CoversClass( KnownValues::class )]
#[CoversClass( CarCsvSample::class )]
final class CarImportChecksTest extends TestCase {

	/** @return array{brands: array<string, string>, models: array<string, string>} */
	private static function catalogue(): array {
		return KnownValues::index(
			array(
				array(
					'brand' => 'BMW',
					'model' => 'X5',
				),
				array(
					'brand' => 'Toyota',
					'model' => 'Hilux',
				),
				array(
					'brand' => 'toyota',
					'model' => 'Land Cruiser',
				),
				array(
					'brand' => '',
					'model' => 'orphan',
				),
			)
		);
	}

	/**
	 * @param list<string> $header
	 * @param list<string> $cells
	 * @return array{fields: array<string, mixed>, errors: list<string>, title: string|null, description: string|null}
	 */
	private static function parse( array $header, array $cells ): array {
		$row = ( new CarRowParser( CarCsv::map_header( $header ), null, self::catalogue() ) )->parse( 2, $cells );
		return array(
			'fields'      => $row['fields'],
			'errors'      => $row['errors'],
			'title'       => $row['title'],
			'description' => $row['description'],
		);
	}

	public function test_the_catalogue_index_keeps_the_first_spelling_and_skips_cars_without_a_brand(): void {
		$known = self::catalogue();
		$this->assertSame(
			array(
				'bmw'    => 'BMW',
				'toyota' => 'Toyota',
			),
			$known['brands']
		);
		$this->assertSame( 'Land Cruiser', $known['models'][ KnownValues::key( 'TOYOTA', 'land cruiser' ) ] );
	}

	public function test_a_known_brand_and_model_in_another_letter_case_take_the_catalogues_spelling(): void {
		$row = self::parse( array( 'stockNumber', 'brand', 'model' ), array( 'A1', 'bmw', 'x5' ) );
		$this->assertSame( array(), $row['errors'] );
		$this->assertSame( 'BMW', $row['fields']['brand'] );
		$this->assertSame( 'X5', $row['fields']['model'] );
	}

	public function test_an_unknown_brand_or_model_is_refused_with_the_value_and_the_way_to_add_one(): void {
		$brand = self::parse( array( 'stockNumber', 'brand', 'model' ), array( 'A1', 'Wunderauto', 'Z' ) );
		$this->assertSame( array( 'Brand "Wunderauto" is not a brand of any car yet. Check the spelling; a new brand is added by saving its first car with the car form.' ), $brand['errors'] );

		$model = self::parse( array( 'stockNumber', 'brand', 'model' ), array( 'A1', 'Toyota', 'Hilux Turbo' ) );
		$this->assertSame( array( 'Model "Hilux Turbo" is not a model of Toyota yet. Check the spelling; a new model is added by saving its first car with the car form.' ), $model['errors'] );
	}

	public function test_a_parser_without_the_catalogue_checks_no_brand(): void {
		$row = ( new CarRowParser( CarCsv::map_header( array( 'stockNumber', 'brand' ) ) ) )->parse( 2, array( 'A1', 'Wunderauto' ) );
		$this->assertSame( array(), $row['errors'] );
	}

	public function test_text_cells_that_a_spreadsheet_would_run_as_formulas_are_refused(): void {
		$row = self::parse(
			array( 'stockNumber', 'title', 'color', 'description', 'price' ),
			array( 'A1', '=HYPERLINK("http://evil.example","Click")', '@SUM(A1)', '-2+3', '25000' )
		);
		$this->assertSame(
			array(
				'Title starts with "=", which spreadsheets run as a formula. Start the text with a letter or digit.',
				'Colour starts with "@", which spreadsheets run as a formula. Start the text with a letter or digit.',
				'Description starts with "-", which spreadsheets run as a formula. Start the text with a letter or digit. A dash followed by a space, as in a list, is fine.',
			),
			$row['errors']
		);
		$this->assertNull( $row['title'] );
		$this->assertNull( $row['description'] );
		$this->assertSame( '25000', $row['fields']['price'] );
	}

	public function test_a_description_written_as_a_dash_list_is_kept_but_a_dash_without_a_space_is_refused(): void {
		$list = "- Leather seats\n- Sunroof";
		$row  = self::parse( array( 'stockNumber', 'description', 'engineSize' ), array( 'A1', $list, '- 2.0 L' ) );
		$this->assertSame( array(), $row['errors'] );
		$this->assertSame( $list, $row['description'] );
		$this->assertSame( '- 2.0 L', $row['fields']['engineSize'] );

		// As the export writes it: guarded by an apostrophe, which the import takes off again.
		$this->assertSame( $list, self::parse( array( 'stockNumber', 'description' ), array( 'A1', "'" . $list ) )['description'] );

		foreach ( array( '-', '-5', '-cmd|\' /C calc\'!A0' ) as $cell ) {
			$refused = self::parse( array( 'stockNumber', 'color' ), array( 'A1', $cell ) );
			$this->assertCount( 1, $refused['errors'], $cell );
			$this->assertStringStartsWith( 'Colour starts with "-"', $refused['errors'][0] );
			$this->assertArrayNotHasKey( 'color', $refused['fields'] );
		}
	}

	public function test_an_exported_guarded_cell_is_still_refused_once_unguarded(): void {
		$row = self::parse( array( 'stockNumber', 'title' ), array( 'A1', "'+1 free car" ) );
		$this->assertCount( 1, $row['errors'] );
		$this->assertStringStartsWith( 'Title starts with "+"', $row['errors'][0] );
	}

	public function test_the_sample_file_imports_without_a_problem_and_every_column_says_what_it_accepts(): void {
		$rows = CarCsvSample::rows( 'Toyota', 'Hilux' );
		$this->assertSame( CarCsv::header(), $rows[0] );
		$parsed = ( new CarRowParser( CarCsv::map_header( $rows[0] ), null, self::catalogue() ) )->parse( 2, $rows[1] );
		$this->assertSame( array(), $parsed['errors'] );
		$this->assertSame( 'SAMPLE-001', $parsed['stockNumber'] );
		$this->assertSame( 'draft', $parsed['status'] );

		$allowed = CarCsvSample::allowed();
		$this->assertSame( CarCsv::header(), array_keys( $allowed ) );
		$this->assertStringContainsString( 'automatic', $allowed['transmission'] );
		$this->assertStringContainsString( 'miles', $allowed['mileage (miles)'] );
	}

	public function test_the_sample_car_is_believable(): void {
		$rows   = CarCsvSample::rows( 'Toyota', 'RAV4' );
		$sample = array_combine( CarCsv::columns(), $rows[1] );
		$age    = (int) gmdate( 'Y' ) - (int) $sample['year'];
		// A used car a few years old, with the miles such a car has, and a body a family would buy.
		$this->assertGreaterThanOrEqual( 1, $age );
		$this->assertSame( 'Used', $sample['condition'] );
		$this->assertGreaterThanOrEqual( 5000 * $age, (int) $sample['mileage'] );
		$this->assertLessThanOrEqual( 20000 * $age, (int) $sample['mileage'] );
		$this->assertGreaterThanOrEqual( 4, (int) $sample['doors'] );
		$this->assertGreaterThanOrEqual( 4, (int) $sample['seats'] );
		$this->assertNotSame( 'premium-petrol', $sample['fuelType'] );

		// Given a catalogue car of that model, its specifications are the sample's.
		$electric = array_combine(
			CarCsv::columns(),
			CarCsvSample::rows(
				'BYD',
				'Seal',
				array(
					'fuelType'     => 'electric',
					'cylinders'    => '0',
					'engineSize'   => 'Electric',
					'doors'        => '4',
					'transmission' => 'ev',
				)
			)[1]
		);
		$this->assertSame( array( 'electric', '0', 'Electric', '4', 'ev' ), array( $electric['fuelType'], $electric['cylinders'], $electric['engineSize'], $electric['doors'], $electric['transmission'] ) );
	}
}
