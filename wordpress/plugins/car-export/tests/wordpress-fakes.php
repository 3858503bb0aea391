<?php
/**
 * Stand-ins for the WordPress accounts, meta, hooks and REST classes the security rules call, loaded
 * by unit-bootstrap.php. They keep their state in $GLOBALS['car_export_test_wp'] (reset by
 * Support\WithFakeWordPress) and behave as WordPress does where a rule depends on it: user and post
 * meta with $single, a reset key that reset_password() and wp_set_password() clear but
 * wp_update_user() keeps, actions that run their callbacks.
 */
declare(strict_types=1);

// phpcs:disable Generic.Files.OneObjectStructurePerFile.MultipleFound, Universal.Files.SeparateFunctionsFromOO.Mixed -- one file of stand-ins, loaded once.

/**
 * The fake site's state.
 *
 * @return array<string, mixed>
 */
function car_export_test_wp_blank(): array {
	return array(
		'users'     => array(),
		'user_meta' => array(),
		'post_meta' => array(),
		'posts'     => array(),
		'next_post' => 100,
		'actions'   => array(),
		'scheduled' => array(),
		'user_id'   => 0,
	);
}

if ( ! class_exists( 'WP_User' ) ) {
	// The account fields the plugin reads.
	class WP_User {
		public string $user_login          = '';
		public string $user_pass           = '';
		public string $user_email          = '';
		public string $user_nicename       = '';
		public string $display_name        = '';
		public string $user_activation_key = '';
		/** @var array<string, bool> What the account's role allows (staff have edit_posts). */
		public array $allcaps = array();

		// phpcs:ignore WordPress.NamingConventions.ValidVariableName -- WordPress's own name.
		public function __construct( public int $ID = 0 ) {}

		public function exists(): bool {
			return $this->ID > 0;
		}
	}
}

if ( ! class_exists( 'WP_Post' ) ) {
	class WP_Post {
		public int $ID               = 0; // phpcs:ignore WordPress.NamingConventions.ValidVariableName.PropertyNotSnakeCase -- WordPress's own name.
		public string $post_type     = 'post';
		public string $post_status   = 'publish';
		public string $post_title    = '';
		public string $post_content  = '';
		public string $post_modified = '';
		public string $post_date_gmt = '2026-12-01 10:00:00';
		public int $post_author      = 0;
	}
}

if ( ! class_exists( 'WP_REST_Server' ) ) {
	class WP_REST_Server {
		public const READABLE  = 'GET';
		public const CREATABLE = 'POST';
		public const EDITABLE  = 'POST, PUT, PATCH';
		public const DELETABLE = 'DELETE';
	}
}

if ( ! class_exists( 'WP_REST_Controller' ) ) {
	abstract class WP_REST_Controller {
		/** @var string */
		protected $namespace = '';
		/** @var string */
		protected $rest_base = '';
	}
}

if ( ! class_exists( 'WP_HTTP_Response' ) ) {
	class WP_HTTP_Response {
		/** @var array<string, string> */
		public array $headers = array();

		public function __construct( public mixed $data = null, public int $status = 200 ) {}

		public function get_data(): mixed {
			return $this->data;
		}

		public function get_status(): int {
			return $this->status;
		}

		public function header( string $key, string $value ): void {
			$this->headers[ $key ] = $value;
		}
	}
}

if ( ! class_exists( 'WP_REST_Response' ) ) {
	class WP_REST_Response extends WP_HTTP_Response {}
}

if ( ! class_exists( 'WP_REST_Request' ) ) {
	/**
	 * Parameters read as WordPress's request reads them: an array key, null when absent.
	 *
	 * @template T of array<string, mixed>
	 * @implements ArrayAccess<string, mixed>
	 */
	class WP_REST_Request implements ArrayAccess {
		/**
		 * @param array<string, mixed>  $params
		 * @param array<string, string> $headers lower-case name => value
		 */
		public function __construct( public array $params = array(), public array $headers = array(), public string $route = '' ) {}

		public function get_header( string $name ): ?string {
			return $this->headers[ strtolower( $name ) ] ?? null;
		}

		public function has_param( string $key ): bool {
			return array_key_exists( $key, $this->params );
		}

		public function get_route(): string {
			return $this->route;
		}

		public function offsetExists( mixed $offset ): bool {
			return isset( $this->params[ $offset ] );
		}

		public function offsetGet( mixed $offset ): mixed {
			return $this->params[ $offset ] ?? null;
		}

		public function offsetSet( mixed $offset, mixed $value ): void {
			$this->params[ (string) $offset ] = $value;
		}

		public function offsetUnset( mixed $offset ): void {
			unset( $this->params[ $offset ] );
		}
	}
}

