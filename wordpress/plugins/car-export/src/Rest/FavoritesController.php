<?php
declare(strict_types=1);

namespace CarExport\Rest;

use CarExport\Cars\CarRepository;
use WP_Error;
use WP_REST_Request;
use WP_REST_Response;

/**
 * GET and POST /car-export/v1/favorites: the signed-in account's own favourite cars. There is no
 * user parameter at all, so one account can never read or change another's list.
 */
final class FavoritesController extends Controller {

	public const META_KEY = 'car_export_favorites';

	private const ACTIONS = array( 'add', 'remove' );

	/** What GET lists: the cars (as the GraphQL Car type shapes them) or only their ids. */
	private const SHAPES = array( 'cars', 'ids' );

	/** @var string */
	protected $rest_base = 'favorites';

	private CarRepository $cars;

	public function __construct() {
		$this->cars = new CarRepository();
	}

	public function register_routes(): void {
		$this->register_collection(
			$this->read_endpoint(
				array(
					'fields' => Args::choice( __( 'Fields', 'car-export' ), self::SHAPES ),
				)
			),
			$this->create_endpoint(
				array(
					'carId'  => Args::id( __( 'Car ID', 'car-export' ) ),
					'action' => Args::choice( __( 'Action', 'car-export' ), self::ACTIONS ),
				)
			)
		);
	}

	/**
	 * @param WP_REST_Request<array<string, mixed>> $request
	 */
	public function get_items_permissions_check( $request ): true | WP_Error {
		return $this->signed_in();
	}

	/**
	 * @param WP_REST_Request<array<string, mixed>> $request
	 */
	public function create_item_permissions_check( $request ): true | WP_Error {
		return $this->signed_in();
	}

	/**
	 * The account's published favourites in the order they were added: car cards with the same
	 * fields and values as the GraphQL Car type (one mapping, CarRepository, for both APIs), or
	 * with fields=ids only their ids.
	 *
	 * @param WP_REST_Request<array<string, mixed>> $request
	 */
	public function get_items( $request ): WP_REST_Response {
		$ids       = self::read( get_current_user_id() );
		$favorites = 'ids' === $request['fields']
			? $this->cars->public_ids( $ids )
			: array_map( array( CarRepository::class, 'card' ), $this->cars->find_many( $ids ) );
		return new WP_REST_Response(
			array(
				'success'   => true,
				'favorites' => $favorites,
			),
			200
		);
	}

	/**
	 * @param WP_REST_Request<array<string, mixed>> $request
	 */
	public function create_item( $request ): WP_REST_Response|WP_Error {
		$car_id  = is_int( $request['carId'] ) ? $request['carId'] : 0;
		$action  = is_string( $request['action'] ) ? $request['action'] : '';
		$user_id = get_current_user_id();

		if ( $car_id <= 0 ) {
			return Refusal::bad_request( 'car_export_missing_car_id', __( 'Car ID is missing.', 'car-export' ) );
		}
		if ( ! in_array( $action, self::ACTIONS, true ) ) {
			return Refusal::bad_request( 'car_export_bad_action', __( 'Action must be "add" or "remove".', 'car-export' ) );
		}

		$favorites = self::read( $user_id );
		$listed    = in_array( $car_id, $favorites, true );
		// A car unpublished since it was saved may still be removed, so the list can be cleaned.
		if ( ! ( 'remove' === $action && $listed ) && ! CarRepository::is_public_car( get_post( $car_id ) ) ) {
			return Refusal::not_found( 'car_export_car_not_found', __( 'The requested car could not be found.', 'car-export' ) );
		}

		if ( 'add' === $action ) {
			if ( FavoriteIds::is_full( $favorites, $car_id ) ) {
				/* translators: %d: maximum number of favourites. */
				return Refusal::bad_request( 'car_export_too_many_favorites', sprintf( __( 'You can keep at most %d favorite cars.', 'car-export' ), FavoriteIds::MAX ) );
			}
			$favorites = FavoriteIds::add( $favorites, $car_id );
			$message   = __( 'Car added to favorites.', 'car-export' );
		} else {
			$favorites = FavoriteIds::remove( $favorites, $car_id );
			$message   = __( 'Car removed from favorites.', 'car-export' );
		}
		update_user_meta( $user_id, self::META_KEY, $favorites );

		return new WP_REST_Response(
			array(
				'success'   => true,
				'message'   => $message,
				'favorites' => $favorites,
			),
			200
		);
	}

	/**
	 * Stored ids, cleaned: anything else someone may have put in the meta is dropped.
	 *
	 * @return list<int>
	 */
	public static function read( int $user_id ): array {
		$stored = get_user_meta( $user_id, self::META_KEY, true );
		return FavoriteIds::normalize( is_array( $stored ) ? $stored : array() );
	}

	private function signed_in(): true | WP_Error {
		if ( is_user_logged_in() ) {
			return true;
		}
		return Refusal::make( 'rest_not_logged_in', __( 'Please sign in to use favorites.', 'car-export' ), 401 );
	}

	/**
	 * @return array<string, mixed>
	 */
	public function get_item_schema(): array {
		return self::object_schema(
			'car-export-favorites',
			array(
				'success'   => array( 'type' => 'boolean' ),
				'message'   => array( 'type' => 'string' ),
				'favorites' => array( 'type' => 'array' ),
			)
		);
	}
}
