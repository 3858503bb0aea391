<?php
declare(strict_types=1);

namespace CarExport\Videos;

use CarExport\Admin\MetaBoxForm;
use CarExport\Service;
use WP_Post;

/**
 * Short videos for the home page: a title, a thumbnail, and either a media-library file or an
 * external https URL (the file wins when both are set), plus the duration the player shows.
 */
final class VideoPostType implements Service {

	public const POST_TYPE     = 'video';
	public const META_FILE     = '_video_file_id';
	public const META_URL      = '_video_url';
	public const META_DURATION = '_video_duration';
	public const MAX_DURATION  = 7200;

	private const FIELD        = 'car_export_video';
	private const SCRIPT       = 'car-export-video-admin';

	private MetaBoxForm $form;

	public function __construct() {
		$this->form = new MetaBoxForm( self::POST_TYPE, 'car_export_save_video', 'car_export_video_nonce', 'car_export_video_notices_' );
	}

	public function register(): void {
		add_action( 'init', array( $this, 'register_post_type' ) );
		add_action( 'init', array( $this, 'register_meta' ) );
		add_action( 'add_meta_boxes_' . self::POST_TYPE, array( $this, 'add_meta_box' ) );
		add_action( 'save_post_' . self::POST_TYPE, array( $this, 'save' ), 10, 2 );
		add_action( 'admin_enqueue_scripts', array( $this, 'enqueue' ) );
		add_action( 'admin_notices', array( $this, 'print_notices' ) );
		add_filter( 'manage_' . self::POST_TYPE . '_posts_columns', array( $this, 'columns' ) );
		add_action( 'manage_' . self::POST_TYPE . '_posts_custom_column', array( $this, 'render_column' ), 10, 2 );
	}

	public function register_post_type(): void {
		// The headless site's theme may not declare thumbnails; videos need them for the poster image.
		add_theme_support( 'post-thumbnails', array( self::POST_TYPE ) );

		register_post_type(
			self::POST_TYPE,
			array(
				'labels'              => array(
					'name'               => __( 'Videos', 'car-export' ),
					'singular_name'      => __( 'Video', 'car-export' ),
					'add_new_item'       => __( 'Add New Video', 'car-export' ),
					'edit_item'          => __( 'Edit Video', 'car-export' ),
					'new_item'           => __( 'New Video', 'car-export' ),
					'view_item'          => __( 'View Video', 'car-export' ),
					'search_items'       => __( 'Search Videos', 'car-export' ),
					'not_found'          => __( 'No videos found.', 'car-export' ),
					'not_found_in_trash' => __( 'No videos found in Trash.', 'car-export' ),
					'all_items'          => __( 'All Videos', 'car-export' ),
					'featured_image'     => __( 'Poster image', 'car-export' ),
					'set_featured_image' => __( 'Set poster image', 'car-export' ),
				),
				// Videos are read through GraphQL only; WordPress itself renders no page for them.
				'public'              => false,
				'publicly_queryable'  => false,
				'exclude_from_search' => true,
				'show_ui'             => true,
				'show_in_menu'        => true,
				'show_in_nav_menus'   => false,
				'show_in_rest'        => false,
				'has_archive'         => false,
				'rewrite'             => false,
				'query_var'           => false,
				'menu_icon'           => 'dashicons-video-alt3',
				'menu_position'       => 21,
				'supports'            => array( 'title', 'thumbnail' ),
			)
		);
	}

	public function register_meta(): void {
		// Typed and sanitised on every write, whoever writes (this form, the seed, a script).
		$common = array(
			'object_subtype' => self::POST_TYPE,
			'single'         => true,
			'show_in_rest'   => false,
		);
		$to_int = static fn ( $value ): int => absint( $value );
		$to_url = static fn ( $value ): string => esc_url_raw( is_string( $value ) ? $value : '', array( 'http', 'https' ) );
		register_meta( 'post', self::META_FILE, $common + array( 'type' => 'integer', 'sanitize_callback' => $to_int ) );
		register_meta( 'post', self::META_URL, $common + array( 'type' => 'string', 'sanitize_callback' => $to_url ) );
		register_meta( 'post', self::META_DURATION, $common + array( 'type' => 'integer', 'sanitize_callback' => $to_int ) );
	}

