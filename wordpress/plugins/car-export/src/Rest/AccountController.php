<?php
declare(strict_types=1);

namespace CarExport\Rest;

use CarExport\Account\AccountMail;
use CarExport\Account\Buyer;
use CarExport\Account\BuyerInquiries;
use CarExport\Account\PendingEmail;
use CarExport\Auth\TokenService;
use WP_Error;
use WP_REST_Request;
use WP_REST_Response;
use WP_REST_Server;

/**
 * The signed-in buyer's own account, for the site's /account page:
 * GET/POST /car-export/v1/account (name and e-mail), POST /account/password, POST /account/delete,
 * GET /account/inquiries, and POST /account/email (the link sent to a new address).
 */
final class AccountController extends Controller {

	/** @var string */
	protected $rest_base = 'account';

	private const PASSWORD_FAILURE_LIMIT  = 10;
	private const PASSWORD_FAILURE_WINDOW = 900;
	private const EMAIL_CHANGE_LIMIT      = 5;
	private const EMAIL_CHANGE_WINDOW     = 3600;

	/** Wrong current passwords per account, so a left-open session cannot be used to guess it. */
	private RateLimiter $password_failures;

	/** Address changes per account, so the page cannot be used to mail many addresses. */
	private RateLimiter $email_changes;

	/** Wrong e-mail links per network address. */
	private RateLimiter $link_failures;

	public function __construct( private TokenService $tokens ) {
		$this->password_failures = new RateLimiter( 'account_password', self::PASSWORD_FAILURE_LIMIT, self::PASSWORD_FAILURE_WINDOW );
		$this->email_changes     = new RateLimiter( 'account_email', self::EMAIL_CHANGE_LIMIT, self::EMAIL_CHANGE_WINDOW );
		$this->link_failures     = new RateLimiter( 'account_email_link', self::PASSWORD_FAILURE_LIMIT, self::PASSWORD_FAILURE_WINDOW );
	}

	public function register_routes(): void {
		$signed_in = array( $this, 'signed_in' );
		register_rest_route(
			$this->namespace,
			'/' . $this->rest_base,
			array(
				array(
					'methods'             => WP_REST_Server::READABLE,
					'callback'            => array( $this, 'profile' ),
					'permission_callback' => $signed_in,
					'args'                => array(),
				),
				array(
					'methods'             => WP_REST_Server::CREATABLE,
					'callback'            => array( $this, 'update_profile' ),
					'permission_callback' => $signed_in,
					'args'                => array(
						'displayName' => Args::text( __( 'Name', 'car-export' ), FieldRules::NAME_MAX ),
						'email'       => Args::email( __( 'E-mail', 'car-export' ) ),
					),
				),
				'schema' => array( $this, 'get_public_item_schema' ),
			)
		);
		$this->register_post(
			'/password',
			'change_password',
			$signed_in,
			array(
				'currentPassword' => Args::password( __( 'Current password', 'car-export' ), false ),
				'password'        => Args::password( __( 'New password', 'car-export' ), true ),
			)
		);
		$this->register_post( '/delete', 'delete_account', array( $this, 'buyer_signed_in' ), array( 'password' => Args::password( __( 'Password', 'car-export' ), false ) ) );
		$this->register_post(
			'/email',
			'confirm_email',
			array( $this, 'link_permissions_check' ),
			array(
				'user' => Args::id( __( 'Account', 'car-export' ) ),
				'key'  => Args::text( __( 'Key', 'car-export' ), 64 ),
			)
		);
		register_rest_route(
			$this->namespace,
			'/' . $this->rest_base . '/inquiries',
			array(
				array(
					'methods'             => WP_REST_Server::READABLE,
					'callback'            => array( $this, 'inquiries' ),
					'permission_callback' => $signed_in,
					'args'                => array(),
				),
			)
		);
	}


