<?php
declare(strict_types=1);

namespace CarExport\Deals;

use CarExport\Rest\Args;
use CarExport\Rest\Controller;
use CarExport\Rest\Refusal;
use CarExport\Staff\SalesRole;
use WP_Error;
use WP_REST_Request;
use WP_REST_Response;
use WP_REST_Server;

/**
 * The sales desk's side of a deal over REST, under /car-export/v1/staff/deals, for accounts with the
 * lead capability (the Sales role and administrators): the same steps the wp-admin deal screen
 * offers, for tools and for the site's staff screens.
 *
 * @phpstan-import-type Deal from DealStore
 */
final class DealStaffController extends Controller {

	/** @var string */
	protected $rest_base = 'staff/deals';

	private DealService $deals;

	/** @var Deal|null */
	private ?array $deal = null;

	/** @var array<string, string> route step => state machine action */
	private const STEPS = array(
		'quote'           => DealStateMachine::QUOTE,
		'decline'         => DealStateMachine::DECLINE,
		'confirm-payment' => DealStateMachine::CONFIRM_PAYMENT,
		'book-shipping'   => DealStateMachine::BOOK_SHIPPING,
		'ship'            => DealStateMachine::SHIP,
		'send-documents'  => DealStateMachine::SEND_DOCUMENTS,
		'complete'        => DealStateMachine::COMPLETE,
		'cancel'          => DealStateMachine::CANCEL,
	);

	public function __construct() {
		$this->deals = new DealService();
	}

	public function register_routes(): void {
		$this->register_collection(
			$this->read_endpoint(
				array(
					'state'   => Args::choice( __( 'State', 'car-export' ), DealStateMachine::states() ),
					'overdue' => Args::flag( __( 'Overdue only', 'car-export' ) ),
					'search'  => Args::text( __( 'Search', 'car-export' ), 120 ),
				)
			)
		);
		$item = '/' . $this->rest_base . '/' . DealController::ID_PATTERN;
		$this->route( $item, WP_REST_Server::READABLE, 'get_item', array() );
		$this->route(
			$item . '/(?P<step>' . implode( '|', array_keys( self::STEPS ) ) . ')',
			WP_REST_Server::CREATABLE,
			'step',
			array(
				'lines'     => array(
					'description'       => __( 'Price lines', 'car-export' ),
					'type'              => 'array',
					'maxItems'          => 20,
					'items'             => array(
						'type'       => 'object',
						'properties' => array(
							'kind'   => array(
								'type' => 'string',
								'enum' => DealService::KINDS,
							),
							'label'  => array(
								'type'      => 'string',
								'maxLength' => 120,
							),
							'amount' => array(
								'type'    => 'integer',
								'minimum' => 0,
							),
						),
					),
					'sanitize_callback' => 'rest_sanitize_request_arg',
					'validate_callback' => 'rest_validate_request_arg',
				),
				'validDays' => Args::id( __( 'Days the quote is valid', 'car-export' ) ),
				'amount'    => Args::id( __( 'Amount received (USD)', 'car-export' ) ),
				'date'      => Args::text( __( 'Date received', 'car-export' ), 10 ),
				'vessel'    => Args::text( __( 'Vessel', 'car-export' ), 120 ),
				'etd'       => Args::text( __( 'ETD', 'car-export' ), 10 ),
				'eta'       => Args::text( __( 'ETA', 'car-export' ), 10 ),
				'blNumber'  => Args::text( __( 'B/L number', 'car-export' ), 120 ),
				'tracking'  => Args::text( __( 'Courier tracking', 'car-export' ), 120 ),
				'reason'    => Args::multiline( __( 'Reason', 'car-export' ), 1000 ),
				'note'      => Args::multiline( __( 'Note', 'car-export' ), 1000 ),
			)
		);
		$this->route( $item . '/messages', WP_REST_Server::CREATABLE, 'send_message', array( 'message' => Args::multiline( __( 'Message', 'car-export' ), 5000 ) ) );
		$this->route( $item . '/documents', WP_REST_Server::CREATABLE, 'upload_document', array( 'forBuyer' => Args::flag( __( 'For the buyer', 'car-export' ) ) ) );
	}

	/**
	 * @param array<string, array<string, mixed>> $args
	 */
	private function route( string $path, string $methods, string $callback, array $args ): void {
		register_rest_route(
			$this->namespace,
			$path,
			array(
				'methods'             => $methods,
				'callback'            => array( $this, $callback ),
				'permission_callback' => array( $this, 'staff_deal' ),
				'args'                => $args,
			)
		);
	}

	/**
	 * @param WP_REST_Request<array<string, mixed>> $request
	 */
	public function get_items_permissions_check( $request ): true | WP_Error {
		return self::staff();
	}

