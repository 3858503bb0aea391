<?php
declare(strict_types=1);

namespace CarExport\Rest;

/**
 * What a visitor types is kept as typed: plain text, never HTML. Each place that shows it escapes
 * it once, for that place (HTML in wp-admin and in HTML mail, nothing in plain-text mail or JSON);
 * text stored escaped or stripped of anything tag-like would read "Lagos &amp; Accra" in one place
 * and lose "<port>" in another. Only what nobody types is taken out: control characters and, in a
 * one-line field, line breaks and tabs (which become a space). Lengths are the validator's part.
 */
final class PlainText {

	/** One line: a name, a phone number, a saved search's name. */
	public static function line( string $text ): string {
		return trim( self::without_controls( (string) preg_replace( '/[\r\n\t]+/', ' ', $text ) ) );
	}

	/** Several lines: a message. Line breaks become "\n" whatever the sender's system wrote. */
	public static function lines( string $text ): string {
		return trim( self::without_controls( str_replace( array( "\r\n", "\r" ), "\n", $text ), "\n\t" ) );
	}

	/**
	 * @param string $keep Control characters to leave in place.
	 */
	private static function without_controls( string $text, string $keep = '' ): string {
		$controls = array();
		foreach ( array_merge( range( 0, 31 ), array( 127 ) ) as $code ) {
			if ( ! str_contains( $keep, chr( $code ) ) ) {
				$controls[] = chr( $code );
			}
		}
		return str_replace( $controls, '', $text );
	}
}
