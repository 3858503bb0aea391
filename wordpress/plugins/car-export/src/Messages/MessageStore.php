<?php
declare(strict_types=1);

namespace CarExport\Messages;

use WP_Error;

/**
 * Keeps a message, then tells staff by e-mail. Storing comes first so a mail failure never loses a
 * message; the outcome of the mail is recorded on the message for staff to see.
 */
final class MessageStore {

	/**
	 * @param array<string, string|int> $meta meta key => value
	 * @return int|WP_Error The new message's post id.
	 */
	public function save( string $post_type, string $title, string $content, array $meta ): int|WP_Error {
		$meta = array_filter( $meta, static fn( mixed $value ): bool => '' !== $value && 0 !== $value );

		// wp_insert_post() and the meta functions unslash their input; slashing keeps backslashes a visitor typed.
		$post_id = wp_insert_post(
			wp_slash(
				array(
					'post_type'    => $post_type,
					'post_status'  => 'private',
					'post_title'   => $title,
					'post_content' => $content,
					'post_author'  => get_current_user_id(),
					'meta_input'   => $meta,
				)
			),
			true
		);
		if ( $post_id instanceof WP_Error || 0 === $post_id ) {
			return new WP_Error(
				'car_export_message_not_saved',
				__( 'Your message could not be saved. Please try again later.', 'car-export' ),
				array( 'status' => 500 )
			);
		}
		return $post_id;
	}

	/**
	 * Sends a plain-text notice to the site's admin address with Reply-To set to the visitor.
	 */
	public function notify( int $post_id, string $subject, string $body, string $reply_email, string $reply_name ): bool {
		$to = (string) get_option( 'admin_email' );
		if ( ! is_email( $to ) ) {
			update_post_meta( $post_id, MessageFields::MAIL_STATUS, 'not sent: no admin address' );
			return false;
		}

		$headers = array( 'Content-Type: text/plain; charset=UTF-8' );
		if ( is_email( $reply_email ) ) {
			$headers[] = 'Reply-To: ' . self::mailbox( $reply_name, $reply_email );
		}
		$body .= "\n\n" . __( 'Open in WordPress:', 'car-export' ) . ' ' . admin_url( 'post.php?post=' . $post_id . '&action=edit' ) . "\n";

		try {
			$sent = wp_mail( $to, self::single_line( $subject ), $body, $headers );
		} catch ( \Throwable ) {
			$sent = false;
		}
		update_post_meta( $post_id, MessageFields::MAIL_STATUS, $sent ? 'sent' : 'failed' );
		return $sent;
	}

	/**
	 * "Label: value" lines, empty values left out.
	 *
	 * @param array<string, string> $fields label => value
	 */
	public static function body( array $fields, string $message ): string {
		$lines = array();
		foreach ( $fields as $label => $value ) {
			if ( '' !== $value ) {
				$lines[] = $label . ': ' . $value;
			}
		}
		if ( '' !== $message ) {
			$lines[] = '';
			$lines[] = __( 'Message:', 'car-export' );
			$lines[] = $message;
		}
		return implode( "\n", $lines );
	}

	/**
	 * A display name with the characters that carry meaning in an address header removed, so a
	 * visitor's name cannot add recipients or headers.
	 */
	public static function mailbox( string $name, string $email ): string {
		$name = trim( (string) preg_replace( '/[\r\n"<>,;:\\\\]+/', ' ', $name ) );
		return '' === $name ? $email : '"' . $name . '" <' . $email . '>';
	}

	public static function single_line( string $text ): string {
		return trim( (string) preg_replace( '/[\r\n\t]+/', ' ', $text ) );
	}
}
