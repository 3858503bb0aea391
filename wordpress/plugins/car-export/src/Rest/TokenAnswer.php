<?php
declare(strict_types=1);

namespace CarExport\Rest;

use CarExport\Auth\TokenService;
use WP_Error;
use WP_REST_Response;

/**
 * A new token for an account in the sign-in answer's shape (token, user_email, user_nicename,
 * user_display_name): the sign-in route's answer, and the routes that sign a buyer in again after a
 * password changed.
 */
final class TokenAnswer {

	public static function for_user( TokenService $tokens, int $user_id ): WP_REST_Response|WP_Error {
		$token = $tokens->issue( $user_id );
		$user  = get_userdata( $user_id );
		if ( $token instanceof WP_Error ) {
			return $token;
		}
		if ( ! $user instanceof \WP_User ) {
			return Refusal::not_found( 'car_export_account_missing', __( 'The account could not be found.', 'car-export' ) );
		}
		return new WP_REST_Response(
			array(
				'token'             => $token,
				'user_email'        => $user->user_email,
				'user_nicename'     => $user->user_nicename,
				'user_display_name' => $user->display_name,
			),
			200
		);
	}
}
