<?php
declare(strict_types=1);

namespace CarExport\Alerts;

use CarExport\Rest\Args;
use CarExport\Rest\Controller;
use CarExport\Rest\Refusal;
use WP_Error;
use WP_REST_Request;
use WP_REST_Response;
use WP_REST_Server;

/**
 * /car-export/v1/saved-searches: the signed-in buyer's own saved searches (list, save, rename,
 * pause or resume the e-mails, delete), and /car-export/v1/alerts/unsubscribe, the one-click stop
 * of an alert mail, allowed by the mail's signed token instead of a sign-in. There is no user
 * parameter on the buyer's routes, so an id of another buyer's search is simply not found.
 *
 * @phpstan-import-type SavedSearch from SavedSearches
 */
final class SavedSearchController extends Controller {

	/** @var string */
	protected $rest_base = 'saved-searches';

	public function register_routes(): void {
		$this->register_collection(
			$this->read_endpoint( array() ),
			$this->create_endpoint(
				array(
					'name'   => Args::text( __( 'Name', 'car-export' ), SavedSearches::NAME_MAX ),
					'filter' => self::filter_arg(),
				)
			)
		);
		register_rest_route(
			$this->namespace,
			'/' . $this->rest_base . '/(?P<id>\d+)',
			array(
				array(
					'methods'             => WP_REST_Server::EDITABLE,
					'callback'            => array( $this, 'update_item' ),
					'permission_callback' => array( $this, 'update_item_permissions_check' ),
					'args'                => array(
						'id'     => Args::id( __( 'Saved search', 'car-export' ) ),
						'name'   => Args::text( __( 'Name', 'car-export' ), SavedSearches::NAME_MAX ),
						'paused' => Args::flag( __( 'E-mails paused', 'car-export' ) ),
					),
				),
				array(
					'methods'             => WP_REST_Server::DELETABLE,
					'callback'            => array( $this, 'delete_item' ),
					'permission_callback' => array( $this, 'delete_item_permissions_check' ),
					'args'                => array( 'id' => Args::id( __( 'Saved search', 'car-export' ) ) ),
				),
				'schema' => array( $this, 'get_public_item_schema' ),
			)
		);
		register_rest_route(
			$this->namespace,
			'/alerts/unsubscribe',
			array(
				'methods'             => WP_REST_Server::CREATABLE,
				'callback'            => array( $this, 'unsubscribe' ),
				'permission_callback' => array( $this, 'unsubscribe_permissions_check' ),
				'args'                => array(
					'user'  => Args::id( __( 'Account', 'car-export' ) ),
					'token' => Args::text( __( 'Token', 'car-export' ), 64 ),
				),
			)
		);
	}

