<?php
declare(strict_types=1);

namespace CarExport\Mail;

use CarExport\Cars\CarRepository;
use CarExport\Messages\Lead;
use CarExport\Messages\MessageFields;
use CarExport\Messages\MessageStore;
use CarExport\Service;
use CarExport\Settings\SiteSettings;
use PHPMailer\PHPMailer\PHPMailer;

/**
 * Tells staff of a stored lead by e-mail, built from what was stored (so a retry sends the same
 * notice), and records every attempt on the lead: status, attempts, last error. A failed attempt is
 * tried again by WP-Cron on RetrySchedule; after the last one the lead stays marked as failed.
 *
 * @phpstan-type ReplyTo array{address: string, name: string}
 */
final class LeadMail implements Service {

	public const RETRY_HOOK = 'car_export_retry_lead_mail';

	public function register(): void {
		add_action( self::RETRY_HOOK, array( $this, 'retry' ) );
		// The queue is the leads' own mail status, not the cron option (which a request and a cron
		// run writing at once can lose an event from): every cron run, from wp-cron.php or WP-CLI's
		// `cron event run`, sends what waits.
		add_action( 'wp_loaded', array( $this, 'drain_on_cron_run' ) );
	}

	public function retry( mixed $post_id ): void {
		$post_id = is_numeric( $post_id ) ? (int) $post_id : 0;
		$post    = get_post( $post_id );
		// Only a notice still waiting is sent: a lead deleted or already mailed since needs nothing.
		if ( ! $post instanceof \WP_Post || ! in_array( $post->post_type, MessageFields::post_types(), true ) ) {
			return;
		}
		$status = (string) get_post_meta( $post_id, MessageFields::MAIL_STATUS, true );
		// A claim left by a process that ended mid-attempt is taken back by this fallback retry.
		if ( MailStatus::SENDING === $status || MailStatus::RETRYING === $status || self::claim( $post_id ) ) {
			$this->send( $post_id );
		}
	}

	/**
	 * Sends once the visitor has the answer, so a slow or unreachable mail server never makes a
	 * submission slow (the site would take a slow answer for a failure). Only PHP-FPM can end the
	 * answer before the request's own code is done (fastcgi_finish_request); anywhere else (Apache's
	 * mod_php), or where CAR_EXPORT_LEAD_MAIL_QUEUE is true because a cron runner drains the queue,
	 * the notice waits for the next cron run and is never sent inside the request. Should the
	 * attempt never happen, the retry scheduled here sends the notice instead.
	 */
	public function send_after_response( int $post_id ): void {
		update_post_meta( $post_id, MessageFields::MAIL_STATUS, MailStatus::PENDING );
		wp_schedule_single_event( time() + RetrySchedule::DELAYS[0], self::RETRY_HOOK, array( $post_id ) );
		if ( self::queued_only() ) {
			return;
		}
		add_action(
			'shutdown',
			function () use ( $post_id ): void {
				fastcgi_finish_request();
				if ( self::claim( $post_id ) ) {
					$this->send( $post_id );
				}
			}
		);
	}

	/** Whether lead mail is left to the cron runner instead of being sent after the answer. */
	public static function queued_only(): bool {
		if ( defined( 'CAR_EXPORT_LEAD_MAIL_QUEUE' ) && constant( 'CAR_EXPORT_LEAD_MAIL_QUEUE' ) ) {
			return true;
		}
		return ! function_exists( 'fastcgi_finish_request' );
	}

	public function drain_on_cron_run(): void {
		if ( wp_doing_cron() ) {
			$this->drain_queue();
		}
	}

	/**
	 * Sends every notice still waiting (oldest first), each by whichever process claims it.
	 *
	 * @return int Notices this call attempted.
	 */
	public function drain_queue(): int {
		$ids       = get_posts(
			array(
				'post_type'        => MessageFields::post_types(),
				'post_status'      => 'any',
				'fields'           => 'ids',
				// At most 20 a run, so one run stays short after a mail outage; the next run goes on.
				'posts_per_page'   => 20,
				'orderby'          => 'ID',
				'order'            => 'ASC',
				'no_found_rows'    => true,
				'suppress_filters' => true,
				// phpcs:ignore WordPress.DB.SlowDBQuery -- a handful of rows: only leads still waiting match.
				'meta_query'       => array(
					array(
						'key'   => MessageFields::MAIL_STATUS,
						'value' => MailStatus::PENDING,
					),
				),
			)
		);
		$attempted = 0;
		foreach ( $ids as $id ) {
			if ( self::claim( (int) $id ) ) {
				$this->send( (int) $id );
				++$attempted;
			}
		}
		return $attempted;
	}

