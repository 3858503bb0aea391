<?php
declare(strict_types=1);

namespace CarExport\Rest;

use CarExport\Cars\CarRepository;
use WP_Error;
use WP_REST_Request;
use WP_REST_Response;
use WP_REST_Server;

/**
 * GET and POST /car-export/v1/favorites: the signed-in account's own favourite cars. There is no
 * user parameter at all, so one account can never read or change another's list.
 *
 * @phpstan-import-type Car from CarRepository
 */
final class FavoritesController extends \WP_REST_Controller {

	public const META_KEY = 'car_export_favorites';

	private const ACTIONS = array( 'add', 'remove' );

	/** @var string */
	protected $namespace = Routes::NAMESPACE;

	/** @var string */
	protected $rest_base = 'favorites';

	private CarRepository $cars;

	public function __construct() {
		$this->cars = new CarRepository();
	}

	public function register_routes(): void {
		register_rest_route(
			$this->namespace,
			'/' . $this->rest_base,
			array(
				array(
					'methods'             => WP_REST_Server::READABLE,
					'callback'            => array( $this, 'get_items' ),
					'permission_callback' => array( $this, 'get_items_permissions_check' ),
					'args'                => array(),
				),
				array(
					'methods'             => WP_REST_Server::CREATABLE,
					'callback'            => array( $this, 'create_item' ),
					'permission_callback' => array( $this, 'create_item_permissions_check' ),
					'args'                => array(
						'carId'  => Args::id( __( 'Car ID', 'car-export' ) ),
						'action' => Args::choice( __( 'Action', 'car-export' ), self::ACTIONS ),
					),
				),
				'schema' => array( $this, 'get_public_item_schema' ),
			)
		);
	}

	/**
	 * @param WP_REST_Request<array<string, mixed>> $request
	 */
	public function get_items_permissions_check( $request ): true|WP_Error {
		return $this->signed_in();
	}

	/**
	 * @param WP_REST_Request<array<string, mixed>> $request
	 */
	public function create_item_permissions_check( $request ): true|WP_Error {
		return $this->signed_in();
	}

	/**
	 * @param WP_REST_Request<array<string, mixed>> $request
	 */
	public function get_items( $request ): WP_REST_Response {
		$cars = $this->cars->find_many( self::read( get_current_user_id() ) );
		return new WP_REST_Response(
			array(
				'success'   => true,
				'favorites' => array_map( array( self::class, 'compact' ), $cars ),
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
			return new WP_Error( 'car_export_missing_car_id', __( 'Car ID is missing.', 'car-export' ), array( 'status' => 400 ) );
		}
		if ( ! in_array( $action, self::ACTIONS, true ) ) {
			return new WP_Error( 'car_export_bad_action', __( 'Action must be "add" or "remove".', 'car-export' ), array( 'status' => 400 ) );
		}

		$favorites = self::read( $user_id );
		$listed    = in_array( $car_id, $favorites, true );
		// A car unpublished since it was saved may still be removed, so the list can be cleaned.
		if ( ! ( 'remove' === $action && $listed ) && ! CarRepository::is_public_car( get_post( $car_id ) ) ) {
			return new WP_Error( 'car_export_car_not_found', __( 'The requested car could not be found.', 'car-export' ), array( 'status' => 404 ) );
		}

		if ( 'add' === $action ) {
			if ( FavoriteIds::is_full( $favorites, $car_id ) ) {
				/* translators: %d: maximum number of favourites. */
				return new WP_Error( 'car_export_too_many_favorites', sprintf( __( 'You can keep at most %d favorite cars.', 'car-export' ), FavoriteIds::MAX ), array( 'status' => 400 ) );
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

	/**
	 * The card shape the favourites page reads.
	 *
	 * @param Car $car
	 * @return array<string, mixed>
	 */
	public static function compact( array $car ): array {
		$image = is_array( $car['image'] ?? null ) ? $car['image'] : null;
		return array(
			'id'             => (int) ( $car['databaseId'] ?? 0 ),
			'title'          => (string) ( $car['title'] ?? '' ),
			'price'          => CarRepository::price_text( $car['price'] ?? null ),
			'priceValue'     => is_int( $car['price'] ?? null ) ? $car['price'] : null,
			'image'          => null === $image ? null : self::image_url( $image, 'large' ),
			'featured_image' => null === $image ? null : self::image_url( $image, 'full' ),
			'fuelType'       => $car['fuelType'] ?? null,
			'bodyType'       => $car['bodyType'] ?? null,
			'transmission'   => $car['transmission'] ?? null,
			'all_fields'     => array(
				'year'    => $car['year'] ?? null,
				'make'    => $car['brand'] ?? null,
				'model'   => $car['model'] ?? null,
				'mileage' => $car['mileage'] ?? null,
			),
			'features'       => is_array( $car['features'] ?? null ) ? $car['features'] : array(),
			'description'    => (string) ( $car['description'] ?? '' ),
			'saleStatus'     => (string) ( $car['saleStatus'] ?? 'available' ),
		);
	}

	/**
	 * URL of a named size, or of the original when WordPress did not make that size (small uploads).
	 *
	 * @param array<mixed> $image
	 */
	private static function image_url( array $image, string $size ): ?string {
		foreach ( is_array( $image['sizes'] ?? null ) ? $image['sizes'] : array() as $candidate ) {
			if ( is_array( $candidate ) && ( $candidate['name'] ?? '' ) === $size && is_string( $candidate['url'] ?? null ) ) {
				return $candidate['url'];
			}
		}
		return is_string( $image['url'] ?? null ) ? $image['url'] : null;
	}

	private function signed_in(): true|WP_Error {
		if ( is_user_logged_in() ) {
			return true;
		}
		return new WP_Error( 'rest_not_logged_in', __( 'Please sign in to use favorites.', 'car-export' ), array( 'status' => 401 ) );
	}

	/**
	 * @return array<string, mixed>
	 */
	public function get_item_schema(): array {
		return array(
			'$schema'    => 'http://json-schema.org/draft-04/schema#',
			'title'      => 'car-export-favorites',
			'type'       => 'object',
			'properties' => array(
				'success'   => array( 'type' => 'boolean' ),
				'message'   => array( 'type' => 'string' ),
				'favorites' => array( 'type' => 'array' ),
			),
		);
	}
}
