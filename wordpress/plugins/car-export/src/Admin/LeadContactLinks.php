<?php
declare(strict_types=1);

namespace CarExport\Admin;

/**
 * The ways staff answer a lead in one click: Reply (a new mail to the sender, the subject filled
 * in), WhatsApp and Call (the number the sender gave). A link is left out when the lead lacks
 * what it needs, rather than opening something that cannot work.
 */
final class LeadContactLinks {

	/** Fewer digits than this cannot be a full international number. */
	private const MIN_DIGITS = 7;
	/** E.164 allows at most 15 digits. */
	private const MAX_DIGITS = 15;

	/**
	 * @return array<string, string> link id (reply, whatsapp, call) => URL
	 */
	public static function for_lead( string $email, string $phone, string $subject ): array {
		$links = array();
		if ( 1 === preg_match( '/^[^\s@<>,;"]+@[^\s@<>,;"]+$/', $email ) ) {
			// rawurlencode, since mail programs read "+" in a mailto query as a plus, not a space.
			$links['reply'] = 'mailto:' . $email . '?subject=' . rawurlencode( $subject );
		}
		$digits = self::international_digits( $phone );
		if ( null !== $digits ) {
			$links['whatsapp'] = 'https://wa.me/' . $digits;
			$links['call']     = 'tel:+' . $digits;
		}
		return $links;
	}

	/**
	 * The number's digits with its country code, without the "+" or "00" in front; null when the
	 * number is not written in international form (WhatsApp and a phone abroad need the country).
	 */
	public static function international_digits( string $phone ): ?string {
		$phone = trim( $phone );
		if ( 1 !== preg_match( '/^(\+|00)[\d\s().\-\/]+$/', $phone ) ) {
			return null;
		}
		$digits = (string) preg_replace( '/\D/', '', $phone );
		if ( str_starts_with( $phone, '00' ) ) {
			$digits = substr( $digits, 2 );
		}
		$length = strlen( $digits );
		return $length >= self::MIN_DIGITS && $length <= self::MAX_DIGITS && ! str_starts_with( $digits, '0' ) ? $digits : null;
	}
}