	/**
	 * Moves a waiting notice to SENDING; true for the one process whose update changed the row
	 * (one SQL UPDATE ... WHERE value = pending, so two claimants never both win).
	 */
	private static function claim( int $post_id ): bool {
		return true === update_post_meta( $post_id, MessageFields::MAIL_STATUS, MailStatus::SENDING, MailStatus::PENDING );
	}

	/**
	 * One attempt. Returns whether the mail server took the notice.
	 */
	public function send( int $post_id ): bool {
		$post = get_post( $post_id );
		$lead = $post instanceof \WP_Post ? Lead::from_post( $post ) : null;
		if ( null === $lead ) {
			return false;
		}
		$settings = SiteSettings::get();
		$to       = Recipients::for_leads( $settings['email'], (string) get_option( 'admin_email' ) );
		$error    = '';
		$sent     = false;
		if ( array() === $to ) {
			$error = __( 'No staff address: set the e-mail under Settings → Car Export.', 'car-export' );
		} else {
			$mail     = self::compose( $lead, $post_id );
			$capture  = static function ( \WP_Error $failure ) use ( &$error ): void {
				$error = $failure->get_error_message();
			};
			$reply_to = static function ( PHPMailer $mailer ) use ( $mail ): void {
				self::add_reply_to( $mailer, $mail['reply_to'] );
			};
			add_action( 'wp_mail_failed', $capture );
			add_action( 'phpmailer_init', $reply_to );
			try {
				$sent = wp_mail( $to, $mail['subject'], $mail['body'], $mail['headers'] );
			} catch ( \Throwable $e ) {
				$error = $e->getMessage();
			}
			remove_action( 'phpmailer_init', $reply_to );
			remove_action( 'wp_mail_failed', $capture );
		}
		$this->record( $post_id, $sent, '' === $error ? __( 'The mail could not be sent.', 'car-export' ) : $error );
		return $sent;
	}

	private function record( int $post_id, bool $sent, string $error ): void {
		$attempts = (int) get_post_meta( $post_id, MessageFields::MAIL_ATTEMPTS, true ) + 1;
		update_post_meta( $post_id, MessageFields::MAIL_ATTEMPTS, $attempts );
		wp_clear_scheduled_hook( self::RETRY_HOOK, array( $post_id ) );
		if ( $sent ) {
			update_post_meta( $post_id, MessageFields::MAIL_STATUS, MailStatus::SENT );
			delete_post_meta( $post_id, MessageFields::MAIL_NEXT );
			return;
		}
		update_post_meta( $post_id, MessageFields::MAIL_ERROR, MessageStore::single_line( $error ) );
		$delay = RetrySchedule::delay_after( $attempts );
		if ( null === $delay ) {
			update_post_meta( $post_id, MessageFields::MAIL_STATUS, MailStatus::FAILED );
			delete_post_meta( $post_id, MessageFields::MAIL_NEXT );
			return;
		}
		$next = time() + $delay;
		update_post_meta( $post_id, MessageFields::MAIL_STATUS, MailStatus::RETRYING );
		update_post_meta( $post_id, MessageFields::MAIL_NEXT, $next );
		wp_schedule_single_event( $next, self::RETRY_HOOK, array( $post_id ) );
	}

