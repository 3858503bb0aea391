<?php
declare(strict_types=1);

namespace CarExport\Settings;

use CarExport\Mail\Recipients;

/**
 * The seller's contact details and the front-end purge hook, stored in one option.
 * Every reader goes through get(), so the wp-config overrides apply everywhere.
 */
final class SiteSettings {

	public const OPTION = 'car_export_settings';

	public const ADDRESS_MAX_LENGTH = 300;
	public const COMPANY_MAX_LENGTH = 120;
	public const HOURS_MAX_LENGTH   = 300;
	public const SECRET_MIN_LENGTH  = 16;
	public const SECRET_MAX_LENGTH  = 200;
	public const PHONE_MIN_DIGITS   = 6;
	public const PHONE_MAX_DIGITS   = 20;

	private const DEFAULTS = array(
		'phone'         => '',
		'whatsapp'      => '',
		'email'         => '',
		'address'       => '',
		'company_name'  => '',
		'opening_hours' => '',
		'wechat_qr_id'  => 0,
		'purge_url'     => '',
		'purge_secret'  => '',
	);

	/**
	 * @return array{phone: string, whatsapp: string, email: string, address: string, company_name: string, opening_hours: string, wechat_qr_id: int, purge_url: string, purge_secret: string}
	 */
	public static function get(): array {
		$settings = self::stored();
		if ( self::purge_url_from_config() ) {
			$settings['purge_url'] = (string) constant( 'CAR_EXPORT_PURGE_URL' );
		}
		if ( self::purge_secret_from_config() ) {
			$settings['purge_secret'] = (string) constant( 'CAR_EXPORT_PURGE_SECRET' );
		}
		return $settings;
	}

	/**
	 * The one address visitors are shown (the setting may list several for staff mail).
	 */
	public static function public_email(): string {
		$emails = Recipients::parse( self::get()['email'] );
		return $emails[0] ?? '';
	}

	/** Production keeps the purge pair in wp-config.php (deploy variables), out of the database. */
	public static function purge_url_from_config(): bool {
		return defined( 'CAR_EXPORT_PURGE_URL' );
	}

	public static function purge_secret_from_config(): bool {
		return defined( 'CAR_EXPORT_PURGE_SECRET' );
	}

	/**
	 * Settings API sanitize callback. A rejected value keeps what was stored before, so one typo
	 * does not wipe a working phone number; the reason is reported as a settings error.
	 *
	 * @param mixed $raw Submitted values; not an array when someone posts garbage.
	 * @return array{phone: string, whatsapp: string, email: string, address: string, company_name: string, opening_hours: string, wechat_qr_id: int, purge_url: string, purge_secret: string}
	 */
	public static function sanitize( $raw ): array {
		$previous = self::stored();
		if ( ! is_array( $raw ) ) {
			return $previous;
		}

		$clean = $previous;
		foreach ( self::validators() as $key => $validator ) {
			// A field that was not submitted (disabled in the form, or set by wp-config) stays as it was.
			if ( ! array_key_exists( $key, $raw ) || ! is_scalar( $raw[ $key ] ) ) {
				continue;
			}
			$result = $validator( trim( (string) $raw[ $key ] ) );
			if ( is_array( $result ) ) {
				add_settings_error( self::OPTION, 'car_export_invalid_' . $key, $result['error'], 'error' );
				continue;
			}
			$clean[ $key ] = $result;
		}
		return $clean;
	}

	/**
	 * key => callable( string ): (string|int) clean value, or array{error: string} to reject.
	 *
	 * @return array<string, callable(string): (string|int|array{error: string})>
	 */
	private static function validators(): array {
		$validators = array(
			'phone'         => static fn ( string $value ) => self::phone( $value, __( 'Seller phone', 'car-export' ) ),
			'whatsapp'      => static fn ( string $value ) => self::phone( $value, __( 'WhatsApp number', 'car-export' ) ),
			'email'         => array( self::class, 'email' ),
			'address'       => array( self::class, 'address' ),
			'company_name'  => array( self::class, 'company_name' ),
			'opening_hours' => array( self::class, 'opening_hours' ),
			'wechat_qr_id'  => array( self::class, 'qr_image' ),
			'purge_url'     => array( self::class, 'purge_url' ),
			'purge_secret'  => array( self::class, 'purge_secret' ),
		);
		// Values fixed in wp-config.php are not the form's to change.
		if ( self::purge_url_from_config() ) {
			unset( $validators['purge_url'] );
		}
		if ( self::purge_secret_from_config() ) {
			unset( $validators['purge_secret'] );
		}
		return $validators;
	}

	/** @return string|array{error: string} */
	private static function phone( string $value, string $label ): string|array {
		if ( '' === $value ) {
			return '';
		}
		$digits = strlen( (string) preg_replace( '/\D/', '', $value ) );
		if ( 1 !== preg_match( '/^\+?[0-9 ]+$/', $value ) || $digits < self::PHONE_MIN_DIGITS || $digits > self::PHONE_MAX_DIGITS ) {
			return array(
				'error' => sprintf(
					/* translators: 1: field label, 2: minimum digits, 3: maximum digits */
					__( '%1$s was not saved: use digits and spaces only, optionally starting with +, with %2$d to %3$d digits (for example +86 138 0000 0000).', 'car-export' ),
					$label,
					self::PHONE_MIN_DIGITS,
					self::PHONE_MAX_DIGITS
				),
			);
		}
		return (string) preg_replace( '/ {2,}/', ' ', $value );
	}

