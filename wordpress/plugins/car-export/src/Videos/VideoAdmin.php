<?php
/**
 * The Video box of the video edit screen.
 *
 * @package CarExport
 */

declare(strict_types=1);

namespace CarExport\Videos;

use CarExport\Admin\Assets;
use CarExport\Admin\MetaBoxForm;
use CarExport\Service;
use WP_Post;

/**
 * The form staff fill in for a video (file from the media library, or an external https URL, and
 * the duration), its checks on save, and the notices that name what was not saved and why.
 */
final class VideoAdmin implements Service {

	private const FIELD = 'car_export_video';

	private MetaBoxForm $form;

	public function __construct() {
		$this->form = new MetaBoxForm( VideoFields::POST_TYPE, 'car_export_save_video', 'car_export_video_nonce', 'car_export_video_notices_' );
	}

	public function register(): void {
		add_action( 'add_meta_boxes_' . VideoFields::POST_TYPE, array( $this, 'add_meta_box' ) );
		add_action( 'save_post_' . VideoFields::POST_TYPE, array( $this, 'save' ), 10, 2 );
		add_action( 'admin_enqueue_scripts', array( $this, 'enqueue' ) );
		add_action( 'admin_notices', array( $this, 'print_notices' ) );
	}

	public function add_meta_box(): void {
		add_meta_box( 'car-export-video', __( 'Video', 'car-export' ), array( $this, 'render_meta_box' ), VideoFields::POST_TYPE, 'normal', 'high' );
	}

	/**
	 * The media picker (limited to videos), only on the video form.
	 *
	 * @param string $hook_suffix The admin page being loaded.
	 */
	public function enqueue( string $hook_suffix ): void {
		if ( ! Assets::is_edit_screen( $hook_suffix, VideoFields::POST_TYPE ) ) {
			return;
		}
		Assets::script( 'admin-video.js', array( 'jquery', Assets::enqueue_media_picker() ) );
	}

	public function render_meta_box( WP_Post $post ): void {
		$file_id  = VideoFields::file_id( $post->ID );
		$url      = VideoFields::url( $post->ID );
		$duration = VideoFields::duration( $post->ID );
		$file_url = $file_id > 0 ? wp_get_attachment_url( $file_id ) : false;

		$this->form->print_nonce();
		?>
		<table class="form-table" role="presentation">
			<tr>
				<th scope="row"><?php esc_html_e( 'Video file', 'car-export' ); ?></th>
				<td>
					<input type="hidden" id="car-export-video-file" name="<?php echo esc_attr( self::FIELD ); ?>[file_id]" value="<?php echo esc_attr( $file_id > 0 ? (string) $file_id : '' ); ?>" />
					<p class="car-export-video-file-name"><?php echo $file_url ? '<code>' . esc_html( wp_basename( $file_url ) ) . '</code>' : esc_html__( 'No file chosen.', 'car-export' ); ?></p>
					<button type="button" class="button car-export-video-choose" data-title="<?php esc_attr_e( 'Choose a video', 'car-export' ); ?>" data-button="<?php esc_attr_e( 'Use this video', 'car-export' ); ?>"><?php esc_html_e( 'Choose or upload video', 'car-export' ); ?></button>
					<button type="button" class="button-link button-link-delete car-export-video-remove" data-none="<?php esc_attr_e( 'No file chosen.', 'car-export' ); ?>"<?php echo $file_id > 0 ? '' : ' hidden'; ?>><?php esc_html_e( 'Remove file', 'car-export' ); ?></button>
					<p class="description"><?php esc_html_e( 'MP4 (H.264) plays in every browser. When a file is chosen it is used instead of the URL below.', 'car-export' ); ?></p>
				</td>
			</tr>
			<tr>
				<th scope="row"><label for="car-export-video-url"><?php esc_html_e( 'Or external URL', 'car-export' ); ?></label></th>
				<td>
					<input type="url" id="car-export-video-url" class="large-text code" name="<?php echo esc_attr( self::FIELD ); ?>[url]" value="<?php echo esc_attr( $url ); ?>" placeholder="https://" />
					<p class="description"><?php esc_html_e( 'A direct https:// link to a video file, used when no file is chosen.', 'car-export' ); ?></p>
				</td>
			</tr>
			<tr>
				<th scope="row"><label for="car-export-video-duration"><?php esc_html_e( 'Duration', 'car-export' ); ?></label></th>
				<td>
					<input type="text" id="car-export-video-duration" class="small-text" name="<?php echo esc_attr( self::FIELD ); ?>[duration]" value="<?php echo esc_attr( $duration > 0 ? VideoFields::format_duration( $duration ) : '' ); ?>" inputmode="numeric" pattern="[0-9]+(:[0-5][0-9]){0,2}" placeholder="m:ss" />
					<p class="description"><?php esc_html_e( 'Seconds (95) or minutes and seconds (1:35), at most 2 hours. Left empty, it is read from the chosen file when WordPress knows it.', 'car-export' ); ?></p>
				</td>
			</tr>
		</table>
		<?php
	}

