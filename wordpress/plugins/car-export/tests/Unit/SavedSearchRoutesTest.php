<?php
declare(strict_types=1);

namespace CarExport\Tests\Unit;

use CarExport\Alerts\AlertDigest;
use CarExport\Alerts\SavedSearchController;
use CarExport\Alerts\SavedSearches;
use CarExport\Alerts\UnsubscribeToken;
use CarExport\Tests\Unit\Support\WithFakeWordPress;
use PHPUnit\Framework\Attributes\CoversClass;
use PHPUnit\Framework\TestCase;

/**
 * A buyer's saved searches: saved under the next free id (at most 20), renamed, paused and resumed,
 * deleted with their waiting matches; the mail's unsubscribe link pauses them all and drops what was
 * waiting. A stored row that no longer reads as a search is left out rather than shown broken.
 */
#[CoversClass( SavedSearchController::class )]
#[CoversClass( SavedSearches::class )]
final class SavedSearchRoutesTest extends TestCase {
	use WithFakeWordPress;

	protected function setUp(): void {
		$this->reset_wordpress();
		$this->add_user( 11, 'kim' );
		$GLOBALS['car_export_test_wp']['user_id'] = 11;
	}

	protected function tearDown(): void {
		$this->forget_wordpress();
	}

	/**
	 * @param array<string, mixed> $params
	 */
	private static function request( array $params ): \WP_REST_Request {
		return new \WP_REST_Request( $params );
	}

	private function save( string $name, array $filter = array( 'brand' => 'Toyota' ) ): \WP_REST_Response|\WP_Error {
		return ( new SavedSearchController() )->create_item(
			self::request(
				array(
					'name'   => $name,
					'filter' => $filter,
				)
			)
		);
	}

	private function assert_refused( mixed $answer, string $code, int $status ): void {
		$this->assertInstanceOf( \WP_Error::class, $answer );
		$this->assertSame( $code, $answer->get_error_code() );
		$data = $answer->get_error_data();
		$this->assertIsArray( $data );
		$this->assertSame( $status, $data['status'] );
	}

	public function test_a_search_is_saved_under_the_next_id_and_listed(): void {
		$first = $this->save( '  Toyotas ' );
		$this->assertInstanceOf( \WP_REST_Response::class, $first );
		$this->assertSame( 201, $first->get_status() );
		$body = $first->get_data();
		$this->assertSame( 'Search saved. We will e-mail you new matches.', $body['message'] );
		$this->assertSame( 20, $body['max'] );
		$this->assertSame( 1, $body['searches'][0]['id'] );
		$this->assertSame( 'Toyotas', $body['searches'][0]['name'] );
		$this->assertEquals( (object) array( 'brand' => 'Toyota' ), $body['searches'][0]['filter'] );
		$this->assertFalse( $body['searches'][0]['paused'] );
		$this->assertMatchesRegularExpression( '/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+00:00$/', $body['searches'][0]['created'] );

		$this->save( 'Second' );
		( new SavedSearchController() )->delete_item( self::request( array( 'id' => 1 ) ) );
		$this->save( 'Third' );
		$this->assertSame( array( 2, 3 ), array_column( SavedSearches::read( 11 ), 'id' ), 'Ids are never reused while a higher one is kept.' );

		$listed = ( new SavedSearchController() )->get_items( self::request( array() ) );
		$this->assertSame( 200, $listed->get_status() );
		$this->assertSame( array( 'Second', 'Third' ), array_column( $listed->get_data()['searches'], 'name' ) );
	}

	public function test_a_name_is_required_and_twenty_searches_is_the_most(): void {
		$this->assert_refused( $this->save( '   ' ), 'car_export_missing_name', 400 );
		for ( $i = 1; $i <= 20; $i++ ) {
			$this->assertInstanceOf( \WP_REST_Response::class, $this->save( "Search {$i}" ) );
		}
		$this->assert_refused( $this->save( 'One more' ), 'car_export_too_many_searches', 400 );
		$this->assertCount( 20, SavedSearches::read( 11 ) );
	}