	public function add_meta_box(): void {
		add_meta_box( 'car-export-video', __( 'Video', 'car-export' ), array( $this, 'render_meta_box' ), self::POST_TYPE, 'normal', 'high' );
	}

	public function enqueue( string $hook_suffix ): void {
		if ( ! in_array( $hook_suffix, array( 'post.php', 'post-new.php' ), true ) || self::POST_TYPE !== get_current_screen()?->post_type ) {
			return;
		}
		wp_enqueue_media();
		wp_register_script( self::SCRIPT, false, array( 'jquery', 'media-editor' ), \CarExport\Plugin::VERSION, true );
		wp_enqueue_script( self::SCRIPT );
		wp_add_inline_script( self::SCRIPT, $this->script() );
	}

	public function render_meta_box( WP_Post $post ): void {
		$file_id  = (int) get_post_meta( $post->ID, self::META_FILE, true );
		$url      = (string) get_post_meta( $post->ID, self::META_URL, true );
		$duration = (int) get_post_meta( $post->ID, self::META_DURATION, true );
		$file_url = $file_id > 0 ? wp_get_attachment_url( $file_id ) : false;

		$this->form->print_nonce();
		?>
		<table class="form-table" role="presentation">
			<tr>
				<th scope="row"><?php esc_html_e( 'Video file', 'car-export' ); ?></th>
				<td>
					<input type="hidden" id="car-export-video-file" name="<?php echo esc_attr( self::FIELD ); ?>[file_id]" value="<?php echo esc_attr( $file_id > 0 ? (string) $file_id : '' ); ?>" />
					<p class="car-export-video-file-name"><?php echo $file_url ? '<code>' . esc_html( wp_basename( $file_url ) ) . '</code>' : esc_html__( 'No file chosen.', 'car-export' ); ?></p>
					<button type="button" class="button car-export-video-choose"><?php esc_html_e( 'Choose or upload video', 'car-export' ); ?></button>
					<button type="button" class="button-link button-link-delete car-export-video-remove"<?php echo $file_id > 0 ? '' : ' style="display:none"'; ?>><?php esc_html_e( 'Remove file', 'car-export' ); ?></button>
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
					<input type="text" id="car-export-video-duration" class="small-text" name="<?php echo esc_attr( self::FIELD ); ?>[duration]" value="<?php echo esc_attr( $duration > 0 ? self::format_duration( $duration ) : '' ); ?>" inputmode="numeric" pattern="[0-9]+(:[0-5][0-9]){0,2}" placeholder="m:ss" />
					<p class="description"><?php esc_html_e( 'Seconds (95) or minutes and seconds (1:35), at most 2 hours. Left empty, it is read from the chosen file when WordPress knows it.', 'car-export' ); ?></p>
				</td>
			</tr>
		</table>
		<?php
	}

	public function save( int $post_id, WP_Post $post ): void {
		// A save that did not come from this form (quick edit, a script, the seed) leaves the meta alone.
		if ( ! $this->form->is_form_save( $post_id ) ) {
			return;
		}

		$input  = isset( $_POST[ self::FIELD ] ) && is_array( $_POST[ self::FIELD ] ) ? wp_unslash( $_POST[ self::FIELD ] ) : array();
		$errors = array();

		$file_id = $this->save_file( $post_id, $this->input_string( $input, 'file_id' ), $errors );
		$url     = $this->save_url( $post_id, $this->input_string( $input, 'url' ), $errors );
		$this->save_duration( $post_id, $this->input_string( $input, 'duration' ), $file_id, $errors );

		if ( 0 === $file_id && '' === $url && 'publish' === $post->post_status ) {
			$errors[] = __( 'This video has neither a file nor a URL, so the website cannot play it.', 'car-export' );
		}
		$this->form->remember_errors( array_values( $errors ) );
	}