	/**
	 * Only the account's own token (or session) reaches its data.
	 *
	 * @param WP_REST_Request<array<string, mixed>> $request
	 */
	public function signed_in( $request ): true | WP_Error {
		return is_user_logged_in() ? true : Refusal::make( 'rest_not_logged_in', __( 'Please sign in to see your account.', 'car-export' ), 401 );
	}

	/**
	 * Deleting is for buyer accounts only (see Buyer).
	 *
	 * @param WP_REST_Request<array<string, mixed>> $request
	 */
	public function buyer_signed_in( $request ): true | WP_Error {
		$signed_in = $this->signed_in( $request );
		if ( true !== $signed_in ) {
			return $signed_in;
		}
		return Buyer::is_buyer( wp_get_current_user() ) ? true : Refusal::make( 'car_export_staff_account', __( 'Staff accounts are managed in WordPress.', 'car-export' ), 403 );
	}

	/**
	 * The link from the mail is followed by whoever holds it, signed in or not (another device);
	 * wrong keys from one network address are limited.
	 *
	 * @param WP_REST_Request<array<string, mixed>> $request
	 */
	public function link_permissions_check( $request ): true | WP_Error {
		return $this->link_failures->refusal(
			ClientInfo::current_ip(),
			'car_export_too_many_link_attempts',
			__( 'Too many attempts with e-mail links. Please wait 15 minutes and try again.', 'car-export' )
		) ?? true;
	}

	/**
	 * @param WP_REST_Request<array<string, mixed>> $request
	 */
	public function profile( $request ): WP_REST_Response {
		return new WP_REST_Response( self::account( wp_get_current_user() ), 200 );
	}

	/**
	 * The name changes at once; a different e-mail address is only recorded as waiting, and a link
	 * goes to it (queued, so the answer is the same whether or not another account uses it).
	 *
	 * @param WP_REST_Request<array<string, mixed>> $request
	 */
	public function update_profile( $request ): WP_REST_Response|WP_Error {
		$user  = wp_get_current_user();
		$name  = is_string( $request['displayName'] ) ? $request['displayName'] : '';
		$email = is_string( $request['email'] ) ? $request['email'] : '';
		if ( '' === $name || '' === $email ) {
			return Refusal::bad_request( 'car_export_missing_fields', __( 'Please fill in your name and e-mail address.', 'car-export' ) );
		}
		$changes_email = 0 !== strcasecmp( $email, $user->user_email );
		if ( $changes_email ) {
			$refusal = $this->email_changes->refusal(
				(string) $user->ID,
				'car_export_too_many_email_changes',
				__( 'Too many e-mail changes. Please wait an hour and try again.', 'car-export' )
			);
			if ( null !== $refusal ) {
				return $refusal;
			}
		}
		if ( $name !== $user->display_name ) {
			$updated = wp_update_user(
				array(
					'ID'           => $user->ID,
					'display_name' => wp_slash( $name ),
				)
			);
			if ( $updated instanceof WP_Error ) {
				return Refusal::make( 'car_export_account_not_saved', __( 'Your details could not be saved. Please try again.', 'car-export' ), 500 );
			}
		}
		if ( $changes_email ) {
			$this->email_changes->hit( (string) $user->ID );
			PendingEmail::request( $user->ID, $email );
			AccountMail::queue( AccountMail::EMAIL_CHANGE, (string) $user->ID );
		} else {
			// Typing the current address again withdraws a change still waiting.
			delete_user_meta( $user->ID, PendingEmail::META );
		}
		return new WP_REST_Response( self::account( new \WP_User( $user->ID ) ), 200 );
	}

	/**
	 * A new password needs the current one. Setting it moves the token generation on (through
	 * wp_set_password), which ends every other session; this one gets a new token in the answer.
	 *
	 * @param WP_REST_Request<array<string, mixed>> $request
	 */
	public function change_password( $request ): WP_REST_Response|WP_Error {
		$user     = wp_get_current_user();
		$current  = is_string( $request['currentPassword'] ) ? $request['currentPassword'] : '';
		$password = is_string( $request['password'] ) ? $request['password'] : '';
		if ( '' === $current || '' === $password ) {
			return Refusal::bad_request( 'car_export_missing_fields', __( 'Please enter your current password and a new password.', 'car-export' ) );
		}
		$wrong = $this->check_password( $user, $current );
		if ( null !== $wrong ) {
			return $wrong;
		}
		wp_set_password( $password, $user->ID );
		return TokenAnswer::for_user( $this->tokens, $user->ID );
	}

