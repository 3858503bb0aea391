<?php
declare(strict_types=1);

namespace CarExport\Account;

use CarExport\Admin\SiteLinks;
use CarExport\Service;

/**
 * WordPress's own notices to an account holder ("your e-mail address was changed", "your password
 * was changed") end with the site's address: buyers know the public site, not the WordPress behind
 * it, so the address they are given is the public one.
 */
final class AccountNotices implements Service {

	private const SITE_URL = '###SITEURL###';

	public function register(): void {
		// phpcs:disable WordPress.NamingConventions.PrefixAllGlobals.NonPrefixedHooknameFound -- WordPress's own filters.
		add_filter( 'email_change_email', array( self::class, 'name_public_site' ) );
		add_filter( 'password_change_email', array( self::class, 'name_public_site' ) );
		// phpcs:enable
	}

	/**
	 * Fills the mail's site address placeholder before WordPress would put its own address there;
	 * without a public address configured WordPress's stays.
	 *
	 * @param array<string, mixed> $mail
	 * @return array<string, mixed>
	 */
	public static function name_public_site( array $mail ): array {
		$site = SiteLinks::site();
		if ( '' !== $site && isset( $mail['message'] ) && is_string( $mail['message'] ) ) {
			$mail['message'] = str_replace( self::SITE_URL, $site . '/', $mail['message'] );
		}
		return $mail;
	}
}
