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
	 * @param Lead   $lead        The lead to keep.
	 * @param string $post_status SuspectedLeads::ORDINARY, or SuspectedLeads::STATUS for one the spam guard holds back.
	 * @return int|WP_Error The new message's post id.
	 */
	public function save( Lead $lead, string $post_status = SuspectedLeads::ORDINARY ): int|WP_Error {
		// wp_insert_post() and the meta functions unslash their input; slashing keeps backslashes a visitor typed.
		$post_id = self::as_typed(
			static fn(): int|WP_Error => wp_insert_post(
				wp_slash(
					array(
						'post_type'    => $lead->type,
						'post_status'  => $post_status,
						'post_title'   => $lead->title(),
						'post_content' => $lead->message,
						'post_author'  => get_current_user_id(),
						'meta_input'   => $lead->meta(),
					)
				),
				true
			)
		);
		if ( $post_id instanceof WP_Error || 0 === $post_id ) {
			return self::not_saved();
		}
		return $post_id;
	}

	/**
	 * Moves a stored lead to another post status; false when it is not a lead or was not changed.
	 */
	public function move( int $post_id, string $post_status ): bool {
		$post = get_post( $post_id );
		if ( ! $post instanceof \WP_Post || ! in_array( $post->post_type, MessageFields::post_types(), true ) ) {
			return false;
		}
		$updated = self::as_typed(
			static fn(): int|WP_Error => wp_update_post(
				array(
					'ID'          => $post_id,
					'post_status' => $post_status,
				),
				true
			)
		);
		return is_int( $updated ) && $updated > 0;
	}

	/**
	 * Runs a write of a lead with its title (the sender's name) and message kept as typed. WordPress
	 * filters what a visitor without the unfiltered_html right saves as HTML ("&" becomes "&amp;",
	 * "<port>" is dropped); a lead is plain text, escaped where it is shown.
	 *
	 * @template T
	 * @param callable(): T $write
	 * @return T
	 */
	private static function as_typed( callable $write ): mixed {
		add_filter( 'wp_insert_post_data', array( self::class, 'keep_typed' ), PHP_INT_MAX, 3 );
		try {
			return $write();
		} finally {
			remove_filter( 'wp_insert_post_data', array( self::class, 'keep_typed' ), PHP_INT_MAX );
		}
	}

	/**
	 * The row to write with the title and content as they were handed to wp_insert_post() (both
	 * still slashed, as the row is), instead of as its save filters left them.
	 *
	 * @param array<string, mixed> $data        The row WordPress is about to write.
	 * @param array<string, mixed> $postarr     What it was given, sanitized.
	 * @param array<string, mixed> $unsanitized What it was given.
	 * @return array<string, mixed>
	 */
	public static function keep_typed( array $data, array $postarr, array $unsanitized ): array {
		if ( ! in_array( $data['post_type'] ?? '', MessageFields::post_types(), true ) ) {
			return $data;
		}
		foreach ( array( 'post_title', 'post_content' ) as $field ) {
			if ( isset( $unsanitized[ $field ] ) && is_string( $unsanitized[ $field ] ) ) {
				$data[ $field ] = $unsanitized[ $field ];
			}
		}
		return $data;
	}

	/**
	 * The answer when a lead could not be stored: the visitor's data is not safe, so they must send again.
	 */
	public static function not_saved(): WP_Error {
		return new WP_Error(
			'car_export_message_not_saved',
			__( 'Your message could not be saved. Please try again later.', 'car-export' ),
			array( 'status' => 500 )
		);
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

	public static function single_line( string $text ): string {
		return trim( (string) preg_replace( '/[\r\n\t]+/', ' ', $text ) );
	}
}
