<?php
declare(strict_types=1);

namespace CarExport\Account;

use CarExport\Rest\FieldRules;
use CarExport\Service;

/**
 * User names in any script: WordPress's strict sanitizing keeps only ASCII, so "Иван" or "محمد"
 * would become an empty login. A name made only of Unicode letters, digits, _ . @ - and single spaces
 * (the rule the site's forms check too) is kept as typed; anything else, HTML, percent signs,
 * control and invisible formatting characters included, gets WordPress's own answer.
 */
final class LetterUsernames implements Service {

	/** The author slug's column holds 50 characters; a percent-encoded non-Latin name is longer. */
	private const NICENAME_MAX = 50;

	public function register(): void {
		add_filter( 'sanitize_user', array( self::class, 'keep_letters' ), 10, 2 );
		add_filter( 'pre_user_nicename', array( self::class, 'short_nicename' ) );
	}

	/**
	 * The name as typed when it passes the shared rule, else WordPress's result. Applied to sign-in's
	 * lookup too, so a name with accents finds its own account rather than its unaccented twin.
	 */
	public static function keep_letters( string $sanitized, string $raw ): string {
		$name = trim( $raw );
		return 1 === preg_match( FieldRules::USERNAME_PATTERN, $name ) ? $name : $sanitized;
	}

	/**
	 * The author slug is unused on this headless site, but WordPress refuses the account when it is too
	 * long: such a slug becomes a fixed-length one derived from it.
	 */
	public static function short_nicename( string $nicename ): string {
		return mb_strlen( $nicename ) > self::NICENAME_MAX ? 'user-' . substr( md5( $nicename ), 0, 16 ) : $nicename;
	}
}