if ( ! function_exists( 'add_action' ) ) {
	function add_action( string $hook_name, callable $callback, int $priority = 10, int $accepted_args = 1 ): bool {
		$GLOBALS['car_export_test_wp']['actions'][ $hook_name ][] = array( $callback, $accepted_args );
		return true;
	}
}

if ( ! function_exists( 'do_action' ) ) {
	function do_action( string $hook_name, mixed ...$args ): void {
		foreach ( $GLOBALS['car_export_test_wp']['actions'][ $hook_name ] ?? array() as list( $callback, $accepted ) ) {
			$callback( ...array_slice( $args, 0, $accepted ) );
		}
	}
}

if ( ! function_exists( 'add_filter' ) ) {
	function add_filter( string $hook_name, callable $callback, int $priority = 10, int $accepted_args = 1 ): bool {
		return true;
	}
}

if ( ! function_exists( 'remove_filter' ) ) {
	function remove_filter( string $hook_name, callable $callback, int $priority = 10 ): bool {
		return true;
	}
}

if ( ! function_exists( 'register_rest_route' ) ) {
	/**
	 * @param array<mixed> $args
	 */
	function register_rest_route( string $route_namespace, string $route, array $args = array(), bool $override = false ): bool {
		$GLOBALS['car_export_test_wp']['routes'][ '/' . $route_namespace . $route ] = $args;
		return true;
	}
}

if ( ! function_exists( 'wp_salt' ) ) {
	function wp_salt( string $scheme = 'auth' ): string {
		return 'unit-test-salt-' . $scheme;
	}
}

if ( ! function_exists( 'wp_hash' ) ) {
	function wp_hash( string $data, string $scheme = 'auth' ): string {
		return hash_hmac( 'md5', $data, wp_salt( $scheme ) );
	}
}

if ( ! function_exists( 'home_url' ) ) {
	function home_url( string $path = '' ): string {
		return 'https://cars.example' . $path;
	}
}

if ( ! function_exists( 'get_userdata' ) ) {
	function get_userdata( int $user_id ): WP_User|false {
		$user = $GLOBALS['car_export_test_wp']['users'][ $user_id ] ?? null;
		// A copy, as WordPress reads the row afresh: a caller's old object keeps the old hash.
		return $user instanceof WP_User ? clone $user : false;
	}
}

if ( ! function_exists( 'get_current_user_id' ) ) {
	function get_current_user_id(): int {
		return (int) ( $GLOBALS['car_export_test_wp']['user_id'] ?? 0 );
	}
}

if ( ! function_exists( 'get_user_meta' ) ) {
	// WordPress's answer: '' for a missing single value, the list of values otherwise.
	function get_user_meta( int $user_id, string $key = '', bool $single = false ): mixed {
		$values = $GLOBALS['car_export_test_wp']['user_meta'][ $user_id ][ $key ] ?? null;
		if ( null === $values ) {
			return $single ? '' : array();
		}
		return $single ? $values[0] : $values;
	}
}

if ( ! function_exists( 'update_user_meta' ) ) {
	function update_user_meta( int $user_id, string $meta_key, mixed $meta_value, mixed $prev_value = '' ): int|bool {
		// Meta is stored as text: a number comes back a string.
		$GLOBALS['car_export_test_wp']['user_meta'][ $user_id ][ $meta_key ] = array( is_scalar( $meta_value ) ? (string) $meta_value : $meta_value );
		return true;
	}
}

if ( ! function_exists( 'get_post_meta' ) ) {
	function get_post_meta( int $post_id, string $key = '', bool $single = false ): mixed {
		$values = $GLOBALS['car_export_test_wp']['post_meta'][ $post_id ][ $key ] ?? null;
		if ( null === $values ) {
			return $single ? '' : array();
		}
		return $single ? $values[0] : $values;
	}
}

if ( ! function_exists( 'update_post_meta' ) ) {
	function update_post_meta( int $post_id, string $meta_key, mixed $meta_value, mixed $prev_value = '' ): int|bool {
		$GLOBALS['car_export_test_wp']['post_meta'][ $post_id ][ $meta_key ] = array( is_scalar( $meta_value ) ? (string) $meta_value : $meta_value );
		return true;
	}
}