	public function save( int $post_id, WP_Post $post ): void {
		// A save that did not come from this form (quick edit, a script, the seed) leaves the meta
		// alone; each field is sanitised by its own save_* below.
		$input = $this->form->submitted( $post_id, self::FIELD );
		if ( null === $input ) {
			return;
		}
		$errors = array();

		$file_id = $this->save_file( $post_id, $this->input_string( $input, 'file_id' ), $errors );
		$url     = $this->save_url( $post_id, $this->input_string( $input, 'url' ), $errors );
		$this->save_duration( $post_id, $this->input_string( $input, 'duration' ), $file_id, $errors );

		if ( 0 === $file_id && '' === $url && 'publish' === $post->post_status ) {
			$errors[] = __( 'This video has neither a file nor a URL, so the website cannot play it.', 'car-export' );
		}
		$this->form->remember_errors( $errors );
	}

	public function print_notices(): void {
		$this->form->print_notices();
	}

	/**
	 * @param list<string> $errors
	 */
	private function save_file( int $post_id, string $raw, array &$errors ): int {
		if ( '' === $raw || '0' === $raw ) {
			delete_post_meta( $post_id, VideoFields::META_FILE );
			return 0;
		}
		$file_id = ctype_digit( $raw ) ? (int) $raw : 0;
		if ( $file_id > 0 && $this->is_video_attachment( $file_id ) ) {
			update_post_meta( $post_id, VideoFields::META_FILE, $file_id );
			return $file_id;
		}
		$errors[] = __( 'The chosen file was not saved: pick a video from the media library.', 'car-export' );
		return VideoFields::file_id( $post_id );
	}

	/**
	 * @param list<string> $errors
	 */
	private function save_url( int $post_id, string $raw, array &$errors ): string {
		if ( '' === $raw ) {
			delete_post_meta( $post_id, VideoFields::META_URL );
			return '';
		}
		// https only: an http video on the https website would be blocked as mixed content.
		$parts = wp_parse_url( $raw );
		$url   = esc_url_raw( $raw, array( 'https' ) );
		$valid = is_array( $parts ) && isset( $parts['scheme'], $parts['host'] ) && 'https' === strtolower( $parts['scheme'] ) && '' !== $parts['host'];
		if ( $valid && '' !== $url ) {
			update_post_meta( $post_id, VideoFields::META_URL, $url );
			return $url;
		}
		$errors[] = __( 'The video URL was not saved: enter a full https:// address.', 'car-export' );
		return VideoFields::url( $post_id );
	}

	/**
	 * @param list<string> $errors
	 */
	private function save_duration( int $post_id, string $raw, int $file_id, array &$errors ): void {
		if ( '' === $raw ) {
			$known = $file_id > 0 ? $this->attachment_length( $file_id ) : 0;
			if ( $known > 0 ) {
				update_post_meta( $post_id, VideoFields::META_DURATION, $known );
			} else {
				delete_post_meta( $post_id, VideoFields::META_DURATION );
			}
			return;
		}
		$seconds = VideoFields::parse_duration( $raw );
		if ( null === $seconds || $seconds < 1 || $seconds > VideoFields::MAX_DURATION ) {
			$errors[] = sprintf(
				/* translators: %s: the longest duration allowed, as h:mm:ss */
				__( 'The duration was not saved: enter seconds (95) or minutes and seconds (1:35), between 0:01 and %s.', 'car-export' ),
				VideoFields::format_duration( VideoFields::MAX_DURATION )
			);
			return;
		}
		update_post_meta( $post_id, VideoFields::META_DURATION, $seconds );
	}

	private function is_video_attachment( int $attachment_id ): bool {
		$attachment = get_post( $attachment_id );
		if ( ! $attachment instanceof WP_Post || 'attachment' !== $attachment->post_type ) {
			return false;
		}
		return str_starts_with( (string) get_post_mime_type( $attachment ), 'video/' );
	}

	/** WordPress reads the length with getID3 on upload; reuse it rather than asking staff. */
	private function attachment_length( int $attachment_id ): int {
		$metadata = wp_get_attachment_metadata( $attachment_id );
		$length   = is_array( $metadata ) && isset( $metadata['length'] ) && is_numeric( $metadata['length'] ) ? (int) $metadata['length'] : 0;
		return $length >= 1 && $length <= VideoFields::MAX_DURATION ? $length : 0;
	}

	/**
	 * @param array<mixed> $input
	 */
	private function input_string( array $input, string $key ): string {
		return isset( $input[ $key ] ) && is_scalar( $input[ $key ] ) ? trim( (string) $input[ $key ] ) : '';
	}
}
