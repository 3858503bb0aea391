<?php
declare(strict_types=1);

namespace CarExport\Mail;

use CarExport\Service;

/**
 * Sends WordPress's mail through the SMTP server named in wp-config.php (or, in containers, the
 * environment variables of the same names). Without CAR_EXPORT_SMTP_HOST WordPress's own PHP mail()
 * transport is left as it is.
 */
final class SmtpTransport implements Service {

	/** Seconds to wait for the mail server; PHPMailer's own default of five minutes would hold a visitor's request. */
	private const TIMEOUT = 15;

	public function register(): void {
		if ( '' === self::setting( 'CAR_EXPORT_SMTP_HOST' ) ) {
			return;
		}
		add_action( 'phpmailer_init', array( $this, 'configure' ) );
		add_filter( 'wp_mail_from', array( $this, 'from' ) );
		add_filter( 'wp_mail_from_name', array( $this, 'from_name' ) );
	}

	public function configure( \PHPMailer\PHPMailer\PHPMailer $mailer ): void {
		$mailer->isSMTP();
		$mailer->Host    = self::setting( 'CAR_EXPORT_SMTP_HOST' );
		$port            = (int) self::setting( 'CAR_EXPORT_SMTP_PORT' );
		$secure          = strtolower( self::setting( 'CAR_EXPORT_SMTP_SECURE' ) );
		$secure          = in_array( $secure, array( 'tls', 'ssl' ), true ) ? $secure : '';
		$mailer->Port    = $port > 0 ? $port : ( 'ssl' === $secure ? 465 : 587 );
		$mailer->Timeout = self::TIMEOUT;
		// "tls" is STARTTLS, "ssl" is TLS from the first byte; empty means plain, and then PHPMailer
		// must not upgrade on its own either, or a server with a self-made certificate fails every mail.
		$mailer->SMTPSecure  = $secure;
		$mailer->SMTPAutoTLS = '' !== $secure;
		$user                = self::setting( 'CAR_EXPORT_SMTP_USER' );
		if ( '' !== $user ) {
			$mailer->SMTPAuth = true;
			$mailer->Username = $user;
			$mailer->Password = self::setting( 'CAR_EXPORT_SMTP_PASSWORD' );
		}
	}

	public function from( string $from ): string {
		$configured = self::setting( 'CAR_EXPORT_MAIL_FROM' );
		return false !== is_email( $configured ) ? $configured : $from;
	}

	public function from_name( string $name ): string {
		$configured = trim( (string) preg_replace( '/[\r\n]+/', ' ', self::setting( 'CAR_EXPORT_MAIL_FROM_NAME' ) ) );
		if ( '' !== $configured ) {
			return $configured;
		}
		// Core's default sender name is "WordPress", which tells staff and visitors nothing: the
		// business's name (the site title) is who writes.
		$company = trim( wp_specialchars_decode( (string) get_bloginfo( 'name' ), ENT_QUOTES ) );
		return 'WordPress' === $name && '' !== $company ? $company : $name;
	}

	/** A constant from wp-config.php, else the environment variable of the same name, else ''. */
	private static function setting( string $name ): string {
		if ( defined( $name ) ) {
			$value = constant( $name );
			return is_scalar( $value ) ? trim( (string) $value ) : '';
		}
		$env = getenv( $name );
		return is_string( $env ) ? trim( $env ) : '';
	}
}
