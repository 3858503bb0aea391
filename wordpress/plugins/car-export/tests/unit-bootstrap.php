<?php
/**
 * Bootstrap of the unit suite: Composer's autoloader, plus stand-ins for the few WordPress
 * functions the pure classes call, so they run without a WordPress install.
 */
declare(strict_types=1);

require_once dirname( __DIR__ ) . '/vendor/autoload.php';

if ( ! function_exists( '__' ) ) {
	// Translation is WordPress's job; in unit tests the English text is the expected text.
	function __( string $text, string $domain = 'default' ): string {
		return $text;
	}
}

if ( ! function_exists( '_n' ) ) {
	// English plural rule: one is singular, everything else plural.
	function _n( string $single, string $plural, int $number, string $domain = 'default' ): string {
		return 1 === $number ? $single : $plural;
	}
}

// Stand-ins for the auth, REST validation and message helpers (TokenService, Validator, MessageStore).
if ( ! class_exists( 'WP_Error' ) ) {
	// Just enough of WordPress's error object: codes, messages and data.
	class WP_Error {
		/** @var array<string, list<string>> */
		public array $errors = array();
		/** @var array<string, mixed> */
		public array $error_data = array();

		public function __construct( string|int $code = '', string $message = '', mixed $data = '' ) {
			if ( '' !== $code ) {
				$this->errors[ (string) $code ][] = $message;
				if ( '' !== $data ) {
					$this->error_data[ (string) $code ] = $data;
				}
			}
		}

		public function get_error_code(): string {
			$codes = $this->get_error_codes();
			return (string) ( $codes[0] ?? '' );
		}

		/** @return list<string> */
		public function get_error_codes(): array {
			return array_map( 'strval', array_keys( $this->errors ) );
		}

		public function get_error_message( string $code = '' ): string {
			$code = '' === $code ? $this->get_error_code() : $code;
			return $this->errors[ $code ][0] ?? '';
		}

		/** @return list<string> */
		public function get_error_messages( string $code = '' ): array {
			if ( '' !== $code ) {
				return $this->errors[ $code ] ?? array();
			}
			return array_merge( array(), ...array_values( $this->errors ) );
		}

		public function get_error_data( string $code = '' ): mixed {
			$code = '' === $code ? $this->get_error_code() : $code;
			return $this->error_data[ $code ] ?? null;
		}
	}
}

if ( ! function_exists( 'is_email' ) ) {
	// PHP's own check; WordPress's differs only on rare addresses, which the tests do not use.
	function is_email( string $email ): string|false {
		return false !== filter_var( $email, FILTER_VALIDATE_EMAIL ) ? $email : false;
	}
}

// Stand-ins for SiteSettings::sanitize. Tests steer them through globals: the stored options,
// the attachment ids that count as images, and the settings errors raised.
if ( ! function_exists( 'get_option' ) ) {
	function get_option( string $option, mixed $default_value = false ): mixed {
		return $GLOBALS['car_export_test_options'][ $option ] ?? $default_value;
	}
}

if ( ! function_exists( 'update_option' ) ) {
	function update_option( string $option, mixed $value, bool|string|null $autoload = null ): bool {
		$GLOBALS['car_export_test_options'][ $option ] = $value;
		return true;
	}
}

if ( ! function_exists( 'add_settings_error' ) ) {
	function add_settings_error( string $setting, string $code, string $message, string $type = 'error' ): void {
		$GLOBALS['car_export_test_settings_errors'][] = compact( 'setting', 'code', 'message', 'type' );
	}
}

if ( ! function_exists( 'wp_attachment_is_image' ) ) {
	function wp_attachment_is_image( int|\WP_Post|null $post = null ): bool {
		return is_int( $post ) && in_array( $post, $GLOBALS['car_export_test_image_ids'] ?? array(), true );
	}
}

if ( ! function_exists( 'wp_strip_all_tags' ) ) {
	// WordPress's rule: script and style elements go with their content, then every other tag; ends trimmed.
	function wp_strip_all_tags( string $text ): string {
		return trim( strip_tags( (string) preg_replace( '@<(script|style)[^>]*?>.*?</\\1>@si', '', $text ) ) );
	}
}