	/**
	 * The notice for one stored lead: plain text, one "Label: value" line per field, the visitor's
	 * message as typed (nothing in a plain-text mail is markup, so nothing is escaped), for an
	 * inquiry the car with its price and page on the site, and the lead in wp-admin. Reply-To is the
	 * visitor, so staff answer with their mail program's Reply.
	 *
	 * @param Lead $lead    The stored lead.
	 * @param int  $post_id Its message post.
	 * @return array{subject: string, body: string, headers: list<string>, reply_to: ReplyTo|null}
	 */
	public static function compose( Lead $lead, int $post_id ): array {
		$name  = $lead->name;
		$email = $lead->email;

		$fields = array();
		if ( $lead->is_inquiry() ) {
			$car_id = $lead->car_id();
			$title  = $lead->car_title();
			// Staff find the car in the yard and in the CSV by its stock number, so it leads the subject.
			$stock   = (string) get_post_meta( $car_id, '_car_stock_number', true );
			$subject = '' === $stock
				/* translators: 1: car title, 2: car id, 3: sender's name. */
				? sprintf( __( 'Inquiry about %1$s (#%2$d) from %3$s', 'car-export' ), $title, $car_id, $name )
				/* translators: 1: stock number, 2: car title, 3: car id, 4: sender's name. */
				: sprintf( __( 'Inquiry about %1$s %2$s (#%3$d) from %4$s', 'car-export' ), $stock, $title, $car_id, $name );

			$fields[ __( 'Car', 'car-export' ) ]          = sprintf( '%s (#%d)', $title, $car_id );
			$fields[ __( 'Stock number', 'car-export' ) ] = $stock;
			$fields[ __( 'Price', 'car-export' ) ]        = self::price( $car_id );
			$fields[ __( 'On the site', 'car-export' ) ]  = self::car_url( $car_id );
		} else {
			/* translators: %s: sender's name. */
			$subject = sprintf( __( 'New contact message from %s', 'car-export' ), $name );
		}
		$fields[ __( 'Name', 'car-export' ) ]   = $name;
		$fields[ __( 'E-mail', 'car-export' ) ] = $email;
		$fields[ __( 'Phone', 'car-export' ) ]  = $lead->phone;

		$body  = MessageStore::body( array_map( array( MessageStore::class, 'single_line' ), $fields ), $lead->message );
		$body .= "\n\n" . __( 'Open in WordPress:', 'car-export' ) . ' ' . admin_url( 'post.php?post=' . $post_id . '&action=edit' ) . "\n";

		return array(
			'subject'  => MessageStore::single_line( $subject ),
			'body'     => $body,
			'headers'  => array( 'Content-Type: text/plain; charset=UTF-8' ),
			'reply_to' => self::reply_to( $lead ),
		);
	}

	/**
	 * The visitor as the notice's Reply-To: their address and their name as typed, on one line;
	 * null without a valid address.
	 *
	 * @return ReplyTo|null
	 */
	public static function reply_to( Lead $lead ): ?array {
		if ( false === is_email( $lead->email ) ) {
			return null;
		}
		return array(
			'address' => $lead->email,
			'name'    => MessageStore::single_line( $lead->name ),
		);
	}

	/**
	 * Sets Reply-To on the mailer itself rather than as a header line: wp_mail() splits a Reply-To
	 * line at every comma and keeps the quotes around a name, while PHPMailer quotes and encodes
	 * the name as the header needs (a comma, quotes, letters beyond ASCII) and refuses line breaks.
	 *
	 * @param ReplyTo|null $reply_to
	 */
	public static function add_reply_to( PHPMailer $mailer, ?array $reply_to ): void {
		if ( null !== $reply_to ) {
			$mailer->addReplyTo( $reply_to['address'], $reply_to['name'] );
		}
	}

	private static function price( int $car_id ): string {
		$price = get_post_meta( $car_id, '_car_price', true );
		if ( ! is_numeric( $price ) || (int) $price <= 0 ) {
			return __( 'Contact for price', 'car-export' );
		}
		return 'USD ' . number_format( (int) $price, 0, '.', ',' );
	}

	/** The car's page on the public site; empty when the site's address is not configured. */
	public static function car_url( int $car_id ): string {
		return $car_id <= 0 ? '' : self::site_url( '/car/' . $car_id );
	}

	/** A page of the public site ($path starts with "/"); empty when the site's address is not configured. */
	public static function site_url( string $path ): string {
		$site = defined( 'CAR_EXPORT_FRONTEND_URL' ) ? rtrim( (string) constant( 'CAR_EXPORT_FRONTEND_URL' ), '/' ) : '';
		return '' === $site ? '' : $site . $path;
	}
}
