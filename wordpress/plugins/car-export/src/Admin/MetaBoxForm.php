<?php
declare(strict_types=1);

namespace CarExport\Admin;

/**
 * The parts every meta box form of ours shares: its nonce, the check that a save really came from
 * the form (not an autosave, a revision, quick edit, a script or the seed, and by someone allowed
 * to edit the post), and the refusals shown once on the edit screen after the redirect.
 */
final class MetaBoxForm {

	// Long enough to survive the redirect after saving, short enough not to greet a later visit.
	private const NOTICE_TTL = 60;

	public function __construct(
		private readonly string $post_type,
		private readonly string $nonce_action,
		private readonly string $nonce_field,
		private readonly string $notice_key = '',
	) {}

	public function print_nonce(): void {
		wp_nonce_field( $this->nonce_action, $this->nonce_field );
	}

	/** Whether this save request is the form's own, with a valid nonce, by an allowed user. */
	public function is_form_save( int $post_id ): bool {
		if ( ( defined( 'DOING_AUTOSAVE' ) && DOING_AUTOSAVE ) || wp_is_post_revision( $post_id ) || wp_is_post_autosave( $post_id ) ) {
			return false;
		}
		$nonce = isset( $_POST[ $this->nonce_field ] ) && is_string( $_POST[ $this->nonce_field ] ) ? sanitize_text_field( wp_unslash( $_POST[ $this->nonce_field ] ) ) : '';
		return '' !== $nonce && false !== wp_verify_nonce( $nonce, $this->nonce_action ) && current_user_can( 'edit_post', $post_id );
	}

	/**
	 * The form's posted fields (the array posted under $field), unslashed; null when this save is
	 * not the form's own (see is_form_save), so the meta is left alone. Sanitising is each form's
	 * validation's job.
	 *
	 * @return array<mixed>|null
	 */
	public function submitted( int $post_id, string $field ): ?array {
		if ( ! $this->is_form_save( $post_id ) ) {
			return null;
		}
		// phpcs:ignore WordPress.Security.NonceVerification.Missing, WordPress.Security.ValidatedSanitizedInput.InputNotSanitized -- nonce checked by is_form_save() above; each form validates and sanitises its fields.
		$input = isset( $_POST[ $field ] ) && is_array( $_POST[ $field ] ) ? wp_unslash( $_POST[ $field ] ) : array();
		return is_array( $input ) ? $input : array();
	}

	/**
	 * Needs the notice key given to the constructor.
	 *
	 * @param list<string> $errors
	 */
	public function remember_errors( array $errors ): void {
		if ( array() !== $errors ) {
			set_transient( $this->notice_key . get_current_user_id(), $errors, self::NOTICE_TTL );
		}
	}

	/** On this post type's edit screen: the refusals of the last save, once. */
	public function print_notices( string $suffix = '' ): void {
		$screen = get_current_screen();
		if ( null === $screen || $this->post_type !== $screen->post_type || 'post' !== $screen->base ) {
			return;
		}
		$key    = $this->notice_key . get_current_user_id();
		$errors = get_transient( $key );
		if ( ! is_array( $errors ) ) {
			return;
		}
		delete_transient( $key );
		foreach ( $errors as $error ) {
			echo '<div class="notice notice-error is-dismissible"><p>' . esc_html( trim( (string) $error . ' ' . $suffix ) ) . '</p></div>';
		}
	}
}
