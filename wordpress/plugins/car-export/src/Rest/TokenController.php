<?php
declare(strict_types=1);

namespace CarExport\Rest;

use CarExport\Auth\BearerToken;
use CarExport\Auth\TokenService;
use WP_Error;
use WP_REST_Request;
use WP_REST_Response;
use WP_REST_Server;

/**
 * POST /jwt-auth/v1/token and /jwt-auth/v1/token/validate, in the shape of the common JWT plugin so
 * existing clients of that plugin work unchanged.
 */
final class TokenController extends Controller {

	public const NAMESPACE = 'jwt-auth/v1';

	private const FAILURE_LIMIT  = 10;
	private const FAILURE_WINDOW = 900;

	/** @var string */
	protected $namespace = self::NAMESPACE;

	/** @var string */
	protected $rest_base = 'token';

	private RateLimiter $failures;

	public function __construct( private TokenService $tokens ) {
		$this->failures = new RateLimiter( 'token_failures', self::FAILURE_LIMIT, self::FAILURE_WINDOW );
	}

	public function register_routes(): void {
		$this->register_collection(
			$this->create_endpoint(
				array(
					'username' => Args::login( __( 'Username or e-mail', 'car-export' ) ),
					'password' => Args::password( __( 'Password', 'car-export' ), false ),
				)
			)
		);
		register_rest_route(
			$this->namespace,
			'/' . $this->rest_base . '/validate',
			array(
				array(
					'methods'             => WP_REST_Server::CREATABLE,
					'callback'            => array( $this, 'validate_token' ),
					'permission_callback' => array( $this, 'validate_permissions_check' ),
					'args'                => array(),
				),
			)
		);
	}

	/**
	 * Anyone may try to sign in, unless the site cannot issue tokens or this address and name have
	 * failed too often lately.
	 *
	 * @param WP_REST_Request<array<string, mixed>> $request
	 */
	public function create_item_permissions_check( $request ): true | WP_Error {
		if ( ! $this->tokens->is_configured() ) {
			return $this->tokens->configuration_error();
		}
		return $this->failures->refusal(
			$this->failure_key( $request ),
			'[jwt_auth] too_many_attempts',
			__( 'Too many failed sign-in attempts. Please wait 15 minutes and try again.', 'car-export' )
		) ?? true;
	}

	/**
	 * Anyone may ask whether a token is still good; the answer says nothing the token's holder
	 * could not learn by using it.
	 *
	 * @param WP_REST_Request<array<string, mixed>> $request
	 */
	public function validate_permissions_check( $request ): true | WP_Error {
		return $this->tokens->is_configured() ? true : $this->tokens->configuration_error();
	}

	/**
	 * @param WP_REST_Request<array<string, mixed>> $request
	 */
	public function create_item( $request ): WP_REST_Response|WP_Error {
		$username = is_string( $request['username'] ) ? $request['username'] : '';
		$password = is_string( $request['password'] ) ? $request['password'] : '';

		if ( '' === $username ) {
			return Refusal::bad_request( '[jwt_auth] empty_username', __( 'Please enter your username or e-mail address.', 'car-export' ) );
		}
		if ( '' === $password ) {
			return Refusal::bad_request( '[jwt_auth] empty_password', __( 'Please enter your password.', 'car-export' ) );
		}

		$user = wp_authenticate( $username, $password );
		if ( ! $user instanceof \WP_User ) {
			$this->even_out_timing( $user, $password );
			$this->failures->hit( $this->failure_key( $request ) );
			// One plain message whatever went wrong, so the answer does not tell whether the account exists.
			return new WP_Error(
				'[jwt_auth] incorrect_password',
				__( 'The username or password you entered is incorrect.', 'car-export' ),
				array( 'status' => 403 )
			);
		}
		$this->failures->reset( $this->failure_key( $request ) );

		return TokenAnswer::for_user( $this->tokens, (int) $user->ID );
	}

	/**
	 * @param WP_REST_Request<array<string, mixed>> $request
	 */
	public function validate_token( $request ): WP_REST_Response|WP_Error {
		$headers = function_exists( 'getallheaders' ) ? getallheaders() : null;
		$token   = BearerToken::from_request( $_SERVER, is_array( $headers ) ? $headers : null );
		if ( null === $token ) {
			return Refusal::make( 'jwt_auth_no_auth_header', __( 'Authorization header not found.', 'car-export' ), 403 );
		}
		$user_id = $this->tokens->verify( $token );
		if ( $user_id instanceof WP_Error ) {
			return $user_id;
		}
		return new WP_REST_Response(
			array(
				'code' => 'jwt_auth_valid_token',
				'data' => array( 'status' => 200 ),
			),
			200
		);
	}

	/**
	 * An unknown account skips the password hash check, which makes it answer measurably faster;
	 * hashing once here removes that hint.
	 */
	private function even_out_timing( mixed $error, string $password ): void {
		if ( $error instanceof WP_Error && array_intersect( $error->get_error_codes(), array( 'invalid_username', 'invalid_email' ) ) ) {
			wp_hash_password( $password );
		}
	}

	/**
	 * @param WP_REST_Request<array<string, mixed>> $request
	 */
	private function failure_key( WP_REST_Request $request ): string {
		$username = is_string( $request['username'] ) ? strtolower( $request['username'] ) : '';
		return ClientInfo::current_ip() . '|' . $username;
	}

	/**
	 * @return array<string, mixed>
	 */
	public function get_item_schema(): array {
		return self::object_schema(
			'jwt-auth-token',
			array(
				'token'             => array( 'type' => 'string' ),
				'user_email'        => array( 'type' => 'string' ),
				'user_nicename'     => array( 'type' => 'string' ),
				'user_display_name' => array( 'type' => 'string' ),
			)
		);
	}
}
