<?php
declare(strict_types=1);

namespace CarExport\Security;

use CarExport\Rest\ClientInfo;
use CarExport\Rest\RateLimiter;
use CarExport\Service;
use WP_Error;

/**
 * Slows password guessing on wp-login.php, the staff's sign-in form (the buyers' sign-in is the
 * token route, which counts its own failures). Failures are counted per address and name, so one
 * guesser cannot lock a colleague out from elsewhere, and per address, so trying many names from
 * one place is slowed too. A refused attempt is refused whatever the password: the answer must not
 * tell a guesser that this one was right. The address is the one every route counts (ClientInfo):
 * behind a proxy, name it in CAR_EXPORT_TRUSTED_PROXIES, or every staff member shares its address.
 */
final class LoginThrottle implements Service {

	private const NAME_LIMIT    = 10;
	private const ADDRESS_LIMIT = 30;
	private const WINDOW        = 900;

	private RateLimiter $names;

	private RateLimiter $addresses;

	public function __construct() {
		$this->names     = new RateLimiter( 'login_name', self::NAME_LIMIT, self::WINDOW );
		$this->addresses = new RateLimiter( 'login_address', self::ADDRESS_LIMIT, self::WINDOW );
	}

	public function register(): void {
		// After every authenticator of WordPress (20, 30, 99): a refusal here is the last word.
		add_filter( 'authenticate', array( $this, 'refuse_when_exceeded' ), 1000, 2 );
		add_action( 'wp_login_failed', array( $this, 'count_failure' ) );
		add_action( 'wp_login', array( $this, 'forget_failures' ) );
	}

	/**
	 * @param mixed      $user     what the authenticators decided.
	 * @param mixed      $username the name typed.
	 * @return mixed
	 */
	public function refuse_when_exceeded( $user, $username = '' ) {
		if ( ! self::on_login_form() ) {
			return $user;
		}
		$name = self::name_key( $username );
		if ( $this->names->is_exceeded( $name ) || $this->addresses->is_exceeded( ClientInfo::current_ip() ) ) {
			return new WP_Error(
				'too_many_attempts',
				esc_html__( 'Too many failed sign-in attempts. Please wait 15 minutes and try again.', 'car-export' )
			);
		}
		return $user;
	}

	/** @param mixed $username */
	public function count_failure( $username ): void {
		if ( ! self::on_login_form() ) {
			return;
		}
		$this->names->hit( self::name_key( $username ) );
		$this->addresses->hit( ClientInfo::current_ip() );
	}

	/** @param mixed $username */
	public function forget_failures( $username ): void {
		if ( self::on_login_form() ) {
			$this->names->reset( self::name_key( $username ) );
		}
	}

	/** @param mixed $username */
	private static function name_key( $username ): string {
		return ClientInfo::current_ip() . '|' . strtolower( is_string( $username ) ? trim( $username ) : '' );
	}

	private static function on_login_form(): bool {
		return 'wp-login.php' === ( $GLOBALS['pagenow'] ?? '' );
	}
}
