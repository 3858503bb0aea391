<?php
declare(strict_types=1);

namespace CarExport\Tests\Unit;

use CarExport\Import\CarImporter;
use CarExport\Tests\Unit\Support\WithFakeWpdb;
use PHPUnit\Framework\Attributes\CoversClass;
use PHPUnit\Framework\TestCase;

/**
 * The importer's plan of a CSV file checks each row against the catalogue's own brands and models:
 * a brand no car has yet is refused with the reason, a known one takes the catalogue's spelling, and
 * a stock number repeated in the file is refused on its second row.
 */
#[CoversClass( CarImporter::class )]
final class CarImportPlanTest extends TestCase {
	use WithFakeWpdb;

	private string $file = '';

	/**
	 * @return array{header: list<string>, columns: list<string|null>, rows: list<array<string, mixed>>, errors: list<string>}
	 */
	private function plan( string $csv ): array {
		$this->file = (string) tempnam( sys_get_temp_dir(), 'car-import-' );
		file_put_contents( $this->file, $csv );
		// What the lookup table holds: the catalogue's brands and models.
		$this->db->answers = array(
			array(
				array(
					'brand' => 'Toyota',
					'model' => 'Hilux',
				),
				array(
					'brand' => 'BMW',
					'model' => 'X5',
				),
			),
		);
		return ( new CarImporter() )->plan( $this->file );
	}

	// phpcs:ignore WordPress.NamingConventions.ValidFunctionName.MethodNameInvalid -- PHPUnit's own hook name.
	protected function tearDown(): void {
		if ( '' !== $this->file ) {
			unlink( $this->file );
		}
		unset( $GLOBALS['wpdb'] );
	}

	public function test_a_brand_the_catalogue_does_not_have_is_refused_and_a_known_one_takes_its_spelling(): void {
		$plan = $this->plan( "stockNumber,title,brand,model\nA1,First,Toyta,Hilux\nA2,Second,toyota,hilux\nA3,Third,BMW,X7\n" );

		$this->assertSame( array(), $plan['errors'] );
		$this->assertCount( 3, $plan['rows'] );
		list( $typo, $known, $new_model ) = $plan['rows'];

		$this->assertSame( array( 'Brand "Toyta" is not a brand of any car yet. Check the spelling; a new brand is added by saving its first car with the car form.' ), $typo['errors'] );
		$this->assertSame( array(), $known['errors'] );
		$this->assertSame( 'Toyota', $known['fields']['brand'] );
		$this->assertSame( 'Hilux', $known['fields']['model'] );
		$this->assertCount( 1, $new_model['errors'] );
		$this->assertStringContainsString( '"X7"', $new_model['errors'][0] );

		$this->assertCount( 1, $this->db->statements, 'The catalogue is read once for the whole file.' );
		$this->assertStringContainsString( 'SELECT DISTINCT brand, model FROM wp_car_lookup', $this->db->statements[0] );
	}

	public function test_a_stock_number_repeated_in_the_file_is_refused_on_its_second_row(): void {
		$plan = $this->plan( "stockNumber,title,brand\nA1,First,BMW\na1,Again,BMW\n\n,No stock,BMW\n" );

		$this->assertSame( array(), $plan['rows'][0]['errors'] );
		$this->assertSame( array( 'Stock number repeats row 2.' ), $plan['rows'][1]['errors'] );
		$this->assertNotContains( 'Stock number repeats row 2.', $plan['rows'][2]['errors'], 'An empty stock number repeats nothing.' );
		$this->assertSame( array( 'stockNumber', 'title', 'brand' ), $plan['header'] );
	}

	public function test_an_unreadable_file_is_one_error_and_no_rows(): void {
		$plan = ( new CarImporter() )->plan( sys_get_temp_dir() . '/no-such-import.csv' );
		$this->assertSame( array(), $plan['rows'] );
		$this->assertCount( 1, $plan['errors'] );
		$this->assertSame( array(), $this->db->statements, 'Nothing is read from the catalogue for it.' );
	}
}