	/**
	 * @param WP_REST_Request<array<string, mixed>> $request
	 */
	public function staff_deal( WP_REST_Request $request ): true | WP_Error {
		$allowed = self::staff();
		if ( true !== $allowed ) {
			return $allowed;
		}
		$id   = $request->get_param( 'id' );
		$deal = is_string( $id ) ? DealStore::find_public( $id ) : null;
		if ( null === $deal ) {
			return DealRefusal::not_found()->to_error();
		}
		$this->deal = $deal;
		return true;
	}

	/**
	 * @param WP_REST_Request<array<string, mixed>> $request
	 */
	public function get_items( $request ): WP_REST_Response {
		$state = is_string( $request['state'] ) ? $request['state'] : '';
		$deals = DealStore::search( $state, true === $request['overdue'], is_string( $request['search'] ) ? $request['search'] : '' );
		return new WP_REST_Response(
			array(
				'success' => true,
				'deals'   => array_map( static fn ( array $d ): array => DealView::summary( $d ) + array( 'buyerId' => $d['buyer_id'] ), $deals ),
			),
			200
		);
	}

	/**
	 * @param WP_REST_Request<array<string, mixed>> $request
	 */
	public function get_item( $request ): WP_REST_Response|WP_Error {
		return self::answer( $this->deal() );
	}

	/**
	 * @param WP_REST_Request<array<string, mixed>> $request
	 */
	public function step( WP_REST_Request $request ): WP_REST_Response|WP_Error {
		$step  = (string) $request->get_param( 'step' );
		$input = array(
			'lines'      => $request['lines'],
			'valid_days' => $request['validDays'],
			'amount'     => $request['amount'],
			'date'       => $request['date'] ?? gmdate( 'Y-m-d' ),
			'vessel'     => $request['vessel'],
			'etd'        => $request['etd'],
			'eta'        => $request['eta'],
			'bl_number'  => $request['blNumber'],
			'tracking'   => $request['tracking'],
			'reason'     => $request['reason'],
			'note'       => $request['note'],
		);
		return self::answer( $this->deals->act( $this->deal(), self::STEPS[ $step ], self::actor(), array_filter( $input, static fn ( mixed $v ): bool => null !== $v ) ) );
	}

	/**
	 * @param WP_REST_Request<array<string, mixed>> $request
	 */
	public function send_message( WP_REST_Request $request ): WP_REST_Response|WP_Error {
		return self::answer( $this->deals->message( $this->deal(), self::actor(), is_string( $request['message'] ) ? $request['message'] : '' ) );
	}

	/**
	 * A document (multipart field "file"); forBuyer=true releases it to the buyer, otherwise it
	 * stays internal.
	 *
	 * @param WP_REST_Request<array<string, mixed>> $request
	 */
	public function upload_document( WP_REST_Request $request ): WP_REST_Response|WP_Error {
		$deal   = $this->deal();
		$stored = DealController::uploaded( $request, $deal );
		if ( $stored instanceof DealRefusal ) {
			return $stored->to_error();
		}
		return self::answer( $this->deals->attach( $deal, self::actor(), $stored, 'document', true === $request['forBuyer'] ) );
	}

	/**
	 * @param Deal|DealRefusal $result
	 */
	private static function answer( array|DealRefusal $result ): WP_REST_Response|WP_Error {
		if ( $result instanceof DealRefusal ) {
			return $result->to_error();
		}
		return new WP_REST_Response(
			array(
				'success' => true,
				'deal'    => DealView::for_staff( $result ),
			),
			200
		);
	}

	/** @return Deal */
	private function deal(): array {
		if ( null === $this->deal ) {
			wp_die( '', '', array( 'response' => 404 ) );
		}
		return $this->deal;
	}

	/** @return array{id: int, role: string} */
	public static function actor(): array {
		return array(
			'id'   => get_current_user_id(),
			'role' => DealService::STAFF,
		);
	}

	private static function staff(): true | WP_Error {
		if ( ! is_user_logged_in() ) {
			return Refusal::make( 'rest_not_logged_in', __( 'Please sign in.', 'car-export' ), 401 );
		}
		return current_user_can( SalesRole::MANAGE_LEADS ) ? true : Refusal::make( 'rest_forbidden', __( 'Only the sales team can work on deals.', 'car-export' ), 403 );
	}

	/**
	 * @return array<string, mixed>
	 */
	public function get_item_schema(): array {
		return self::object_schema(
			'car-export-staff-deal',
			array(
				'success' => array( 'type' => 'boolean' ),
				'deal'    => array( 'type' => 'object' ),
				'deals'   => array( 'type' => 'array' ),
			)
		);
	}
}