	public function print_notices(): void {
		$this->form->print_notices();
	}

	/**
	 * @param array<string, string> $columns
	 * @return array<string, string>
	 */
	public function columns( array $columns ): array {
		$ordered = array();
		foreach ( $columns as $key => $label ) {
			if ( 'title' === $key ) {
				$ordered['car_export_thumbnail'] = __( 'Poster', 'car-export' );
			}
			$ordered[ $key ] = $label;
			if ( 'title' === $key ) {
				$ordered['car_export_duration'] = __( 'Duration', 'car-export' );
				$ordered['car_export_source']   = __( 'Source', 'car-export' );
			}
		}
		return $ordered;
	}

	public function render_column( string $column, int $post_id ): void {
		switch ( $column ) {
			case 'car_export_thumbnail':
				echo has_post_thumbnail( $post_id ) ? get_the_post_thumbnail( $post_id, array( 60, 60 ) ) : '&mdash;';
				break;
			case 'car_export_duration':
				$duration = (int) get_post_meta( $post_id, self::META_DURATION, true );
				echo $duration > 0 ? esc_html( self::format_duration( $duration ) ) : '&mdash;';
				break;
			case 'car_export_source':
				echo esc_html( $this->source_label( $post_id ) );
				break;
		}
	}

	/** m:ss, or h:mm:ss past the hour, as the player shows it. */
	public static function format_duration( int $seconds ): string {
		$hours   = intdiv( $seconds, 3600 );
		$minutes = intdiv( $seconds % 3600, 60 );
		$rest    = $seconds % 60;
		return $hours > 0 ? sprintf( '%d:%02d:%02d', $hours, $minutes, $rest ) : sprintf( '%d:%02d', $minutes, $rest );
	}

	/** Accepts 95, 1:35 or 1:01:35; null when the text is none of these. */
	public static function parse_duration( string $text ): ?int {
		if ( 1 !== preg_match( '/^(?:(?:(\d{1,2}):)?(\d{1,3}):)?(\d{1,5})$/', $text, $parts ) ) {
			return null;
		}
		$has_minutes = '' !== $parts[2];
		if ( $has_minutes && ( (int) $parts[3] > 59 || strlen( $parts[3] ) !== 2 ) ) {
			return null;
		}
		if ( '' !== $parts[1] && (int) $parts[2] > 59 ) {
			return null;
		}
		return (int) $parts[1] * 3600 + (int) $parts[2] * 60 + (int) $parts[3];
	}

	/**
	 * @param list<string> $errors
	 */
	private function save_file( int $post_id, string $raw, array &$errors ): int {
		if ( '' === $raw || '0' === $raw ) {
			delete_post_meta( $post_id, self::META_FILE );
			return 0;
		}
		$file_id = ctype_digit( $raw ) ? (int) $raw : 0;
		if ( $file_id > 0 && $this->is_video_attachment( $file_id ) ) {
			update_post_meta( $post_id, self::META_FILE, $file_id );
			return $file_id;
		}
		$errors[] = __( 'The chosen file was not saved: pick a video from the media library.', 'car-export' );
		return (int) get_post_meta( $post_id, self::META_FILE, true );
	}

	/**
	 * @param list<string> $errors
	 */
	private function save_url( int $post_id, string $raw, array &$errors ): string {
		if ( '' === $raw ) {
			delete_post_meta( $post_id, self::META_URL );
			return '';
		}
		// https only: an http video on the https website would be blocked as mixed content.
		$parts = wp_parse_url( $raw );
		$url   = esc_url_raw( $raw, array( 'https' ) );
		$valid = is_array( $parts ) && isset( $parts['scheme'], $parts['host'] ) && 'https' === strtolower( $parts['scheme'] ) && '' !== $parts['host'];
		if ( $valid && '' !== $url ) {
			update_post_meta( $post_id, self::META_URL, $url );
			return $url;
		}
		$errors[] = __( 'The video URL was not saved: enter a full https:// address.', 'car-export' );
		return (string) get_post_meta( $post_id, self::META_URL, true );
	}