	public function test_a_search_is_renamed_paused_and_resumed_and_another_buyers_is_not_found(): void {
		$this->save( 'Toyotas' );
		$this->save( 'BMWs', array( 'brand' => 'BMW' ) );
		$controller = new SavedSearchController();

		$renamed = $controller->update_item(
			self::request(
				array(
					'id'   => 2,
					'name' => ' Bavarian ',
				)
			)
		);
		$this->assertInstanceOf( \WP_REST_Response::class, $renamed );
		$this->assertSame( array( 'Toyotas', 'Bavarian' ), array_column( SavedSearches::read( 11 ), 'name' ) );

		$controller->update_item(
			self::request(
				array(
					'id'     => 2,
					'paused' => true,
				)
			)
		);
		$this->assertSame( array( false, true ), array_column( SavedSearches::read( 11 ), 'paused' ) );
		$this->assertSame( 'Bavarian', SavedSearches::read( 11 )[1]['name'], 'Pausing keeps the name.' );
		$controller->update_item(
			self::request(
				array(
					'id'     => 2,
					'paused' => false,
				)
			)
		);
		$this->assertSame( array( false, false ), array_column( SavedSearches::read( 11 ), 'paused' ) );

		$this->assert_refused(
			$controller->update_item(
				self::request(
					array(
						'id'   => 2,
						'name' => ' ',
					)
				)
			),
			'car_export_missing_name',
			400
		);
		$this->assert_refused( $controller->update_item( self::request( array( 'id' => 7 ) ) ), 'car_export_saved_search_not_found', 404 );
		$this->assert_refused( $controller->delete_item( self::request( array( 'id' => 7 ) ) ), 'car_export_saved_search_not_found', 404 );

		$GLOBALS['car_export_test_wp']['user_id'] = 12;
		$this->add_user( 12, 'lee' );
		$this->assert_refused( $controller->update_item( self::request( array( 'id' => 2 ) ) ), 'car_export_saved_search_not_found', 404 );
	}

	public function test_deleting_a_search_drops_its_waiting_matches_only(): void {
		$this->save( 'Toyotas' );
		$this->save( 'BMWs', array( 'brand' => 'BMW' ) );
		update_user_meta(
			11,
			AlertDigest::PENDING_META,
			array(
				'matches' => array(
					array(
						'search' => 1,
						'car'    => 50,
					),
					array(
						'search' => 2,
						'car'    => 51,
					),
				),
				'drops'   => array(),
			)
		);
		$answer = ( new SavedSearchController() )->delete_item( self::request( array( 'id' => 1 ) ) );
		$this->assertInstanceOf( \WP_REST_Response::class, $answer );
		$this->assertSame( 'Saved search deleted.', $answer->get_data()['message'] );
		$this->assertSame( array( 2 ), array_column( SavedSearches::read( 11 ), 'id' ) );
		$this->assertSame( array( 51 ), array_column( AlertDigest::pending( 11 )['matches'], 'car' ) );

		( new SavedSearchController() )->delete_item( self::request( array( 'id' => 2 ) ) );
		$this->assertSame( '', get_user_meta( 11, SavedSearches::META_KEY, true ), 'The last one deleted leaves no meta behind.' );
		$this->assertSame( array(), SavedSearches::owners() );
	}