	/**
	 * Removes the account and what is stored on it (favourites and other user meta go with the
	 * user row). Inquiries the buyer sent stay with staff as the business's record of a request;
	 * they are not the account's.
	 *
	 * @param WP_REST_Request<array<string, mixed>> $request
	 */
	public function delete_account( $request ): WP_REST_Response|WP_Error {
		$user     = wp_get_current_user();
		$password = is_string( $request['password'] ) ? $request['password'] : '';
		if ( '' === $password ) {
			return Refusal::bad_request( 'car_export_missing_password', __( 'Please enter your password to delete your account.', 'car-export' ) );
		}
		$wrong = $this->check_password( $user, $password );
		if ( null !== $wrong ) {
			return $wrong;
		}
		require_once ABSPATH . 'wp-admin/includes/user.php';
		if ( ! wp_delete_user( $user->ID ) ) {
			return Refusal::make( 'car_export_account_not_deleted', __( 'Your account could not be deleted. Please try again.', 'car-export' ), 500 );
		}
		return new WP_REST_Response( array( 'deleted' => true ), 200 );
	}

	/**
	 * @param WP_REST_Request<array<string, mixed>> $request
	 */
	public function confirm_email( $request ): WP_REST_Response|WP_Error {
		$user_id = is_int( $request['user'] ) ? $request['user'] : 0;
		$key     = is_string( $request['key'] ) ? $request['key'] : '';
		$result  = PendingEmail::confirm( $user_id, $key );
		if ( $result instanceof WP_Error ) {
			if ( 'car_export_email_link_invalid' === $result->get_error_code() ) {
				$this->link_failures->hit( ClientInfo::current_ip() );
			}
			return $result;
		}
		return new WP_REST_Response( array( 'confirmed' => true ), 200 );
	}

	/**
	 * @param WP_REST_Request<array<string, mixed>> $request
	 */
	public function inquiries( $request ): WP_REST_Response {
		return new WP_REST_Response( array( 'inquiries' => BuyerInquiries::of( get_current_user_id() ) ), 200 );
	}

	private function check_password( \WP_User $user, string $password ): ?WP_Error {
		$key     = (string) $user->ID;
		$refusal = $this->password_failures->refusal( $key, 'car_export_too_many_password_attempts', __( 'Too many wrong passwords. Please wait 15 minutes and try again.', 'car-export' ) );
		if ( null !== $refusal ) {
			return $refusal;
		}
		if ( wp_check_password( $password, $user->user_pass, $user->ID ) ) {
			$this->password_failures->reset( $key );
			return null;
		}
		$this->password_failures->hit( $key );
		return Refusal::bad_request( 'car_export_wrong_password', __( 'Your current password is incorrect.', 'car-export' ) );
	}

	/**
	 * @return array<string, mixed>
	 */
	private static function account( \WP_User $user ): array {
		return array(
			'id'           => $user->ID,
			'username'     => $user->user_login,
			'email'        => $user->user_email,
			'displayName'  => $user->display_name,
			'pendingEmail' => PendingEmail::address( $user->ID ),
		);
	}

	/**
	 * @return array<string, mixed>
	 */
	public function get_item_schema(): array {
		return self::object_schema(
			'car-export-account',
			array(
				'id'           => array( 'type' => 'integer' ),
				'username'     => array( 'type' => 'string' ),
				'email'        => array( 'type' => 'string' ),
				'displayName'  => array( 'type' => 'string' ),
				'pendingEmail' => array( 'type' => array( 'string', 'null' ) ),
			)
		);
	}
}