if ( ! function_exists( 'get_post' ) ) {
	function get_post( int $post_id ): ?WP_Post {
		return $GLOBALS['car_export_test_wp']['posts'][ $post_id ] ?? null;
	}
}

if ( ! function_exists( 'get_post_field' ) ) {
	function get_post_field( string $field, int $post_id, string $context = 'display' ): string {
		$post = get_post( $post_id );
		return null === $post ? '' : (string) $post->$field;
	}
}

if ( ! function_exists( 'wp_slash' ) ) {
	function wp_slash( mixed $value ): mixed {
		return is_string( $value ) ? addslashes( $value ) : ( is_array( $value ) ? array_map( 'wp_slash', $value ) : $value );
	}
}

if ( ! function_exists( 'wp_unslash' ) ) {
	function wp_unslash( mixed $value ): mixed {
		return is_string( $value ) ? stripslashes( $value ) : ( is_array( $value ) ? array_map( 'wp_unslash', $value ) : $value );
	}
}

if ( ! function_exists( 'wp_insert_post' ) ) {
	/**
	 * @param array<string, mixed> $postarr
	 */
	function wp_insert_post( array $postarr, bool $wp_error = false ): int {
		$postarr  = wp_unslash( $postarr );
		$id       = ++$GLOBALS['car_export_test_wp']['next_post'];
		$post     = new WP_Post();
		$post->ID = $id;
		foreach ( array( 'post_type', 'post_status', 'post_title', 'post_content' ) as $field ) {
			$post->$field = (string) ( $postarr[ $field ] ?? $post->$field );
		}
		$post->post_author                             = (int) ( $postarr['post_author'] ?? 0 );
		$GLOBALS['car_export_test_wp']['posts'][ $id ] = $post;
		foreach ( $postarr['meta_input'] ?? array() as $key => $value ) {
			update_post_meta( $id, (string) $key, $value );
		}
		return $id;
	}
}

if ( ! function_exists( 'wp_schedule_single_event' ) ) {
	/**
	 * @param array<mixed> $args
	 */
	function wp_schedule_single_event( int $timestamp, string $hook, array $args = array() ): bool {
		$GLOBALS['car_export_test_wp']['scheduled'][] = array( $timestamp, $hook, $args );
		return true;
	}
}

if ( ! function_exists( 'sanitize_text_field' ) ) {
	function sanitize_text_field( string $str ): string {
		return trim( (string) preg_replace( '/\s+/', ' ', wp_strip_all_tags( $str ) ) );
	}
}

if ( ! function_exists( 'check_password_reset_key' ) ) {
	// WordPress's rule: the key stored for that login, and only while it is stored.
	function check_password_reset_key( string $key, string $login ): WP_User|WP_Error {
		foreach ( $GLOBALS['car_export_test_wp']['users'] as $user ) {
			if ( $user->user_login === $login && '' !== $user->user_activation_key && hash_equals( $user->user_activation_key, $key ) ) {
				return clone $user;
			}
		}
		return new WP_Error( 'invalid_key', 'Invalid key.' );
	}
}

if ( ! function_exists( 'wp_set_password' ) ) {
	// As in WordPress: a new hash, the reset key cleared, then the wp_set_password action.
	function wp_set_password( string $password, int $user_id ): void {
		$user                      = $GLOBALS['car_export_test_wp']['users'][ $user_id ];
		$user->user_pass           = password_hash( $password, PASSWORD_BCRYPT, array( 'cost' => 4 ) );
		$user->user_activation_key = '';
		do_action( 'wp_set_password', $password, $user_id );
	}
}

if ( ! function_exists( 'reset_password' ) ) {
	function reset_password( WP_User $user, string $new_pass ): void {
		do_action( 'password_reset', $user, $new_pass );
		wp_set_password( $new_pass, $user->ID );
		do_action( 'after_password_reset', get_userdata( $user->ID ), $new_pass );
	}
}

