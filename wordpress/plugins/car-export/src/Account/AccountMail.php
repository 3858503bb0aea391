<?php
declare(strict_types=1);

namespace CarExport\Account;

use CarExport\Admin\SiteLinks;
use CarExport\Deals\DealMail;
use CarExport\Mail\RetrySchedule;
use CarExport\Service;

/**
 * The buyer's account mail (a password reset link, an e-mail change link, news of a deal), sent by the cron runner
 * and never inside the request that asked for it: the request does the same small amount of work
 * whether or not the address has an account (it only queues), so neither its answer nor its time
 * tells a visitor which addresses are registered. The secret in each link is made when the mail is
 * sent, so the queue never holds one.
 *
 * The queue is one options row per mail, not the cron option: a request and a cron run writing the
 * cron option at once can lose an event. A row is added with one INSERT and claimed with one DELETE,
 * so each mail is sent by exactly one process.
 */
final class AccountMail implements Service {

	public const PREFIX = 'car_export_account_mail_';

	public const RESET        = 'reset';
	public const EMAIL_CHANGE = 'email_change';

	/** At most this many a cron run, so one run stays short after a mail outage. */
	private const BATCH = 20;

	public function register(): void {
		add_action( 'wp_loaded', array( $this, 'drain_on_cron_run' ) );
	}

	/**
	 * Queues one mail. $subject is an e-mail address for a reset, an account id for a change.
	 */
	public static function queue( string $kind, string $subject, int $attempt = 1, int $after = 0 ): void {
		add_option(
			self::PREFIX . strtolower( wp_generate_password( 24, false ) ),
			array(
				'kind'    => $kind,
				'subject' => $subject,
				'attempt' => $attempt,
				'after'   => $after,
			),
			'',
			false
		);
	}

	public function drain_on_cron_run(): void {
		if ( wp_doing_cron() ) {
			$this->drain();
		}
	}

	/**
	 * Sends what waits (oldest first), each mail by the one process whose DELETE removed its row.
	 *
	 * @return int Mails this call attempted.
	 */
	public function drain(): int {
		global $wpdb;
		// phpcs:ignore WordPress.DB.DirectDatabaseQuery -- the queue rows must be read fresh, never from the options cache.
		$rows      = $wpdb->get_results(
			$wpdb->prepare(
				"SELECT option_name, option_value FROM {$wpdb->options} WHERE option_name LIKE %s ORDER BY option_id ASC LIMIT %d",
				$wpdb->esc_like( self::PREFIX ) . '%',
				self::BATCH
			)
		);
		$attempted = 0;
		foreach ( is_array( $rows ) ? $rows : array() as $row ) {
			$item = maybe_unserialize( $row->option_value );
			if ( ! is_array( $item ) || (int) ( $item['after'] ?? 0 ) > time() ) {
				continue;
			}
			// phpcs:ignore WordPress.DB.DirectDatabaseQuery -- the claim: only the process that removed the row sends.
			if ( 1 !== $wpdb->delete( $wpdb->options, array( 'option_name' => $row->option_name ) ) ) {
				continue;
			}
			wp_cache_delete( $row->option_name, 'options' );
			$this->deliver( (string) ( $item['kind'] ?? '' ), (string) ( $item['subject'] ?? '' ), (int) ( $item['attempt'] ?? 1 ) );
			++$attempted;
		}
		return $attempted;
	}

	private function deliver( string $kind, string $subject, int $attempt ): void {
		$mail = match ( $kind ) {
			self::RESET => self::reset_mail( $subject ),
			self::EMAIL_CHANGE => self::email_change_mail( (int) $subject ),
			DealMail::BUYER => DealMail::buyer_mail( (int) $subject ),
			DealMail::STAFF => DealMail::staff_mail( (int) $subject ),
			default => null,
		};
		if ( null === $mail ) {
			return;
		}
		try {
			$sent = wp_mail( $mail['to'], $mail['subject'], $mail['body'], array( 'Content-Type: text/plain; charset=UTF-8' ) );
		} catch ( \Throwable ) {
			$sent = false;
		}
		if ( $sent ) {
			return;
		}
		// The mail server refused or was away: tried again later like a lead's notice, with a new
		// link (the one just made is replaced, so only the link that arrives works).
		$delay = RetrySchedule::delay_after( $attempt );
		if ( null !== $delay ) {
			self::queue( $kind, $subject, $attempt + 1, time() + $delay );
		}
	}

	/**
	 * Staff reset their password in wp-admin, whose own form they use; a reset link to the buyers'
	 * site is only sent to buyer accounts.
	 *
	 * @return array{to: string, subject: string, body: string}|null
	 */
	private static function reset_mail( string $email ): ?array {
		$user = get_user_by( 'email', $email );
		if ( ! $user instanceof \WP_User || ! Buyer::is_buyer( $user ) ) {
			return null;
		}
		$key = get_password_reset_key( $user );
		if ( $key instanceof \WP_Error ) {
			return null;
		}
		$link  = SiteLinks::site() . '/reset-password?' . http_build_query(
			array(
				'key'   => $key,
				'login' => $user->user_login,
			),
			'',
			'&',
			PHP_QUERY_RFC3986
		);
		$hours = (int) ceil( self::reset_lifetime() / 3600 );
		$body  = implode(
			"\n",
			array(
				/* translators: %s: account user name. */
				sprintf( __( 'Hello %s,', 'car-export' ), $user->display_name ),
				'',
				__( 'Someone asked to reset the password of your account. To choose a new password, open this link:', 'car-export' ),
				'',
				$link,
				'',
				/* translators: %d: hours. */
				sprintf( _n( 'The link works once, within %d hour.', 'The link works once, within %d hours.', $hours, 'car-export' ), $hours ),
				__( 'If you did not ask for this, ignore this e-mail: your password stays as it is.', 'car-export' ),
			)
		);
		return array(
			'to'      => $user->user_email,
			'subject' => __( 'Reset your password', 'car-export' ),
			'body'    => $body . "\n",
		);
	}

	/**
	 * @return array{to: string, subject: string, body: string}|null
	 */
	private static function email_change_mail( int $user_id ): ?array {
		$pending = PendingEmail::issue( $user_id );
		if ( null === $pending ) {
			return null;
		}
		$link = SiteLinks::site() . '/account/confirm-email?' . http_build_query(
			array(
				'user' => $user_id,
				'key'  => $pending['key'],
			),
			'',
			'&',
			PHP_QUERY_RFC3986
		);
		$body = implode(
			"\n",
			array(
				__( 'Hello,', 'car-export' ),
				'',
				__( 'To use this address for your account, open this link:', 'car-export' ),
				'',
				$link,
				'',
				/* translators: %d: hours. */
				sprintf( __( 'The link works once, within %d hours. Until then your account keeps its current address.', 'car-export' ), (int) ( PendingEmail::LIFETIME / 3600 ) ),
				__( 'If you did not ask for this, ignore this e-mail.', 'car-export' ),
			)
		);
		return array(
			'to'      => $pending['email'],
			'subject' => __( 'Confirm your new e-mail address', 'car-export' ),
			'body'    => $body . "\n",
		);
	}

	/** WordPress's own lifetime of a reset key (filter password_reset_expiration). */
	public static function reset_lifetime(): int {
		// phpcs:ignore WordPress.NamingConventions.PrefixAllGlobals.NonPrefixedHooknameFound -- WordPress's own filter, read as check_password_reset_key() reads it.
		return (int) apply_filters( 'password_reset_expiration', 86400 );
	}
}