	/** @return string|array{error: string} */
	private static function email( string $value ): string|array {
		if ( '' === $value ) {
			return '';
		}
		// Several addresses may be given: every one of them is told of each new lead.
		$emails = Recipients::parse( $value );
		if ( null === $emails ) {
			return array( 'error' => __( 'Seller e-mail was not saved: every address, separated by commas, must be a valid e-mail address.', 'car-export' ) );
		}
		return implode( ', ', $emails );
	}

	/** @return string|array{error: string} */
	private static function company_name( string $value ): string|array {
		// One line: a name has no line breaks to keep.
		$name = trim( (string) preg_replace( '/\s+/u', ' ', sanitize_textarea_field( $value ) ) );
		if ( mb_strlen( $name ) > self::COMPANY_MAX_LENGTH ) {
			/* translators: %d: maximum length */
			return array( 'error' => sprintf( __( 'Company name was not saved: it is longer than %d characters.', 'car-export' ), self::COMPANY_MAX_LENGTH ) );
		}
		return $name;
	}

	/** @return string|array{error: string} */
	private static function opening_hours( string $value ): string|array {
		$hours = sanitize_textarea_field( str_replace( array( "\r\n", "\r" ), "\n", $value ) );
		if ( mb_strlen( $hours ) > self::HOURS_MAX_LENGTH ) {
			/* translators: %d: maximum length */
			return array( 'error' => sprintf( __( 'Opening hours were not saved: they are longer than %d characters.', 'car-export' ), self::HOURS_MAX_LENGTH ) );
		}
		return $hours;
	}

	/** @return string|array{error: string} */
	private static function address( string $value ): string|array {
		$address = sanitize_textarea_field( str_replace( array( "\r\n", "\r" ), "\n", $value ) );
		if ( mb_strlen( $address ) > self::ADDRESS_MAX_LENGTH ) {
			return array(
				'error' => sprintf(
					/* translators: %d: maximum length */
					__( 'Postal address was not saved: it is longer than %d characters.', 'car-export' ),
					self::ADDRESS_MAX_LENGTH
				),
			);
		}
		return $address;
	}

	/** @return int|array{error: string} */
	private static function qr_image( string $value ): int|array {
		if ( '' === $value || '0' === $value ) {
			return 0;
		}
		if ( 1 !== preg_match( '/^[1-9][0-9]*$/', $value ) || ! wp_attachment_is_image( (int) $value ) ) {
			return array( 'error' => __( 'WeChat QR code was not saved: choose an image from the media library.', 'car-export' ) );
		}
		return (int) $value;
	}

	/** @return string|array{error: string} */
	private static function purge_url( string $value ): string|array {
		if ( '' === $value ) {
			return '';
		}
		$parts = wp_parse_url( $value );
		$valid = is_array( $parts )
			&& isset( $parts['scheme'], $parts['host'] )
			&& in_array( strtolower( $parts['scheme'] ), array( 'http', 'https' ), true )
			&& '' !== $parts['host']
			&& 1 !== preg_match( '/[\s<>"]/', $value );
		if ( ! $valid ) {
			return array( 'error' => __( 'Purge URL was not saved: it must be a full http:// or https:// address.', 'car-export' ) );
		}
		return $value;
	}

	/** @return string|array{error: string} */
	private static function purge_secret( string $value ): string|array {
		if ( '' === $value ) {
			return '';
		}
		// Visible ASCII only: the secret travels in an HTTP header, where spaces and line breaks would break or forge it.
		$pattern = sprintf( '/^[\x21-\x7E]{%d,%d}$/', self::SECRET_MIN_LENGTH, self::SECRET_MAX_LENGTH );
		if ( 1 !== preg_match( $pattern, $value ) ) {
			return array(
				'error' => sprintf(
					/* translators: 1: minimum length, 2: maximum length */
					__( 'Purge secret was not saved: use %1$d to %2$d letters, digits or symbols, without spaces.', 'car-export' ),
					self::SECRET_MIN_LENGTH,
					self::SECRET_MAX_LENGTH
				),
			);
		}
		return $value;
	}

	/**
	 * The option as stored, with defaults and types enforced (no wp-config overrides).
	 *
	 * @return array{phone: string, whatsapp: string, email: string, address: string, company_name: string, opening_hours: string, wechat_qr_id: int, purge_url: string, purge_secret: string}
	 */
	private static function stored(): array {
		$stored = get_option( self::OPTION, array() );
		$stored = is_array( $stored ) ? $stored : array();

		$string = static fn ( string $key ): string => isset( $stored[ $key ] ) && is_scalar( $stored[ $key ] ) ? (string) $stored[ $key ] : '';
		return array(
			'phone'         => $string( 'phone' ),
			'whatsapp'      => $string( 'whatsapp' ),
			'email'         => $string( 'email' ),
			'address'       => $string( 'address' ),
			'company_name'  => $string( 'company_name' ),
			'opening_hours' => $string( 'opening_hours' ),
			'wechat_qr_id'  => isset( $stored['wechat_qr_id'] ) && is_numeric( $stored['wechat_qr_id'] ) ? max( 0, (int) $stored['wechat_qr_id'] ) : self::DEFAULTS['wechat_qr_id'],
			'purge_url'     => $string( 'purge_url' ),
			'purge_secret'  => $string( 'purge_secret' ),
		);
	}
}
