<?php
declare(strict_types=1);

namespace CarExport\Messages;

/**
 * Tells people from bots without a captcha, and never by throwing a message away: what it suspects
 * is kept for staff to look through (SuspectedLeads), so a person it takes for a bot loses nothing.
 *
 * The signals, each enough on its own:
 * - the honeypot ("website"), hidden from people, so any value in it was put there by a bot;
 * - the fill time. A person whose browser fills the form in one go (autofill) sends within a second
 *   or two, so time alone is weak: it counts only below a short floor when the page's script ran
 *   (proof that a real browser rendered the form), and below a longer one when it did not (a bot
 *   posting the form's fields, or the rare visitor without JavaScript, who is still kept);
 * - links: buyers ask about cars, bots advertise, so a message carrying many links is suspect.
 * A client that sends no fill time (an API client) is not timed.
 */
final class SpamGuard {

	public const HONEYPOT_FIELD = 'website';
	public const FILL_FIELD     = 'fillMs';
	/** Whether the page's script ran in the sender's browser (the site checks its proof). */
	public const SCRIPT_FIELD = 'scripted';

	/** Below this a form sent without the page's script is suspect. */
	public const MIN_FILL_MS = 3000;
	/** Below this even a form the page's script stamped is suspect: nobody autofills and clicks that fast. */
	public const MIN_SCRIPTED_FILL_MS = 1000;
	/** A message with this many links or more is suspect. */
	public const MAX_LINKS = 3;

	/**
	 * Why a submission looks like a bot's, in words staff read; empty when it does not.
	 *
	 * @param mixed     $honeypot The honeypot as sent.
	 * @param mixed     $fill_ms  Milliseconds from the page showing to sending; null when unknown.
	 * @param bool|null $scripted Whether the page's script ran; null when the client did not say.
	 * @param string    $message  What the sender wrote.
	 * @return list<string>
	 */
	public static function reasons( mixed $honeypot, mixed $fill_ms, ?bool $scripted, string $message ): array {
		$reasons = array();
		if ( is_scalar( $honeypot ) && '' !== trim( (string) $honeypot ) ) {
			$reasons[] = __( 'hidden field filled', 'car-export' );
		}
		$floor = true === $scripted ? self::MIN_SCRIPTED_FILL_MS : self::MIN_FILL_MS;
		if ( is_int( $fill_ms ) && $fill_ms < $floor ) {
			/* translators: %s: seconds, e.g. 1.2 */
			$reasons[] = sprintf( __( 'sent %s s after the page loaded', 'car-export' ), number_format( $fill_ms / 1000, 1, '.', '' ) );
			if ( false === $scripted ) {
				$reasons[] = __( "the page's script did not run", 'car-export' );
			}
		}
		$links = self::links( $message );
		if ( $links >= self::MAX_LINKS ) {
			/* translators: %d: number of links. */
			$reasons[] = sprintf( _n( '%d link in the message', '%d links in the message', $links, 'car-export' ), $links );
		}
		return $reasons;
	}

	/** Web addresses in a text: "http://", "https://" or "www." starting a word. */
	public static function links( string $text ): int {
		return (int) preg_match_all( '~(?<![\w.@/])(?:https?://|www\.)\S~i', $text );
	}
}
