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
	 * @return array{header: list<string>, rows: list<array{row: int, cells: list<string>}>, error: string|null}
	 */
	private function read( string $csv ): array {
		$handle = fopen( 'php://memory', 'w+b' );
		$this->assertNotFalse( $handle );
		fwrite( $handle, $csv );
		rewind( $handle );
		return CsvReader::read( $handle );
	}

	public function test_rows_are_numbered_as_a_spreadsheet_shows_them_whatever_line_breaks_their_cells_hold(): void {
		// A1's description spans three lines of the file and A2's two, yet a spreadsheet shows
		// them as rows 2 and 4 (the header is row 1, the empty line row 3), and so must the errors.
		$file = $this->read( "\xEF\xBB\xBFstockNumber,title,description\r\nA1,First,\"two\nlines\nthree\"\r\n\r\nA2,Second,\"a\nb\"\r\nA3,Third,plain\r\n" );

		$this->assertNull( $file['error'] );
		$this->assertSame( array( 'stockNumber', 'title', 'description' ), $file['header'], 'The byte-order mark is not part of the first column name.' );
		$this->assertSame( array( 2, 4, 5 ), array_column( $file['rows'], 'row' ) );
		$this->assertSame( array( 'A1', 'First', "two\nlines\nthree" ), $file['rows'][0]['cells'] );
	}

	public function test_an_empty_file_and_text_that_is_not_utf8_are_refused_with_a_reason(): void {
		$this->assertStringContainsString( 'empty', (string) $this->read( '' )['error'] );
		$this->assertStringContainsString( 'Row 2 is not UTF-8', (string) $this->read( "stockNumber,title\nA1,Caf\xE9\n" )['error'] );
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
		$this->assertSame( 7, $row['row'] );
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

	public function test_a_mileage_or_price_header_with_its_unit_maps_to_its_column(): void {
		$this->assertSame( 'mileage (miles)', CarCsv::header_name( 'mileage' ) );
		$this->assertSame( array( 'mileage', 'price', null ), CarCsv::map_header( array( 'mileage (miles)', 'price (USD)', 'x' ) ) );
		$this->assertContains( 'mileage (miles)', CarCsv::header() );
		$this->assertSame( array( 'stockNumber', 'title' ), array_slice( CarCsv::header(), 0, 2 ) );
	}

	public function test_the_export_writes_flags_and_unset_choices_in_the_words_the_import_accepts(): void {
		$this->assertSame( 'yes', CarCsv::export_cell( CarFields::get( 'featured' ), '1' ) );
		$this->assertSame( 'no', CarCsv::export_cell( CarFields::get( 'featured' ), '' ) );
		$this->assertSame( 'available', CarCsv::export_cell( CarFields::get( 'saleStatus' ), '' ) );
		$this->assertSame( 'sold', CarCsv::export_cell( CarFields::get( 'saleStatus' ), 'sold' ) );
		$this->assertSame( '', CarCsv::export_cell( CarFields::get( 'bodyType' ), '' ), 'A choice without a default stays empty.' );

		// What the export writes, the import reads back as the stored value.
		$parser = new CarRowParser( CarCsv::map_header( array( 'stockNumber', 'featured', 'saleStatus' ) ) );
		$row    = $parser->parse( 2, array( 'A1', 'no', 'available' ) );
		$this->assertSame( array(), $row['errors'] );
		$this->assertSame(
			array(
				'featured'   => '0',
				'saleStatus' => 'available',
			),
			array_intersect_key( $row['fields'], array_flip( array( 'featured', 'saleStatus' ) ) )
		);
	}

	public function test_a_formula_title_is_refused_for_that_reason_only(): void {
		$parser = new CarRowParser( CarCsv::map_header( array( 'stockNumber', 'title' ) ) );
		$row    = $parser->parse( 2, array( 'A1', '=HYPERLINK("http://evil.example","Win")' ) );
		$this->assertCount( 1, $row['errors'] );
		$this->assertStringStartsWith( 'Title starts with "="', $row['errors'][0] );
		$this->assertNull( CarRowParser::missing_title( $row ), 'A refused title is not also "empty".' );

		$this->assertSame( 'Title is empty; a new car needs one.', CarRowParser::missing_title( $parser->parse( 3, array( 'A2', '' ) ) ) );
		$this->assertNull( CarRowParser::missing_title( $parser->parse( 4, array( 'A3', 'Fine' ) ) ) );
	}
}