if ( ! function_exists( 'wp_update_user' ) ) {
	/**
	 * As in WordPress: the fields given change, the rest (the reset key too) are kept, and
	 * profile_update is told the account as it was.
	 *
	 * @param array<string, mixed> $userdata
	 */
	function wp_update_user( array $userdata ): int|WP_Error {
		if ( ! empty( $GLOBALS['car_export_test_wp']['refuse_update'] ) ) {
			return new WP_Error( 'db_update_error', 'Could not update user in the database.' );
		}
		$user_id = (int) $userdata['ID'];
		$user    = $GLOBALS['car_export_test_wp']['users'][ $user_id ];
		$old     = clone $user;
		if ( isset( $userdata['user_pass'] ) ) {
			$user->user_pass = password_hash( (string) $userdata['user_pass'], PASSWORD_BCRYPT, array( 'cost' => 4 ) );
		}
		foreach ( array( 'user_email', 'display_name' ) as $field ) {
			if ( isset( $userdata[ $field ] ) ) {
				$user->$field = wp_unslash( (string) $userdata[ $field ] );
			}
		}
		do_action( 'profile_update', $user_id, $old, $userdata );
		return $user_id;
	}
}

if ( ! function_exists( 'get_gmt_from_date' ) ) {
	// The site's clock is UTC plus the gmt_offset option (hours), as on a site without a named zone.
	function get_gmt_from_date( string $date_string, string $format = 'Y-m-d H:i:s' ): string {
		$time = strtotime( $date_string . ' UTC' );
		return gmdate( $format, ( false === $time ? 0 : $time ) - (int) ( (float) get_option( 'gmt_offset', 0 ) * 3600 ) );
	}
}

if ( ! class_exists( 'WP' ) ) {
	// The parsed request: the REST route the rewrite rules found.
	class WP {
		/** @var array<string, mixed> */
		public array $query_vars = array();
	}
}

if ( ! function_exists( 'trailingslashit' ) ) {
	function trailingslashit( string $value ): string {
		return untrailingslashit( $value ) . '/';
	}
}

if ( ! function_exists( 'untrailingslashit' ) ) {
	function untrailingslashit( string $value ): string {
		return rtrim( $value, '/\\' );
	}
}

if ( ! function_exists( 'rest_get_url_prefix' ) ) {
	function rest_get_url_prefix(): string {
		return 'wp-json';
	}
}

if ( ! function_exists( 'esc_url_raw' ) ) {
	function esc_url_raw( string $url ): string {
		return (string) filter_var( $url, FILTER_SANITIZE_URL );
	}
}

if ( ! function_exists( 'wp_set_current_user' ) ) {
	function wp_set_current_user( int $id ): WP_User|false {
		$GLOBALS['car_export_test_wp']['user_id'] = $id;
		return get_userdata( $id );
	}
}

if ( ! function_exists( 'wp_authenticate' ) ) {
	// WordPress's answers: the account for a right password (by login or e-mail), else why not.
	function wp_authenticate( string $username, string $password ): WP_User|WP_Error {
		foreach ( $GLOBALS['car_export_test_wp']['users'] as $user ) {
			if ( $user->user_login === $username || $user->user_email === $username ) {
				return password_verify( $password, $user->user_pass ) ? clone $user : new WP_Error( 'incorrect_password', 'The password is incorrect.' );
			}
		}
		$GLOBALS['car_export_test_wp']['unknown_logins'] = ( $GLOBALS['car_export_test_wp']['unknown_logins'] ?? 0 ) + 1;
		return new WP_Error( str_contains( $username, '@' ) ? 'invalid_email' : 'invalid_username', 'Unknown account.' );
	}
}

if ( ! function_exists( 'wp_hash_password' ) ) {
	function wp_hash_password( string $password ): string {
		$GLOBALS['car_export_test_wp']['hashed'] = ( $GLOBALS['car_export_test_wp']['hashed'] ?? 0 ) + 1;
		return password_hash( $password, PASSWORD_BCRYPT, array( 'cost' => 4 ) );
	}
}

if ( ! function_exists( 'username_exists' ) ) {
	function username_exists( string $username ): int|false {
		foreach ( $GLOBALS['car_export_test_wp']['users'] as $user ) {
			if ( strtolower( $user->user_login ) === strtolower( $username ) ) {
				return $user->ID;
			}
		}
		return false;
	}
}

if ( ! function_exists( 'email_exists' ) ) {
	function email_exists( string $email ): int|false {
		foreach ( $GLOBALS['car_export_test_wp']['users'] as $user ) {
			if ( strtolower( $user->user_email ) === strtolower( $email ) ) {
				return $user->ID;
			}
		}
		return false;
	}
}