	public function test_the_unsubscribe_link_pauses_every_search_and_drops_what_was_waiting(): void {
		$this->save( 'Toyotas' );
		$this->save( 'BMWs', array( 'brand' => 'BMW' ) );
		update_user_meta(
			11,
			AlertDigest::PENDING_META,
			array(
				'matches' => array(
					array(
						'search' => 1,
						'car'    => 50,
					),
				),
				'drops'   => array(),
			)
		);
		$GLOBALS['car_export_test_wp']['user_id'] = 0;
		$controller                               = new SavedSearchController();
		$request                                  = self::request(
			array(
				'user'  => 11,
				'token' => UnsubscribeToken::for_user( 11 ),
			)
		);
		$this->assertTrue( $controller->unsubscribe_permissions_check( $request ) );
		$answer = $controller->unsubscribe( $request );
		$this->assertSame( 200, $answer->get_status() );
		$this->assertTrue( $answer->get_data()['success'] );
		$this->assertSame( array( true, true ), array_column( SavedSearches::read( 11 ), 'paused' ) );
		$this->assertSame( array(), AlertDigest::pending( 11 )['matches'] );
		$this->assertSame( array( 11 ), SavedSearches::owners(), 'Paused searches are kept to resume.' );
	}

	public function test_visitors_are_refused_every_route(): void {
		$GLOBALS['car_export_test_wp']['user_id'] = 0;
		$controller                               = new SavedSearchController();
		foreach ( array( 'get_items_permissions_check', 'create_item_permissions_check', 'update_item_permissions_check', 'delete_item_permissions_check' ) as $check ) {
			$this->assert_refused( $controller->$check( self::request( array() ) ), 'rest_not_logged_in', 401 );
		}
		$GLOBALS['car_export_test_wp']['user_id'] = 11;
		$this->assertTrue( $controller->create_item_permissions_check( self::request( array() ) ) );
	}

	public function test_stored_rows_are_read_back_cleaned_and_broken_ones_left_out(): void {
		update_user_meta(
			11,
			SavedSearches::META_KEY,
			array(
				array(
					'id'       => '4',
					'name'     => 'Kept',
					'filter'   => array( 'brand' => 'BMW' ),
					'created'  => '1700000000',
					'paused'   => 1,
					'notified' => array( '7', 0, 'x', -3, 8 ),
				),
				array(
					'id'     => 0,
					'filter' => array(),
				),
				array( 'id' => 5 ),
				array(
					'id'     => 6,
					'filter' => array(
						'minPrice' => 9,
						'maxPrice' => 1,
					),
				),
				'not a row',
				array(
					'id'     => 9,
					'name'   => 42,
					'filter' => array(),
				),
			)
		);
		$this->assertSame(
			array(
				array(
					'id'       => 4,
					'name'     => 'Kept',
					'filter'   => array( 'brand' => 'BMW' ),
					'created'  => 1700000000,
					'paused'   => true,
					'notified' => array( 7, 8 ),
				),
				array(
					'id'       => 9,
					'name'     => '',
					'filter'   => array(),
					'created'  => 0,
					'paused'   => false,
					'notified' => array(),
				),
			),
			SavedSearches::read( 11 )
		);
		$this->assertSame( 10, SavedSearches::next_id( SavedSearches::read( 11 ) ) );
		$this->assertSame( 1, SavedSearches::next_id( array() ) );
		$this->assertSame(
			'minPrice must not be greater than maxPrice.',
			SavedSearches::parse_filter(
				array(
					'minPrice' => 9,
					'maxPrice' => 1,
				)
			)
		);
	}

	public function test_a_car_is_marked_notified_once_and_the_list_keeps_the_latest_500(): void {
		$search = SavedSearches::read( 11 )[0] ?? array(
			'id'       => 1,
			'name'     => 'x',
			'filter'   => array(),
			'created'  => 0,
			'paused'   => false,
			'notified' => range( 1, 500 ),
		);
		$marked = SavedSearches::mark_notified( $search, 501 );
		$this->assertIsArray( $marked );
		$this->assertCount( 500, $marked['notified'] );
		$this->assertSame( 2, $marked['notified'][0] );
		$this->assertSame( 501, $marked['notified'][499] );
		$this->assertNull( SavedSearches::mark_notified( $marked, 501 ) );
		$this->assertNull( SavedSearches::mark_notified( $marked, 2 ) );
	}
}
