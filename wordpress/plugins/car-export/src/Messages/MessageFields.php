<?php
declare(strict_types=1);

namespace CarExport\Messages;

/**
 * Names of the two message post types and of what is stored with each message, shared by the REST
 * controllers that write them and the admin screens that show them.
 */
final class MessageFields {

	public const CONTACT = 'contact_message';
	public const INQUIRY = 'car_inquiry';

	public const FIRST_NAME      = '_message_first_name';
	public const LAST_NAME       = '_message_last_name';
	public const NAME            = '_message_name';
	public const EMAIL           = '_message_email';
	public const PHONE           = '_message_phone';
	public const IP              = '_message_ip';
	public const USER_AGENT      = '_message_user_agent';
	public const USER_ID         = '_message_user_id';
	public const MAIL_STATUS     = '_message_mail_status';
	public const MAIL_ATTEMPTS   = '_message_mail_attempts';
	public const MAIL_ERROR      = '_message_mail_error';
	public const MAIL_NEXT       = '_message_mail_next';
	public const IDEMPOTENCY_KEY = '_message_idempotency_key';
	/** Where staff are with the lead: a LeadStatus value. */
	public const STATUS = '_message_status';
	/** Present (1) until a member of staff first opens the lead. */
	public const UNREAD = '_message_unread';
	/** Staff's notes from before notes had a history: one text, shown as the oldest entry. */
	public const NOTES = '_message_notes';
	/** Staff's notes, one meta row per LeadNote, only ever added. */
	public const NOTE_LOG = '_message_note';
	/** Why the spam guard suspects the lead, "; " between reasons; only on a suspected lead. */
	public const SPAM_REASONS = '_message_spam_reasons';
	public const CAR_ID       = '_inquiry_car_id';
	public const CAR_TITLE    = '_inquiry_car_title';
	/** The buyer's destination port and shipping method as chosen on the car page, e.g. "Lagos, Nigeria (RoRo)". */
	public const PORT = '_inquiry_port';

	/** Prefix of the advertising cookie ids; the suffix is the AdIds key. */
	public const AD_PREFIX = '_message_ad_';

	/**
	 * @return list<string>
	 */
	public static function post_types(): array {
		return array( self::CONTACT, self::INQUIRY );
	}

	/**
	 * Everything a message may carry, in display order.
	 *
	 * @return array<string, string> meta key => label
	 */
	public static function labels(): array {
		$labels = array(
			self::NAME       => __( 'Name', 'car-export' ),
			self::FIRST_NAME => __( 'First name', 'car-export' ),
			self::LAST_NAME  => __( 'Last name', 'car-export' ),
			self::EMAIL      => __( 'E-mail', 'car-export' ),
			self::PHONE      => __( 'Phone', 'car-export' ),
			self::CAR_ID     => __( 'Car', 'car-export' ),
			self::CAR_TITLE  => __( 'Car title when sent', 'car-export' ),
			self::PORT       => __( 'Destination port', 'car-export' ),
		);
		foreach ( AdIds::HEADERS as $key => $header ) {
			/* translators: %s: HTTP header name. */
			$labels[ self::AD_PREFIX . $key ] = sprintf( __( 'Ad id (%s)', 'car-export' ), $header );
		}
		return $labels + array(
			self::IP              => __( 'IP address', 'car-export' ),
			self::USER_AGENT      => __( 'Browser', 'car-export' ),
			self::USER_ID         => __( 'Signed-in account', 'car-export' ),
			self::MAIL_STATUS     => __( 'E-mail to staff', 'car-export' ),
			self::MAIL_ATTEMPTS   => __( 'E-mail attempts', 'car-export' ),
			self::MAIL_ERROR      => __( 'Last e-mail error', 'car-export' ),
			self::IDEMPOTENCY_KEY => __( 'Idempotency key', 'car-export' ),
		);
	}

	/**
	 * What is recorded about how a lead arrived and was mailed, rather than what the sender said:
	 * kept for tracing a problem, so the lead screen folds it away.
	 *
	 * @return list<string> meta keys
	 */
	public static function technical_keys(): array {
		$keys = array( self::IP, self::USER_AGENT, self::MAIL_ATTEMPTS, self::MAIL_ERROR, self::IDEMPOTENCY_KEY );
		foreach ( array_keys( AdIds::HEADERS ) as $key ) {
			$keys[] = self::AD_PREFIX . $key;
		}
		return $keys;
	}
}
