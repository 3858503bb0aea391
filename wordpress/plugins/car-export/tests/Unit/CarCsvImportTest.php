<?php
declare(strict_types=1);

namespace CarExport\Tests\Unit;

use CarExport\Cars\CarFields;
use CarExport\Import\CarCsv;
use CarExport\Import\CarRowParser;
use CarExport\Import\CsvReader;
use PHPUnit\Framework\Attributes\CoversClass;
use PHPUnit\Framework\TestCase;

#[CoversClass( CsvReader::class )]
#[CoversClass( CarCsv::class )]
#[CoversClass( CarRowParser::class )]
final class CarCsvImportTest extends TestCase {

	/**
	 * @return array{header: list<string>, rows: list<array{line: int, cells: list<string>}>, error: string|null}
	 */
	private function read( string $csv ): array {
		$handle = fopen( 'php://memory', 'w+b' );
		$this->assertNotFalse( $handle );
		fwrite( $handle, $csv );
		rewind( $handle );
		return CsvReader::read( $handle );
	}

	public function test_rows_keep_the_line_they_start_on_even_after_a_cell_with_line_breaks(): void {
		$file = $this->read( "\xEF\xBB\xBFstockNumber,title,description\r\nA1,First,\"two\nlines\"\r\n\r\nA2,Second,plain\r\n" );

		$this->assertNull( $file['error'] );
		$this->assertSame( array( 'stockNumber', 'title', 'description' ), $file['header'], 'The byte-order mark is not part of the first column name.' );
		$this->assertSame( array( 2, 5 ), array_column( $file['rows'], 'line' ) );
		$this->assertSame( array( 'A1', 'First', "two\nlines" ), $file['rows'][0]['cells'] );
	}

	public function test_an_empty_file_and_text_that_is_not_utf8_are_refused_with_a_reason(): void {
		$this->assertStringContainsString( 'empty', (string) $this->read( '' )['error'] );
		$this->assertStringContainsString( 'Line 2 is not UTF-8', (string) $this->read( "stockNumber,title\nA1,Caf\xE9\n" )['error'] );
	}

	public function test_columns_follow_car_fields_and_headers_match_keys_or_labels_in_any_case(): void {
		$columns = CarCsv::columns();
		foreach ( CarFields::all() as $key => $field ) {
			$this->assertSame( 'ids' !== $field['type'], in_array( $key, $columns, true ), "Column for {$key}" );
		}
		$this->assertSame( array( 'stockNumber', 'title', 'status' ), array_slice( $columns, 0, 3 ) );
		$this->assertSame( array( 'description', 'images' ), array_slice( $columns, -2 ) );

		$this->assertSame(
			array( 'bodyType', 'price', 'fuelType', null, null ),
			CarCsv::map_header( array( 'Body type', 'PRICE (USD)', 'fueltype', 'Colour code', 'BodyType' ) ),
			'Labels and keys both match; unknown and repeated columns are ignored.'
		);
	}

	public function test_a_valid_row_is_normalised_like_the_edit_form(): void {
		$parser = new CarRowParser( CarCsv::map_header( array( 'stockNumber', 'title', 'status', 'price', 'bodyType', 'featured', 'features', 'images' ) ) );
		$row    = $parser->parse( 7, array( ' SN-1 ', '2024 BYD Seal', 'Draft', '$38,900', 'suv', 'yes', 'Heated seats | Sunroof|', 'a.jpg|https://cdn.example.com/b.jpg' ) );

		$this->assertSame( array(), $row['errors'] );
		$this->assertSame( 7, $row['line'] );
		$this->assertSame( 'SN-1', $row['stockNumber'] );
		$this->assertSame( 'draft', $row['status'] );
		$this->assertSame( '38900', $row['fields']['price'] );
		$this->assertSame( 'SUV', $row['fields']['bodyType'] );
		$this->assertSame( '1', $row['fields']['featured'] );
		$this->assertSame( array( 'Heated seats', 'Sunroof' ), $row['fields']['features'] );
		$this->assertSame( array( 'a.jpg', 'https://cdn.example.com/b.jpg' ), $row['images'] );
		$this->assertArrayNotHasKey( 'year', $row['fields'], 'A column the file does not have is left alone.' );
	}

	public function test_every_problem_of_a_row_is_reported_in_words(): void {
		$parser = new CarRowParser( CarCsv::map_header( array( 'stockNumber', 'status', 'price', 'year', 'bodyType', 'featured' ) ) );
		$row    = $parser->parse( 3, array( '', 'sold', 'cheap', '1800', 'Tank', 'maybe' ) );

		$this->assertSame(
			array(
				'Status must be one of: publish, draft, pending, private.',
				'Price (USD) must be a whole number.',
				'Year must be between 1950 and ' . ( (int) gmdate( 'Y' ) + 1 ) . '.',
				'Body type must be one of: SUV, Sedan, Hatchback, Minivan, Pickup, Sports Car.',
				'Featured on the home page must be yes or no.',
				'Stock number is empty.',
			),
			$row['errors']
		);
	}

	public function test_a_file_without_a_stock_number_column_is_refused_before_any_row(): void {
		$this->assertCount( 1, ( new CarRowParser( CarCsv::map_header( array( 'title', 'price' ) ) ) )->header_errors() );
		$this->assertSame( array(), ( new CarRowParser( CarCsv::map_header( array( 'Stock number' ) ) ) )->header_errors() );
	}

	public function test_the_spreadsheet_formula_guard_is_removed_on_import(): void {
		$this->assertSame( '-5 km', CarCsv::unguard( "'-5 km" ) );
		$this->assertSame( "'quoted'", CarCsv::unguard( "'quoted'" ) );
	}
}
