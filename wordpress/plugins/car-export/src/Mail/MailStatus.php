<?php
declare(strict_types=1);

namespace CarExport\Mail;

/**
 * Where a lead's e-mail notice to staff stands, as stored on the lead, and how staff read it.
 */
final class MailStatus {

	public const PENDING = 'pending';
	/** Claimed by one process for its attempt, so a notice is never sent twice at once. */
	public const SENDING  = 'sending';
	public const SENT     = 'sent';
	public const RETRYING = 'retrying';
	public const FAILED   = 'failed';

	/**
	 * @return array<string, string> status => label
	 */
	public static function labels(): array {
		return array(
			self::PENDING  => __( 'Sending', 'car-export' ),
			self::SENDING  => __( 'Sending', 'car-export' ),
			self::SENT     => __( 'Sent', 'car-export' ),
			self::RETRYING => __( 'Failed, retrying', 'car-export' ),
			self::FAILED   => __( 'Failed, gave up', 'car-export' ),
		);
	}
}
