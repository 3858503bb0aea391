<?php
declare(strict_types=1);

namespace CarExport\Rest;

use CarExport\Auth\TokenService;
use WP_Error;
use WP_REST_Request;
use WP_REST_Response;

/**
 * POST /car-export/v1/register: the site's sign-up dialog. Creates a subscriber and signs it in.
 */
final class RegisterController extends Controller {

	/** @var string */
	protected $rest_base = 'register';

	private const SIGNUP_LIMIT  = 10;
	private const SIGNUP_WINDOW = 3600;

	/** Counts accounts created per address, so a script cannot fill the users table. */
	private RateLimiter $signups;

	public function __construct( private TokenService $tokens ) {
		$this->signups = new RateLimiter( 'register', self::SIGNUP_LIMIT, self::SIGNUP_WINDOW );
	}

	public function register_routes(): void {
		$this->register_collection(
			$this->create_endpoint(
				array(
					'username' => Args::username( __( 'Username', 'car-export' ) ),
					'email'    => Args::email( __( 'E-mail', 'car-export' ) ),
					'password' => Args::password( __( 'Password', 'car-export' ), true ),
				)
			)
		);
	}

	/**
	 * Open to visitors on purpose: this route is the only way a buyer gets an account (the site's
	 * sign-up dialog), and it only ever creates subscribers, who can do nothing but keep favourites.
	 * WordPress's own "Anyone can register" option is not consulted because it governs the
	 * wp-login.php form, which stays closed on a headless site. Staff can close sign-up with the
	 * car_export_allow_registration filter. Tokens must be issuable, or the new account could not
	 * sign in. Each address may create only a few accounts an hour (bucket "register").
	 *
	 * @param WP_REST_Request<array<string, mixed>> $request
	 */
	public function create_item_permissions_check( $request ): true | WP_Error {
		/**
		 * Whether visitors may create accounts through the REST route.
		 *
		 * @param bool $allow
		 */
		if ( ! apply_filters( 'car_export_allow_registration', true ) ) {
			return Refusal::make( 'car_export_registration_closed', __( 'Registration is currently closed.', 'car-export' ), 403 );
		}
		if ( ! $this->tokens->is_configured() ) {
			return $this->tokens->configuration_error();
		}
		return $this->signups->refusal(
			ClientInfo::current_ip(),
			'car_export_too_many_registrations',
			__( 'Too many accounts have been created from your network recently. Please try again in an hour.', 'car-export' )
		) ?? true;
	}

	/**
	 * @param WP_REST_Request<array<string, mixed>> $request
	 */
	public function create_item( $request ): WP_REST_Response|WP_Error {
		$username = is_string( $request['username'] ) ? $request['username'] : '';
		$email    = is_string( $request['email'] ) ? $request['email'] : '';
		$password = is_string( $request['password'] ) ? $request['password'] : '';

		if ( '' === $username || '' === $email || '' === $password ) {
			return Refusal::bad_request( 'car_export_missing_fields', __( 'Please fill in your username, e-mail address and password.', 'car-export' ) );
		}
		if ( username_exists( $username ) ) {
			return Refusal::bad_request( 'car_export_username_taken', __( 'This username is already taken. Please choose another one.', 'car-export' ) );
		}
		if ( email_exists( $email ) ) {
			return Refusal::bad_request( 'car_export_email_taken', __( 'An account with this e-mail address already exists. Please sign in instead.', 'car-export' ) );
		}

		$user_id = wp_insert_user(
			array(
				'user_login'   => wp_slash( $username ),
				'user_email'   => wp_slash( $email ),
				'user_pass'    => $password,
				'display_name' => wp_slash( $username ),
				'role'         => 'subscriber',
			)
		);
		if ( $user_id instanceof WP_Error ) {
			// WordPress's own messages can hold HTML; only the code is kept.
			return Refusal::bad_request( 'car_export_registration_failed', __( 'The account could not be created. Please check your details and try again.', 'car-export' ) );
		}
		// Only created accounts count: a visitor fixing a typo in the form must not be locked out.
		$this->signups->hit( ClientInfo::current_ip() );

		$token = $this->tokens->issue( $user_id );
		if ( $token instanceof WP_Error ) {
			return $token;
		}

		/**
		 * A buyer account was created through the REST route.
		 *
		 * @param int $user_id
		 */
		do_action( 'car_export_user_registered', $user_id );

		return new WP_REST_Response(
			array(
				'token'    => $token,
				'user_id'  => $user_id,
				'username' => $username,
				'email'    => $email,
			),
			201
		);
	}

	/**
	 * @return array<string, mixed>
	 */
	public function get_item_schema(): array {
		return self::object_schema(
			'car-export-registration',
			array(
				'token'    => array( 'type' => 'string' ),
				'user_id'  => array( 'type' => 'integer' ),
				'username' => array( 'type' => 'string' ),
				'email'    => array( 'type' => 'string' ),
			)
		);
	}
}
