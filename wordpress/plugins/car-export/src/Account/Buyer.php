<?php
declare(strict_types=1);

namespace CarExport\Account;

use CarExport\Staff\SalesRole;

/**
 * Which accounts the buyers' site manages. Staff accounts (anyone who can edit posts or work leads) are looked
 * after in wp-admin: the site neither sends them reset links nor lets them be deleted from it, so a
 * stolen buyer session flow can never remove or take over a staff account.
 */
final class Buyer {

	public static function is_buyer( \WP_User $user ): bool {
		return $user->exists() && ! user_can( $user, 'edit_posts' ) && ! user_can( $user, SalesRole::MANAGE_LEADS );
	}
}
