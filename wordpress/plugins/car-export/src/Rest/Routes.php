<?php
declare(strict_types=1);

namespace CarExport\Rest;

use CarExport\Alerts\SavedSearchController;
use CarExport\Auth\TokenService;
use CarExport\Deals\DealController;
use CarExport\Deals\DealStaffController;
use CarExport\Service;
use WP_Error;
use WP_REST_Request;

/**
 * Registers the plugin's REST controllers.
 */
final class Routes implements Service {

	public const NAMESPACE = 'car-export/v1';

	public function register(): void {
		add_action( 'rest_api_init', array( $this, 'register_routes' ) );
		add_filter( 'rest_request_before_callbacks', array( $this, 'clarify_invalid_params' ), 10, 3 );
		Refusal::register();
	}

	public function register_routes(): void {
		$tokens      = TokenService::from_wordpress();
		$controllers = array(
			new TokenController( $tokens ),
			new RegisterController( $tokens ),
			new PasswordResetController( $tokens ),
			new AccountController( $tokens ),
			new FavoritesController(),
			new ContactController(),
			new InquiryController(),
			new SavedSearchController(),
			new DealController(),
			new DealStaffController(),
		);
		foreach ( $controllers as $controller ) {
			$controller->register_routes();
		}
	}

	/**
	 * WordPress answers a failed argument check with "Invalid parameter(s): email" and tucks the
	 * useful sentence into data.params. The site shows the top-level message to visitors, so on this
	 * plugin's routes the first specific sentence becomes the message; data is kept as it was.
	 *
	 * @param mixed                                 $response
	 * @param array<string, mixed>                  $handler
	 * @param WP_REST_Request<array<string, mixed>> $request
	 * @return mixed
	 */
	public function clarify_invalid_params( mixed $response, mixed $handler, mixed $request ): mixed {
		if ( ! $response instanceof WP_Error || ! $request instanceof WP_REST_Request || 'rest_invalid_param' !== $response->get_error_code() ) {
			return $response;
		}
		if ( ! self::is_own_route( $request->get_route() ) ) {
			return $response;
		}
		$data   = $response->get_error_data();
		$params = is_array( $data ) && isset( $data['params'] ) && is_array( $data['params'] ) ? $data['params'] : array();
		$first  = reset( $params );
		if ( ! is_string( $first ) || '' === $first ) {
			return $response;
		}
		return new WP_Error( 'rest_invalid_param', $first, $data );
	}

	public static function is_own_route( string $route ): bool {
		return str_starts_with( $route, '/' . self::NAMESPACE . '/' ) || str_starts_with( $route, '/' . TokenController::NAMESPACE . '/' );
	}
}
