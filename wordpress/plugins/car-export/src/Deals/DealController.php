<?php
declare(strict_types=1);

namespace CarExport\Deals;

use CarExport\Messages\IdempotencyKey;
use CarExport\Rest\Args;
use CarExport\Rest\Controller;
use CarExport\Rest\Refusal;
use WP_Error;
use WP_REST_Request;
use WP_REST_Response;
use WP_REST_Server;

/**
 * The buyer's side of a deal, under /car-export/v1/deals, for the signed-in account only (a bearer
 * token). A deal is named by its random public id; one that does not exist and one that belongs to
 * someone else get the same 404, so an id never tells whether a deal exists.
 *
 * @phpstan-import-type Deal from DealStore
 */
final class DealController extends Controller {

	public const ID_PATTERN = '(?P<id>[a-f0-9]{24})';

	/** @var string */
	protected $rest_base = 'deals';

	private DealService $deals;

	/** @var Deal|null The deal the permission check found for this request. */
	private ?array $deal = null;

	public function __construct() {
		$this->deals = new DealService();
	}

	public function register_routes(): void {
		$this->register_collection(
			$this->read_endpoint( array() ),
			$this->create_endpoint( self::request_args() )
		);
		$this->register_post( '/buy-now', 'buy_now', array( $this, 'create_item_permissions_check' ), self::request_args() );
		$this->item_route( '', WP_REST_Server::READABLE, 'get_item', array() );
		$this->item_route( '/accept', WP_REST_Server::CREATABLE, 'accept', array() );
		$this->item_route( '/decline', WP_REST_Server::CREATABLE, 'decline', array() );
		$this->item_route( '/proof', WP_REST_Server::CREATABLE, 'upload_proof', array() );
		$this->item_route( '/messages', WP_REST_Server::CREATABLE, 'send_message', array( 'message' => Args::multiline( __( 'Message', 'car-export' ), 5000 ) ) );
		$this->item_route( '/invoice', WP_REST_Server::READABLE, 'invoice', array() );
		register_rest_route(
			$this->namespace,
			'/deals/' . self::ID_PATTERN . '/files/(?P<file>[a-f0-9]{24})',
			array(
				'methods'             => WP_REST_Server::READABLE,
				'callback'            => array( $this, 'download' ),
				'permission_callback' => array( $this, 'own_deal' ),
				'args'                => array(),
			)
		);
	}

	/**
	 * @param array<string, array<string, mixed>> $args
	 */
	private function item_route( string $path, string $methods, string $callback, array $args ): void {
		register_rest_route(
			$this->namespace,
			'/deals/' . self::ID_PATTERN . $path,
			array(
				'methods'             => $methods,
				'callback'            => array( $this, $callback ),
				'permission_callback' => array( $this, 'own_deal' ),
				'args'                => $args,
			)
		);
	}

	/** @return array<string, array<string, mixed>> */
	public static function request_args(): array {
		return array(
			'carId'               => Args::id( __( 'Car ID', 'car-export' ) ),
			'country'             => Args::text( __( 'Destination country', 'car-export' ), 80 ),
			'portId'              => Args::id( __( 'Destination port', 'car-export' ) ),
			'tradeTerm'           => Args::choice( __( 'Trade term', 'car-export' ), DealService::TERMS ),
			'shipping'            => Args::choice( __( 'Shipping', 'car-export' ), DealService::SHIPPING ),
			'inspection'          => Args::flag( __( 'Pre-shipment inspection', 'car-export' ) ),
			'message'             => Args::multiline( __( 'Message', 'car-export' ), 5000 ),
			IdempotencyKey::FIELD => Args::idempotency_key( __( 'Idempotency key', 'car-export' ) ),
		);
	}

	/**
	 * @param WP_REST_Request<array<string, mixed>> $request
	 */
	public function get_items_permissions_check( $request ): true | WP_Error {
		return self::signed_in();
	}

	/**
	 * @param WP_REST_Request<array<string, mixed>> $request
	 */
	public function create_item_permissions_check( $request ): true | WP_Error {
		return self::signed_in();
	}