if ( ! function_exists( 'sanitize_textarea_field' ) ) {
	// Close enough to WordPress for plain addresses: markup removed, line breaks kept, ends trimmed.
	function sanitize_textarea_field( string $str ): string {
		return wp_strip_all_tags( $str );
	}
}

if ( ! function_exists( 'wp_parse_url' ) ) {
	function wp_parse_url( string $url, int $component = -1 ): mixed {
		return parse_url( $url, $component );
	}
}

// Stand-ins for the user-name checks Validator::username combines with its own pattern. Strict
// sanitizing keeps letters, digits, space and _ . - @, as WordPress's does for ASCII names; a name
// that sanitizing would change is not a valid one.
if ( ! function_exists( 'sanitize_user' ) ) {
	function sanitize_user( string $username, bool $strict = false ): string {
		$raw       = $username;
		$username  = trim( (string) preg_replace( '/ +/', ' ', $username ) );
		$sanitized = $strict ? (string) preg_replace( '|[^a-z0-9 _.\-@]|i', '', $username ) : $username;
		// As WordPress does, so a test can put the plugin's own filter in.
		return apply_filters( 'sanitize_user', $sanitized, $raw, $strict );
	}
}

if ( ! function_exists( 'validate_username' ) ) {
	function validate_username( string $username ): bool {
		return '' !== $username && sanitize_user( $username, true ) === $username;
	}
}

// Stand-ins for RateLimiter: filters pass the value through unless a test names one in
// car_export_test_filters; transients live in car_export_test_transients as value and expiry.
if ( ! function_exists( 'apply_filters' ) ) {
	function apply_filters( string $hook_name, mixed $value, mixed ...$args ): mixed {
		$filter = $GLOBALS['car_export_test_filters'][ $hook_name ] ?? null;
		return is_callable( $filter ) ? $filter( $value, ...$args ) : $value;
	}
}

if ( ! function_exists( 'get_transient' ) ) {
	function get_transient( string $transient ): mixed {
		$stored = $GLOBALS['car_export_test_transients'][ $transient ] ?? null;
		return is_array( $stored ) && $stored['expires'] > time() ? $stored['value'] : false;
	}
}

if ( ! function_exists( 'set_transient' ) ) {
	function set_transient( string $transient, mixed $value, int $expiration = 0 ): bool {
		$GLOBALS['car_export_test_transients'][ $transient ] = array(
			'value'   => $value,
			'expires' => 0 === $expiration ? PHP_INT_MAX : time() + $expiration,
		);
		return true;
	}
}

if ( ! function_exists( 'delete_transient' ) ) {
	function delete_transient( string $transient ): bool {
		unset( $GLOBALS['car_export_test_transients'][ $transient ] );
		return true;
	}
}

if ( ! function_exists( 'wp_json_encode' ) ) {
	function wp_json_encode( mixed $value, int $flags = 0, int $depth = 512 ): string|false {
		return json_encode( $value, $flags, $depth );
	}
}

if ( ! defined( 'ARRAY_A' ) ) {
	define( 'ARRAY_A', 'ARRAY_A' );
}

// Roles as WordPress keeps them (SalesRole): a name and its capabilities, held in memory per test.
if ( ! class_exists( 'WP_Role' ) ) {
	require_once __DIR__ . '/WP_Role.php';
}

if ( ! function_exists( 'get_role' ) ) {
	function get_role( string $role ): ?WP_Role {
		return $GLOBALS['car_export_test_roles'][ $role ] ?? null;
	}
}

if ( ! function_exists( 'add_role' ) ) {
	/**
	 * @param array<string, bool> $capabilities
	 */
	function add_role( string $role, string $display_name, array $capabilities = array() ): ?WP_Role {
		if ( isset( $GLOBALS['car_export_test_roles'][ $role ] ) ) {
			return null;
		}
		$GLOBALS['car_export_test_roles'][ $role ] = new WP_Role( $role, $capabilities );
		return $GLOBALS['car_export_test_roles'][ $role ];
	}
}

// Accounts, meta, hooks and the REST classes, for the security rules and the controllers' wiring.
require_once __DIR__ . '/wordpress-fakes.php';