if ( ! function_exists( 'wp_insert_user' ) ) {
	/**
	 * @param array<string, mixed> $userdata
	 */
	function wp_insert_user( array $userdata ): int|WP_Error {
		if ( '' === (string) $userdata['user_login'] ) {
			return new WP_Error( 'empty_user_login', 'Cannot create a user with an empty login name.' );
		}
		$id                  = 1 + max( array( 0, ...array_keys( $GLOBALS['car_export_test_wp']['users'] ) ) );
		$user                = new WP_User( $id );
		$user->user_login    = wp_unslash( (string) $userdata['user_login'] );
		$user->user_email    = wp_unslash( (string) $userdata['user_email'] );
		$user->display_name  = wp_unslash( (string) $userdata['display_name'] );
		$user->user_nicename = strtolower( $user->user_login );
		$user->user_pass     = password_hash( (string) $userdata['user_pass'], PASSWORD_BCRYPT, array( 'cost' => 4 ) );
		$GLOBALS['car_export_test_wp']['users'][ $id ] = $user;
		return $id;
	}
}

if ( ! function_exists( 'is_user_logged_in' ) ) {
	function is_user_logged_in(): bool {
		return get_current_user_id() > 0;
	}
}

if ( ! function_exists( 'add_option' ) ) {
	function add_option( string $option, mixed $value = '', string $deprecated = '', bool|string|null $autoload = null ): bool {
		if ( array_key_exists( $option, $GLOBALS['car_export_test_options'] ?? array() ) ) {
			return false;
		}
		$GLOBALS['car_export_test_options'][ $option ] = $value;
		return true;
	}
}

if ( ! function_exists( 'wp_generate_password' ) ) {
	function wp_generate_password( int $length = 12, bool $special_chars = true, bool $extra_special_chars = false ): string {
		return substr( bin2hex( random_bytes( $length ) ), 0, $length );
	}
}

if ( ! function_exists( 'wp_get_current_user' ) ) {
	function wp_get_current_user(): WP_User {
		$user = get_userdata( get_current_user_id() );
		return $user instanceof WP_User ? $user : new WP_User( 0 );
	}
}

if ( ! function_exists( 'user_can' ) ) {
	function user_can( WP_User $user, string $capability ): bool {
		return ! empty( $user->allcaps[ $capability ] );
	}
}

if ( ! function_exists( 'wp_check_password' ) ) {
	function wp_check_password( string $password, string $hash, int|string $user_id = '' ): bool {
		return password_verify( $password, $hash );
	}
}

if ( ! function_exists( 'delete_user_meta' ) ) {
	function delete_user_meta( int $user_id, string $meta_key, mixed $meta_value = '' ): bool {
		$had = isset( $GLOBALS['car_export_test_wp']['user_meta'][ $user_id ][ $meta_key ] );
		unset( $GLOBALS['car_export_test_wp']['user_meta'][ $user_id ][ $meta_key ] );
		return $had;
	}
}

if ( ! function_exists( 'get_users' ) ) {
	/**
	 * The ids of the accounts that have the meta key asked for (the one query the plugin makes).
	 *
	 * @param array<string, mixed> $args
	 * @return list<string>
	 */
	function get_users( array $args = array() ): array {
		$ids = array();
		foreach ( $GLOBALS['car_export_test_wp']['users'] as $id => $user ) {
			if ( ! isset( $args['meta_key'] ) || isset( $GLOBALS['car_export_test_wp']['user_meta'][ $id ][ $args['meta_key'] ] ) ) {
				$ids[] = (string) $id;
			}
		}
		return $ids;
	}
}

if ( ! function_exists( 'wp_delete_user' ) ) {
	function wp_delete_user( int $id, ?int $reassign = null ): bool {
		if ( ! isset( $GLOBALS['car_export_test_wp']['users'][ $id ] ) || ! empty( $GLOBALS['car_export_test_wp']['refuse_delete'] ) ) {
			return false;
		}
		unset( $GLOBALS['car_export_test_wp']['users'][ $id ] );
		return true;
	}
}


if ( ! function_exists( '_prime_post_caches' ) ) {
	/**
	 * @param list<int> $ids
	 */
	function _prime_post_caches( array $ids, bool $update_term_cache = true, bool $update_meta_cache = true ): void {
	}
}