	/**
	 * @param list<string> $errors
	 */
	private function save_duration( int $post_id, string $raw, int $file_id, array &$errors ): void {
		if ( '' === $raw ) {
			$known = $file_id > 0 ? $this->attachment_length( $file_id ) : 0;
			if ( $known > 0 ) {
				update_post_meta( $post_id, self::META_DURATION, $known );
			} else {
				delete_post_meta( $post_id, self::META_DURATION );
			}
			return;
		}
		$seconds = self::parse_duration( $raw );
		if ( null === $seconds || $seconds < 1 || $seconds > self::MAX_DURATION ) {
			$errors[] = sprintf(
				/* translators: %s: the longest duration allowed, as h:mm:ss */
				__( 'The duration was not saved: enter seconds (95) or minutes and seconds (1:35), between 0:01 and %s.', 'car-export' ),
				self::format_duration( self::MAX_DURATION )
			);
			return;
		}
		update_post_meta( $post_id, self::META_DURATION, $seconds );
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
		return $length >= 1 && $length <= self::MAX_DURATION ? $length : 0;
	}

	private function source_label( int $post_id ): string {
		$file_id = (int) get_post_meta( $post_id, self::META_FILE, true );
		if ( $file_id > 0 ) {
			$file_url = wp_get_attachment_url( $file_id );
			/* translators: %s: file name */
			return $file_url ? sprintf( __( 'File: %s', 'car-export' ), wp_basename( $file_url ) ) : __( 'File (missing)', 'car-export' );
		}
		$url = (string) get_post_meta( $post_id, self::META_URL, true );
		if ( '' !== $url ) {
			/* translators: %s: host name of the external video */
			return sprintf( __( 'URL: %s', 'car-export' ), (string) wp_parse_url( $url, PHP_URL_HOST ) );
		}
		return __( 'None', 'car-export' );
	}

	/**
	 * @param array<mixed> $input
	 */
	private function input_string( array $input, string $key ): string {
		return isset( $input[ $key ] ) && is_scalar( $input[ $key ] ) ? trim( (string) $input[ $key ] ) : '';
	}

	/** Media picker limited to videos; small enough to live inline. */
	private function script(): string {
		$texts = (string) wp_json_encode(
			array(
				'title'  => __( 'Choose a video', 'car-export' ),
				'button' => __( 'Use this video', 'car-export' ),
				'none'   => __( 'No file chosen.', 'car-export' ),
			)
		);
		return <<<JS
( function ( $, texts ) {
	var frame;
	var input = $( '#car-export-video-file' );
	var name = $( '.car-export-video-file-name' );
	var remove = $( '.car-export-video-remove' );
	var duration = $( '#car-export-video-duration' );

	$( '.car-export-video-choose' ).on( 'click', function ( event ) {
		event.preventDefault();
		if ( ! frame ) {
			frame = wp.media( { title: texts.title, button: { text: texts.button }, library: { type: 'video' }, multiple: false } );
			frame.on( 'select', function () {
				var picked = frame.state().get( 'selection' ).first().toJSON();
				input.val( picked.id );
				name.empty().append( $( '<code>' ).text( picked.filename || picked.url ) );
				remove.show();
				if ( ! duration.val() && picked.fileLength ) {
					duration.val( picked.fileLength );
				}
			} );
		}
		frame.open();
	} );

	remove.on( 'click', function ( event ) {
		event.preventDefault();
		input.val( '' );
		name.text( texts.none );
		remove.hide();
	} );
}( jQuery, {$texts} ) );
JS;
	}
}