	/**
	 * The deal must be the signed-in buyer's own; anything else (no account, another buyer's deal,
	 * an id that was never issued) is the same 404.
	 *
	 * @param WP_REST_Request<array<string, mixed>> $request
	 */
	public function own_deal( WP_REST_Request $request ): true | WP_Error {
		$id   = $request->get_param( 'id' );
		$deal = is_string( $id ) ? DealStore::find_public( $id ) : null;
		if ( null === $deal || ! is_user_logged_in() || get_current_user_id() !== $deal['buyer_id'] ) {
			return DealRefusal::not_found()->to_error();
		}
		$this->deal = $deal;
		return true;
	}

	/**
	 * @param WP_REST_Request<array<string, mixed>> $request
	 */
	public function get_items( $request ): WP_REST_Response {
		$deals = array_map( array( DealView::class, 'summary' ), DealStore::of_buyer( get_current_user_id() ) );
		return new WP_REST_Response(
			array(
				'success' => true,
				'deals'   => $deals,
			),
			200
		);
	}

	/**
	 * @param WP_REST_Request<array<string, mixed>> $request
	 */
	public function get_item( $request ): WP_REST_Response|WP_Error {
		return self::answer( $this->deal(), 200 );
	}

	/**
	 * POST /deals: a quote request.
	 *
	 * @param WP_REST_Request<array<string, mixed>> $request
	 */
	public function create_item( $request ): WP_REST_Response|WP_Error {
		return $this->start( $request, false );
	}

	/**
	 * @param WP_REST_Request<array<string, mixed>> $request
	 */
	public function buy_now( WP_REST_Request $request ): WP_REST_Response|WP_Error {
		return $this->start( $request, true );
	}

	/**
	 * @param WP_REST_Request<array<string, mixed>> $request
	 */
	private function start( WP_REST_Request $request, bool $buy_now ): WP_REST_Response|WP_Error {
		$key = IdempotencyKey::choose( $request->get_header( IdempotencyKey::HEADER ), $request[ IdempotencyKey::FIELD ] );
		if ( $key instanceof WP_Error ) {
			return $key;
		}
		$car_id = is_int( $request['carId'] ) ? $request['carId'] : 0;
		$fields = array(
			'country'   => __( 'Please enter the destination country.', 'car-export' ),
			'tradeTerm' => __( 'Please choose a trade term: FOB, CFR or CIF.', 'car-export' ),
			'shipping'  => __( 'Please choose RoRo or container shipping.', 'car-export' ),
		);
		if ( $car_id <= 0 ) {
			return Refusal::bad_request( 'car_export_missing_car_id', __( 'Car ID is missing.', 'car-export' ) );
		}
		foreach ( $fields as $field => $sentence ) {
			if ( ! is_string( $request[ $field ] ) || '' === $request[ $field ] ) {
				return Refusal::bad_request( 'car_export_missing_' . strtolower( $field ), $sentence );
			}
		}
		$input  = array(
			'car_id'     => $car_id,
			'country'    => (string) $request['country'],
			'port_id'    => is_int( $request['portId'] ) ? $request['portId'] : 0,
			'trade_term' => (string) $request['tradeTerm'],
			'shipping'   => (string) $request['shipping'],
			'inspection' => true === $request['inspection'],
			'message'    => is_string( $request['message'] ) ? $request['message'] : '',
		);
		$result = $buy_now
			? $this->deals->buy_now( get_current_user_id(), $input, $key )
			: $this->deals->request_quote( get_current_user_id(), $input, $key );
		return self::answer( $result, 201 );
	}

	/**
	 * @param WP_REST_Request<array<string, mixed>> $request
	 */
	public function accept( WP_REST_Request $request ): WP_REST_Response|WP_Error {
		return self::answer( $this->deals->act( $this->deal(), DealStateMachine::ACCEPT, self::buyer() ), 200 );
	}

	/**
	 * @param WP_REST_Request<array<string, mixed>> $request
	 */
	public function decline( WP_REST_Request $request ): WP_REST_Response|WP_Error {
		return self::answer( $this->deals->act( $this->deal(), DealStateMachine::DECLINE, self::buyer() ), 200 );
	}

	/**
	 * @param WP_REST_Request<array<string, mixed>> $request
	 */
	public function send_message( WP_REST_Request $request ): WP_REST_Response|WP_Error {
		$body = is_string( $request['message'] ) ? $request['message'] : '';
		return self::answer( $this->deals->message( $this->deal(), self::buyer(), $body ), 200 );
	}