if ( ! function_exists( 'maybe_unserialize' ) ) {
	function maybe_unserialize( mixed $data ): mixed {
		return is_string( $data ) && is_serialized( $data ) ? unserialize( $data ) : $data; // phpcs:ignore WordPress.PHP.DiscouragedPHPFunctions.serialize_unserialize -- as WordPress does.
	}
}

if ( ! function_exists( 'is_serialized' ) ) {
	function is_serialized( mixed $data ): bool {
		return is_string( $data ) && 1 === preg_match( '/^(a|O|s|i|b|d):|^N;$/', $data );
	}
}

if ( ! function_exists( 'wp_cache_delete' ) ) {
	function wp_cache_delete( int|string $key, string $group = '' ): bool {
		return true;
	}
}

if ( ! function_exists( 'wp_mail' ) ) {
	/**
	 * Kept in car_export_test_wp['mail']; refused while car_export_test_wp['refuse_mail'] is set.
	 *
	 * @param string|list<string> $headers
	 */
	function wp_mail( string $to, string $subject, string $message, string|array $headers = '' ): bool {
		if ( 'throw' === ( $GLOBALS['car_export_test_wp']['refuse_mail'] ?? '' ) ) {
			throw new RuntimeException( 'SMTP connect() failed.' );
		}
		if ( ! empty( $GLOBALS['car_export_test_wp']['refuse_mail'] ) ) {
			return false;
		}
		$GLOBALS['car_export_test_wp']['mail'][] = compact( 'to', 'subject', 'message', 'headers' );
		return true;
	}
}

if ( ! function_exists( 'get_user_by' ) ) {
	function get_user_by( string $field, int|string $value ): WP_User|false {
		foreach ( $GLOBALS['car_export_test_wp']['users'] as $user ) {
			if ( 'email' === $field && strtolower( $user->user_email ) === strtolower( (string) $value ) ) {
				return clone $user;
			}
		}
		return false;
	}
}

if ( ! function_exists( 'get_password_reset_key' ) ) {
	// A new key for the account, replacing any earlier one, as WordPress stores it.
	function get_password_reset_key( WP_User $user ): string {
		$key = wp_generate_password( 20, false );
		$GLOBALS['car_export_test_wp']['users'][ $user->ID ]->user_activation_key = $key;
		return $key;
	}
}

if ( ! function_exists( 'get_posts' ) ) {
	/**
	 * Posts of one type by one author, newest first: the query of a buyer's own inquiries.
	 *
	 * @param array<string, mixed> $args
	 * @return list<WP_Post>
	 */
	function get_posts( array $args = array() ): array {
		$found = array();
		foreach ( $GLOBALS['car_export_test_wp']['posts'] as $post ) {
			$type   = (string) ( $args['post_type'] ?? $post->post_type );
			$author = (int) ( $args['author'] ?? $post->post_author );
			if ( $type === $post->post_type && $author === $post->post_author ) {
				$found[] = $post;
			}
		}
		$found = 'DESC' === ( $args['order'] ?? 'DESC' ) ? array_reverse( $found ) : $found;
		$limit = (int) ( $args['posts_per_page'] ?? -1 );
		return $limit > 0 ? array_slice( $found, 0, $limit ) : $found;
	}
}

if ( ! function_exists( 'mysql_to_rfc3339' ) ) {
	function mysql_to_rfc3339( string $date_string ): string {
		return str_replace( ' ', 'T', $date_string ) . '+00:00';
	}
}

if ( ! function_exists( 'remove_action' ) ) {
	function remove_action( string $hook_name, callable $callback, int $priority = 10 ): bool {
		foreach ( $GLOBALS['car_export_test_wp']['actions'][ $hook_name ] ?? array() as $i => $hooked ) {
			if ( $hooked[0] === $callback ) {
				unset( $GLOBALS['car_export_test_wp']['actions'][ $hook_name ][ $i ] );
				return true;
			}
		}
		return false;
	}
}

if ( ! function_exists( 'rest_url' ) ) {
	function rest_url( string $path = '' ): string {
		return 'https://wp.example/wp-json/' . ltrim( $path, '/' );
	}
}

if ( ! function_exists( 'add_query_arg' ) ) {
	/**
	 * The form the plugin uses: an array of arguments and the address to add them to.
	 *
	 * @param array<string, mixed> $args
	 */
	function add_query_arg( array $args, string $url ): string {
		return $url . ( str_contains( $url, '?' ) ? '&' : '?' ) . http_build_query( $args );
	}
}
