<?php
declare(strict_types=1);

namespace CarExport\Rest;

use CarExport\Account\AccountMail;
use CarExport\Auth\TokenService;
use WP_Error;
use WP_REST_Request;
use WP_REST_Response;

/**
 * The buyer's password reset, with WordPress's own reset keys (expiring, single use):
 * POST /car-export/v1/password/forgot asks for a link, /password/check tells the reset page whether
 * its link still works, /password/reset sets the new password and signs the buyer in.
 */
final class PasswordResetController extends Controller {

	/** @var string */
	protected $rest_base = 'password';

	private const VISITOR_LIMIT   = 10;
	private const ADDRESS_LIMIT   = 3;
	private const WINDOW          = 3600;
	private const FAILURE_LIMIT   = 10;
	private const FAILURE_WINDOW  = 900;
	private const SENT_MESSAGE_ID = 'car_export_reset_requested';

	/** Requests per visitor's network address, so one visitor cannot mail many addresses. */
	private RateLimiter $visitors;

	/** Requests per e-mail address, so nobody can fill a mailbox with reset links. */
	private RateLimiter $addresses;

	/** Wrong or stale keys per network address, so keys cannot be guessed. */
	private RateLimiter $failures;

	public function __construct( private TokenService $tokens ) {
		$this->visitors  = new RateLimiter( 'reset_visitor', self::VISITOR_LIMIT, self::WINDOW );
		$this->addresses = new RateLimiter( 'reset_address', self::ADDRESS_LIMIT, self::WINDOW );
		$this->failures  = new RateLimiter( 'reset_failures', self::FAILURE_LIMIT, self::FAILURE_WINDOW );
	}

	public function register_routes(): void {
		$key = array(
			'login' => Args::login( __( 'Username', 'car-export' ) ),
			'key'   => Args::text( __( 'Key', 'car-export' ), 64 ),
		);
		$this->register_post( '/forgot', 'forgot', array( $this, 'forgot_permissions_check' ), array( 'email' => Args::email( __( 'E-mail', 'car-export' ) ) ) );
		$this->register_post( '/check', 'check', array( $this, 'key_permissions_check' ), $key );
		$this->register_post( '/reset', 'reset', array( $this, 'key_permissions_check' ), $key + array( 'password' => Args::password( __( 'Password', 'car-export' ), true ) ) );
	}


	/**
	 * Open to visitors (they are signed out by definition); refused only when this network address
	 * or this e-mail address has asked too often lately. Both limits apply alike to registered and
	 * unknown addresses, so a refusal says nothing about whether an account exists.
	 *
	 * @param WP_REST_Request<array<string, mixed>> $request
	 */
	public function forgot_permissions_check( $request ): true | WP_Error {
		$message = __( 'Too many reset requests. Please wait an hour and try again.', 'car-export' );
		return $this->visitors->refusal( ClientInfo::current_ip(), 'car_export_too_many_resets', $message )
			?? $this->addresses->refusal( self::address_key( $request ), 'car_export_too_many_resets', $message )
			?? true;
	}

	/**
	 * Anyone holding a link may use it; wrong keys from one network address are limited, and tokens
	 * must be issuable because a successful reset signs the buyer in.
	 *
	 * @param WP_REST_Request<array<string, mixed>> $request
	 */
	public function key_permissions_check( $request ): true | WP_Error {
		if ( ! $this->tokens->is_configured() ) {
			return $this->tokens->configuration_error();
		}
		return $this->failures->refusal(
			ClientInfo::current_ip(),
			'car_export_too_many_reset_attempts',
			__( 'Too many attempts with reset links. Please wait 15 minutes and try again.', 'car-export' )
		) ?? true;
	}

	/**
	 * The same answer for every address: the mail is queued (for a registered buyer it carries a
	 * link; for anyone else nothing is sent), and the cron runner sends it.
	 *
	 * @param WP_REST_Request<array<string, mixed>> $request
	 */
	public function forgot( $request ): WP_REST_Response|WP_Error {
		$email = is_string( $request['email'] ) ? $request['email'] : '';
		if ( '' === $email ) {
			return Refusal::bad_request( 'car_export_missing_email', __( 'Please enter your e-mail address.', 'car-export' ) );
		}
		$this->visitors->hit( ClientInfo::current_ip() );
		$this->addresses->hit( self::address_key( $request ) );
		AccountMail::queue( AccountMail::RESET, $email );
		return new WP_REST_Response(
			array(
				'code'    => self::SENT_MESSAGE_ID,
				'message' => __( 'If an account uses this address, we have sent it a link to reset the password.', 'car-export' ),
			),
			202
		);
	}

	/**
	 * @param WP_REST_Request<array<string, mixed>> $request
	 */
	public function check( $request ): WP_REST_Response|WP_Error {
		$user = $this->user_for_key( $request );
		if ( $user instanceof WP_Error ) {
			return $user;
		}
		return new WP_REST_Response( array( 'valid' => true ), 200 );
	}

	/**
	 * Sets the new password through reset_password(), which clears the key (single use) and fires
	 * after_password_reset: the account's token generation moves on, so every token issued before
	 * (every other signed-in device) is refused from now on. The answer carries a new token.
	 *
	 * @param WP_REST_Request<array<string, mixed>> $request
	 */
	public function reset( $request ): WP_REST_Response|WP_Error {
		$password = is_string( $request['password'] ) ? $request['password'] : '';
		if ( '' === $password ) {
			return Refusal::bad_request( 'car_export_missing_password', __( 'Please enter a new password.', 'car-export' ) );
		}
		$user = $this->user_for_key( $request );
		if ( $user instanceof WP_Error ) {
			return $user;
		}
		reset_password( $user, $password );
		return TokenAnswer::for_user( $this->tokens, $user->ID );
	}

	/**
	 * @param WP_REST_Request<array<string, mixed>> $request
	 */
	private function user_for_key( WP_REST_Request $request ): \WP_User|WP_Error {
		$login = is_string( $request['login'] ) ? $request['login'] : '';
		$key   = is_string( $request['key'] ) ? $request['key'] : '';
		$user  = ( '' === $login || '' === $key ) ? null : check_password_reset_key( $key, $login );
		if ( ! $user instanceof \WP_User ) {
			$this->failures->hit( ClientInfo::current_ip() );
			// Expired, used or mistyped: one sentence, the buyer's next step is the same.
			return Refusal::bad_request( 'car_export_reset_link_invalid', __( 'This reset link has expired or has already been used. Please ask for a new one.', 'car-export' ) );
		}
		return $user;
	}

	/**
	 * @param WP_REST_Request<array<string, mixed>> $request
	 */
	private static function address_key( WP_REST_Request $request ): string {
		return strtolower( is_string( $request['email'] ) ? $request['email'] : '' );
	}

	/**
	 * @return array<string, mixed>
	 */
	public function get_item_schema(): array {
		return self::object_schema(
			'car-export-password-reset',
			array(
				'code'    => array( 'type' => 'string' ),
				'message' => array( 'type' => 'string' ),
			)
		);
	}
}
