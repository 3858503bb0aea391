<?php
declare(strict_types=1);

namespace CarExport\Mail;

/**
 * The staff addresses a lead is mailed to: the e-mail field of Settings → Car Export, which may
 * list several addresses separated by commas (or semicolons, as mail programs write them).
 */
final class Recipients {

	/**
	 * @return list<string>|null The addresses, in order and without repeats; null when one is invalid.
	 */
	public static function parse( string $list ): ?array {
		$addresses = array();
		$parts     = preg_split( '/[,;]/', $list );
		foreach ( false === $parts ? array() : $parts as $part ) {
			$address = trim( $part );
			if ( '' === $address ) {
				continue;
			}
			if ( false === is_email( $address ) ) {
				return null;
			}
			if ( ! in_array( strtolower( $address ), array_map( 'strtolower', $addresses ), true ) ) {
				$addresses[] = $address;
			}
		}
		return $addresses;
	}

	/**
	 * The stored setting's addresses, else the site's admin address.
	 *
	 * @return list<string>
	 */
	public static function for_leads( string $setting, string $admin_email ): array {
		$addresses = self::parse( $setting ) ?? array();
		if ( array() === $addresses && false !== is_email( $admin_email ) ) {
			$addresses[] = $admin_email;
		}
		return $addresses;
	}
}
