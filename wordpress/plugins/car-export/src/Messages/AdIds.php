<?php
declare(strict_types=1);

namespace CarExport\Messages;

/**
 * Advertising click and browser ids (Meta, Google, TikTok) that the site forwards from its cookies,
 * kept with a message so a sale can be attributed to a campaign later.
 */
final class AdIds {

	/** @var array<string, string> key => request header */
	public const HEADERS = array(
		'fbp'   => 'X-Ad-Fbp',
		'fbc'   => 'X-Ad-Fbc',
		'gclid' => 'X-Ad-Gclid',
		'ttp'   => 'X-Ad-Ttp',
	);

	public const MAX_LENGTH = 255;

	/**
	 * @param callable(string): mixed $header Reads one request header by name.
	 * @return array<string, string> key => id, only the ids that were sent and look genuine.
	 */
	public static function from_headers( callable $header ): array {
		$ids = array();
		foreach ( self::HEADERS as $key => $name ) {
			$id = self::clean( $header( $name ) );
			if ( '' !== $id ) {
				$ids[ $key ] = $id;
			}
		}
		return $ids;
	}

	/**
	 * These ids are opaque tokens of letters, digits and a few punctuation marks. Anything else is
	 * dropped whole rather than trimmed into a different id that would attribute the wrong click.
	 */
	public static function clean( mixed $value ): string {
		if ( ! is_string( $value ) ) {
			return '';
		}
		$value = trim( $value );
		if ( '' === $value || strlen( $value ) > self::MAX_LENGTH ) {
			return '';
		}
		return 1 === preg_match( '/^[A-Za-z0-9._~:=+\/\-]+$/', $value ) ? $value : '';
	}
}
