<?php
/**
 * wp-config.php of the Docker image. Every setting comes from the container's environment (see
 * docker-compose.yml and .env.example), so one image serves every deployment and holds no secret.
 * A required variable that is missing stops WordPress with a message naming it, instead of a
 * WordPress running half-configured.
 */

/** The environment variable's value, or $fallback when it is unset or empty. */
function car_export_env( string $name, ?string $fallback = null ): ?string {
	$value = getenv( $name );
	return ( false === $value || '' === $value ) ? $fallback : $value;
}

function car_export_env_required( string $name ): string {
	$value = car_export_env( $name );
	if ( null !== $value ) {
		return $value;
	}
	$message = "WordPress is not configured: the environment variable {$name} is not set.\n";
	if ( PHP_SAPI === 'cli' ) {
		fwrite( STDERR, $message );
	} else {
		error_log( trim( $message ) );
		http_response_code( 503 );
		header( 'Content-Type: text/plain; charset=utf-8' );
		echo "Service unavailable: WordPress is not configured.\n";
	}
	exit( 1 );
}

define( 'DB_NAME', car_export_env( 'WORDPRESS_DB_NAME', 'wordpress' ) );
define( 'DB_USER', car_export_env( 'WORDPRESS_DB_USER', 'wordpress' ) );
define( 'DB_PASSWORD', car_export_env_required( 'WORDPRESS_DB_PASSWORD' ) );
define( 'DB_HOST', car_export_env( 'WORDPRESS_DB_HOST', 'db' ) );
define( 'DB_CHARSET', 'utf8mb4' );
define( 'DB_COLLATE', '' );
$table_prefix = 'wp_';

// The eight keys and salts are derived from one secret (HMAC-SHA256 per name): one value to
// generate and keep instead of eight, each key still unique and unguessable without the secret.
$car_export_salt = car_export_env_required( 'WORDPRESS_SALT' );
foreach ( array( 'AUTH_KEY', 'SECURE_AUTH_KEY', 'LOGGED_IN_KEY', 'NONCE_KEY', 'AUTH_SALT', 'SECURE_AUTH_SALT', 'LOGGED_IN_SALT', 'NONCE_SALT' ) as $car_export_key ) {
	define( $car_export_key, hash_hmac( 'sha256', $car_export_key, $car_export_salt ) );
}
unset( $car_export_salt, $car_export_key );

// The address staff and browsers use for wp-admin and media. The site talks to WordPress over the
// compose network (http://wordpress); WordPress still builds every link from this address.
define( 'WP_HOME', rtrim( car_export_env_required( 'WORDPRESS_PUBLIC_URL' ), '/' ) );
define( 'WP_SITEURL', WP_HOME );

// Behind a TLS-terminating proxy WordPress sees plain http; the proxy's header says https.
if ( isset( $_SERVER['HTTP_X_FORWARDED_PROTO'] ) && str_contains( (string) $_SERVER['HTTP_X_FORWARDED_PROTO'], 'https' ) ) {
	$_SERVER['HTTPS'] = 'on';
}

define( 'WP_ENVIRONMENT_TYPE', car_export_env( 'WORDPRESS_ENVIRONMENT_TYPE', 'production' ) );
define( 'WP_DEBUG', '1' === car_export_env( 'WORDPRESS_DEBUG', '0' ) );
define( 'WP_DEBUG_DISPLAY', false );
// PHP's log goes to the container's output (docker compose logs wordpress).
define( 'WP_DEBUG_LOG', WP_DEBUG ? '/dev/stderr' : false );
// The code comes from the image: nothing is edited, installed or updated from wp-admin, where
// it would be lost with the container anyway.
define( 'DISALLOW_FILE_EDIT', true );
define( 'DISALLOW_FILE_MODS', true );
define( 'AUTOMATIC_UPDATER_DISABLED', true );
define( 'WP_AUTO_UPDATE_CORE', false );

// WP-Cron never runs from a request: the compose `cron` service runs every due event (WP-CLI's
// `cron event run --due-now`) on a fixed interval, whether or not anyone visits WordPress. Lead mail
// is queued for it (a visitor's request would wait for the mail server), never sent in the request.
define( 'DISABLE_WP_CRON', true );
define( 'CAR_EXPORT_LEAD_MAIL_QUEUE', true );

// The car-export plugin's settings, by the same names as the environment variables.
define( 'JWT_AUTH_SECRET_KEY', car_export_env_required( 'JWT_AUTH_SECRET_KEY' ) );
foreach ( array(
	'CAR_EXPORT_PURGE_URL',
	'CAR_EXPORT_PURGE_SECRET',
	'CAR_EXPORT_TRUSTED_PROXIES',
	'CAR_EXPORT_FRONTEND_URL',
	'CAR_EXPORT_SMTP_HOST',
	'CAR_EXPORT_SMTP_USER',
	'CAR_EXPORT_SMTP_PASSWORD',
	'CAR_EXPORT_SMTP_SECURE',
	'CAR_EXPORT_MAIL_FROM',
	'CAR_EXPORT_MAIL_FROM_NAME',
) as $car_export_name ) {
	$car_export_value = car_export_env( $car_export_name );
	if ( null !== $car_export_value ) {
		define( $car_export_name, $car_export_value );
	}
}
if ( null !== car_export_env( 'CAR_EXPORT_SMTP_PORT' ) ) {
	define( 'CAR_EXPORT_SMTP_PORT', (int) car_export_env( 'CAR_EXPORT_SMTP_PORT' ) );
}
unset( $car_export_name, $car_export_value );

if ( ! defined( 'ABSPATH' ) ) {
	define( 'ABSPATH', __DIR__ . '/' );
}
require_once ABSPATH . 'wp-settings.php';
