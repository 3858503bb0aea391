<?php
declare(strict_types=1);

namespace CarExport\Messages;

use WP_Error;

/**
 * Keeps a message, and the plain-text helpers of the staff notice (sent by Mail\LeadMail once the
 * message is stored, so a mail failure never loses a message).
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