	/**
	 * The catalogue filter: its types checked by the schema, then its values by the search's own rules.
	 *
	 * @return array<string, mixed>
	 */
	private static function filter_arg(): array {
		$text   = array( 'type' => 'string' );
		$schema = array(
			'type'                 => 'object',
			'additionalProperties' => false,
			'properties'           => array(
				'search'       => $text,
				'bodyType'     => $text,
				'fuelType'     => $text,
				'transmission' => $text,
				'brand'        => $text,
				'model'        => $text,
				'drive'        => $text,
				'year'         => array( 'type' => 'integer' ),
				'minPrice'     => array( 'type' => 'integer' ),
				'maxPrice'     => array( 'type' => 'integer' ),
				'includeSold'  => array( 'type' => 'boolean' ),
			),
		);
		return array( 'description' => __( 'Catalogue filters', 'car-export' ) ) + $schema + array(
			'validate_callback' => static function ( mixed $value ) use ( $schema ): true | WP_Error {
				$typed = rest_validate_value_from_schema( $value, $schema, 'filter' );
				if ( is_wp_error( $typed ) ) {
					return $typed;
				}
				$parsed = SavedSearches::parse_filter( is_array( $value ) ? $value : array() );
				return is_string( $parsed ) ? new WP_Error( 'rest_invalid_param', $parsed, array( 'status' => 400 ) ) : true;
			},
			'sanitize_callback' => static function ( mixed $value ) use ( $schema ): mixed {
				$typed  = rest_sanitize_value_from_schema( $value, $schema, 'filter' );
				$parsed = SavedSearches::parse_filter( is_array( $typed ) ? $typed : array() );
				return is_string( $parsed ) ? new WP_Error( 'rest_invalid_param', $parsed, array( 'status' => 400 ) ) : $parsed;
			},
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
	 * @param WP_REST_Request<array<string, mixed>> $request
	 */
	public function update_item_permissions_check( $request ): true | WP_Error {
		return self::signed_in();
	}

	/**
	 * @param WP_REST_Request<array<string, mixed>> $request
	 */
	public function delete_item_permissions_check( $request ): true | WP_Error {
		return self::signed_in();
	}

	/**
	 * Anyone holding the mail's link may stop that account's alerts; a wrong token is refused.
	 *
	 * @param WP_REST_Request<array<string, mixed>> $request
	 */
	public function unsubscribe_permissions_check( $request ): true | WP_Error {
		$user  = is_int( $request['user'] ) ? $request['user'] : 0;
		$token = is_string( $request['token'] ) ? $request['token'] : '';
		if ( UnsubscribeToken::is_valid( $user, $token ) && false !== get_userdata( $user ) ) {
			return true;
		}
		return Refusal::make( 'car_export_bad_unsubscribe_link', __( 'This unsubscribe link is not valid. Manage your alerts from your account instead.', 'car-export' ), 403 );
	}

	/**
	 * @param WP_REST_Request<array<string, mixed>> $request
	 */
	public function get_items( $request ): WP_REST_Response {
		return self::answer( get_current_user_id(), '', 200 );
	}

	/**
	 * @param WP_REST_Request<array<string, mixed>> $request
	 */
	public function create_item( $request ): WP_REST_Response|WP_Error {
		$user_id = get_current_user_id();
		$name    = is_string( $request['name'] ) ? trim( $request['name'] ) : '';
		$filter  = is_array( $request['filter'] ) ? $request['filter'] : array();
		if ( '' === $name ) {
			return Refusal::bad_request( 'car_export_missing_name', __( 'Please give the search a name.', 'car-export' ) );
		}
		$searches = SavedSearches::read( $user_id );
		if ( count( $searches ) >= SavedSearches::MAX ) {
			/* translators: %d: maximum number of saved searches. */
			return Refusal::bad_request( 'car_export_too_many_searches', sprintf( __( 'You can keep at most %d saved searches. Delete one you no longer need first.', 'car-export' ), SavedSearches::MAX ) );
		}
		$searches[] = array(
			'id'       => SavedSearches::next_id( $searches ),
			'name'     => $name,
			'filter'   => $filter,
			'created'  => time(),
			'paused'   => false,
			'notified' => array(),
		);
		SavedSearches::write( $user_id, $searches );
		return self::answer( $user_id, __( 'Search saved. We will e-mail you new matches.', 'car-export' ), 201 );
	}

	/**
	 * @param WP_REST_Request<array<string, mixed>> $request
	 */
	public function update_item( $request ): WP_REST_Response|WP_Error {
		$user_id  = get_current_user_id();
		$id       = is_int( $request['id'] ) ? $request['id'] : 0;
		$searches = SavedSearches::read( $user_id );
		if ( null === SavedSearches::find( $searches, $id ) ) {
			return self::not_found();
		}
		$name = $request->has_param( 'name' ) && is_string( $request['name'] ) ? trim( $request['name'] ) : null;
		if ( '' === $name ) {
			return Refusal::bad_request( 'car_export_missing_name', __( 'Please give the search a name.', 'car-export' ) );
		}
		foreach ( $searches as $index => $search ) {
			if ( $search['id'] !== $id ) {
				continue;
			}
			if ( null !== $name ) {
				$searches[ $index ]['name'] = $name;
			}
			if ( $request->has_param( 'paused' ) ) {
				$searches[ $index ]['paused'] = true === $request['paused'];
			}
		}
		SavedSearches::write( $user_id, $searches );
		return self::answer( $user_id, __( 'Saved search updated.', 'car-export' ), 200 );
	}

	/**
	 * @param WP_REST_Request<array<string, mixed>> $request
	 */
	public function delete_item( $request ): WP_REST_Response|WP_Error {
		$user_id  = get_current_user_id();
		$id       = is_int( $request['id'] ) ? $request['id'] : 0;
		$searches = SavedSearches::read( $user_id );
		if ( null === SavedSearches::find( $searches, $id ) ) {
			return self::not_found();
		}
		SavedSearches::write( $user_id, array_values( array_filter( $searches, static fn( array $search ): bool => $search['id'] !== $id ) ) );
		AlertDigest::forget_search( $user_id, $id );
		return self::answer( $user_id, __( 'Saved search deleted.', 'car-export' ), 200 );
	}

	/**
	 * Pauses every saved search of the account: the alerts, and with them the price-drop notes, stop.
	 *
	 * @param WP_REST_Request<array<string, mixed>> $request
	 */
	public function unsubscribe( $request ): WP_REST_Response {
		$user_id  = is_int( $request['user'] ) ? $request['user'] : 0;
		$searches = SavedSearches::read( $user_id );
		foreach ( array_keys( $searches ) as $index ) {
			$searches[ $index ]['paused'] = true;
		}
		SavedSearches::write( $user_id, $searches );
		AlertDigest::forget_pending( $user_id );
		return new WP_REST_Response(
			array(
				'success' => true,
				'message' => __( 'You will get no more alert e-mails. You can resume them from your account.', 'car-export' ),
			),
			200
		);
	}

	/**
	 * The account's searches as the site shows them, with a message about what was just done.
	 */
	private static function answer( int $user_id, string $message, int $status ): WP_REST_Response {
		$searches = array_map(
			static fn( array $search ): array => array(
				'id'      => $search['id'],
				'name'    => $search['name'],
				'filter'  => (object) $search['filter'],
				'created' => gmdate( 'c', $search['created'] ),
				'paused'  => $search['paused'],
			),
			SavedSearches::read( $user_id )
		);
		return new WP_REST_Response(
			array(
				'success'  => true,
				'message'  => $message,
				'max'      => SavedSearches::MAX,
				'searches' => $searches,
			),
			$status
		);
	}

	private static function not_found(): WP_Error {
		return Refusal::not_found( 'car_export_saved_search_not_found', __( 'That saved search could not be found.', 'car-export' ) );
	}

	private static function signed_in(): true | WP_Error {
		if ( is_user_logged_in() ) {
			return true;
		}
		return Refusal::make( 'rest_not_logged_in', __( 'Please sign in to manage your saved searches.', 'car-export' ), 401 );
	}

	/**
	 * @return array<string, mixed>
	 */
	public function get_item_schema(): array {
		return self::object_schema(
			'car-export-saved-searches',
			array(
				'success'  => array( 'type' => 'boolean' ),
				'message'  => array( 'type' => 'string' ),
				'max'      => array( 'type' => 'integer' ),
				'searches' => array( 'type' => 'array' ),
			)
		);
	}
}
