<?php
// Constants that WordPress defines at run time (or wp-config.php does) and the stubs do not.
define( 'ABSPATH', '/tmp/wordpress/' );
define( 'WPINC', 'wp-includes' );
define( 'JWT_AUTH_SECRET_KEY', 'phpstan-only' );
define( 'WP_CONTENT_DIR', '/tmp/wordpress/wp-content' );
define( 'ARRAY_A', 'ARRAY_A' );
define( 'OBJECT', 'OBJECT' );

// The WP-CLI commands are analysed without WP-CLI installed; its real class wins when it is.
if ( ! class_exists( 'WP_CLI' ) ) {
	class WP_CLI { // phpcs:ignore
		/** @param callable|class-string|object $callable */
		public static function add_command( string $name, $callable ): void {}
		public static function log( string $message ): void {}
		/** @return never */
		public static function error( string $message ): void {
			exit( 1 );
		}
		/** @return never */
		public static function halt( int $status ): void {
			exit( $status );
		}
	}
}