	/**
	 * A proof of payment, sent as multipart/form-data in the field "file".
	 *
	 * @param WP_REST_Request<array<string, mixed>> $request
	 */
	public function upload_proof( WP_REST_Request $request ): WP_REST_Response|WP_Error {
		$deal   = $this->deal();
		$stored = self::uploaded( $request, $deal );
		if ( $stored instanceof DealRefusal ) {
			return $stored->to_error();
		}
		return self::answer( $this->deals->attach( $deal, self::buyer(), $stored, 'proof', true ), 201 );
	}

	/**
	 * @param WP_REST_Request<array<string, mixed>> $request
	 */
	public function invoice( WP_REST_Request $request ): WP_Error {
		$deal = $this->deal();
		if ( null === $deal['proforma_number'] ) {
			return DealRefusal::conflict( __( 'The proforma invoice is issued once the quote is accepted.', 'car-export' ) )->to_error();
		}
		ProformaInvoice::send( $deal );
	}

	/**
	 * @param WP_REST_Request<array<string, mixed>> $request
	 */
	public function download( WP_REST_Request $request ): WP_Error {
		$deal = $this->deal();
		$id   = $request->get_param( 'file' );
		$file = is_string( $id ) ? DealStore::find_file( $deal['id'], $id ) : null;
		if ( null === $file || ! $file['for_buyer'] || ! is_file( DealFiles::path( $deal, $file['stored_name'] ) ) ) {
			return Refusal::not_found( 'car_export_file_not_found', __( 'The requested file could not be found.', 'car-export' ) );
		}
		DealFiles::send( $deal, $file );
	}

	/**
	 * Checks the "file" field of a multipart upload and stores it.
	 *
	 * @param WP_REST_Request<array<string, mixed>> $request
	 * @param Deal                                  $deal
	 * @return array{name: string, mime: string, size: int, stored_name: string, public_id: string}|DealRefusal
	 */
	public static function uploaded( WP_REST_Request $request, array $deal ): array|DealRefusal {
		$files = $request->get_file_params();
		$file  = $files['file'] ?? null;
		// A body over PHP's post limit arrives empty; its declared length still tells why.
		$length = (int) $request->get_header( 'content-length' );
		if ( ! is_array( $file ) ) {
			return $length > DealFiles::MAX_BYTES ? DealFiles::too_large() : DealRefusal::bad( __( 'Please attach the file in the field "file".', 'car-export' ) );
		}
		$error = (int) ( $file['error'] ?? UPLOAD_ERR_NO_FILE );
		if ( in_array( $error, array( UPLOAD_ERR_INI_SIZE, UPLOAD_ERR_FORM_SIZE ), true ) ) {
			return DealFiles::too_large();
		}
		if ( UPLOAD_ERR_OK !== $error || ! is_string( $file['tmp_name'] ?? null ) || ! is_uploaded_file( $file['tmp_name'] ) ) {
			return DealRefusal::bad( __( 'The file did not arrive whole. Please try again.', 'car-export' ) );
		}
		return DealFiles::store( $deal, $file['tmp_name'], is_string( $file['name'] ?? null ) ? $file['name'] : 'file' );
	}

	/**
	 * @param Deal|DealRefusal $result
	 */
	private static function answer( array|DealRefusal $result, int $status ): WP_REST_Response|WP_Error {
		if ( $result instanceof DealRefusal ) {
			return $result->to_error();
		}
		return new WP_REST_Response(
			array(
				'success' => true,
				'deal'    => DealView::for_buyer( $result ),
			),
			$status
		);
	}

	/** @return Deal */
	private function deal(): array {
		if ( null === $this->deal ) {
			// Only reached if a route forgot its permission check: answer nothing rather than any deal.
			wp_die( '', '', array( 'response' => 404 ) );
		}
		return $this->deal;
	}

	/** @return array{id: int, role: string} */
	private static function buyer(): array {
		return array(
			'id'   => get_current_user_id(),
			'role' => DealService::BUYER,
		);
	}

	private static function signed_in(): true | WP_Error {
		return is_user_logged_in() ? true : Refusal::make( 'rest_not_logged_in', __( 'Please sign in to see and start deals.', 'car-export' ), 401 );
	}

	/**
	 * @return array<string, mixed>
	 */
	public function get_item_schema(): array {
		return self::object_schema(
			'car-export-deal',
			array(
				'success' => array( 'type' => 'boolean' ),
				'deal'    => array( 'type' => 'object' ),
				'deals'   => array( 'type' => 'array' ),
			)
		);
	}
}
