<?php
declare(strict_types=1);

namespace CarExportSeed;

use CarExport\Cars\CarFields;
use CarExport\Ports\PortFields;
use CarExport\Search\LookupSync;
use CarExport\Settings\SiteSettings;
use CarExport\Videos\VideoFields;

/**
 * Loads the demo catalogue (wordpress/seed/data) into WordPress: cars with their pictures, the
 * home page videos, news posts and the seller settings. Run by `wp car-export seed` (wordpress/seed/command.php).
 *
 * Everything it creates carries the meta MARK, so a new seed version (or --force) can remove
 * exactly the demo content and leave whatever staff added by hand.
 */
final class Seeder {

	public const VERSION_OPTION = 'car_export_seed_version';
	public const MARK           = '_car_export_seed';
	public const HERO_META      = '_car_export_hero';

	/** Bump when the importer writes something different from the same data. */
	private const FORMAT = '1';

	/** WordPress's 2x sizes only matter for large originals; the seed's pictures are at most 1920 wide. */
	private const SKIPPED_SIZES = array( '1536x1536', '2048x2048' );

	/** Matches the camera set-ups of make-images.mjs, picture by picture. */
	private const VIEW_NAMES = array( 'front three-quarter view', 'side view', 'rear three-quarter view', 'side view from the left', 'front wheel and headlight detail', 'high front three-quarter view' );

	private const DAY = 86400;

	private string $media_dir = '';

	private int $author = 0;

	/** @var array<string, int> */
	private array $counts = array();

	/** @var list<int> Images whose sizes are made together at the end, split over two processes. */
	private array $deferred = array();

	/**
	 * @param list<string>|null $worker_command A command that runs generate_metadata() on the
	 *                                          attachment ids it reads (JSON) from standard input;
	 *                                          null makes every size in this process.
	 */
	public function __construct( private readonly bool $force = false, private readonly ?array $worker_command = null ) {}

	/**
	 * @return array<string, int|string> What was created (or 'skipped' => 1 when already seeded).
	 * @throws \RuntimeException With a message for the person running the seed.
	 */
	public function run( string $media_dir, string $data_dir ): array {
		$cars    = $this->load_json( $data_dir . '/cars.json' );
		$site    = $this->load_json( $data_dir . '/site.json' );
		$version = $this->version( $data_dir );

		if ( ! $this->force && get_option( self::VERSION_OPTION ) === $version ) {
			return array(
				'skipped' => 1,
				'version' => $version,
			);
		}

		$this->media_dir = rtrim( $media_dir, '/' );
		$this->check_media( $cars, $site );
		self::require_admin_includes();
		$this->author = $this->first_admin();
		// Seeded HTML is trusted demo content; an admin author also keeps kses from rewriting it.
		wp_set_current_user( $this->author );

		$this->counts = array( 'removed' => $this->wipe() );
		$this->begin_bulk();
		try {
			$this->import_cars( $cars );
			$this->import_videos( $this->list_of( $site, 'videos' ), dirname( $data_dir ) . '/videos' );
			$this->import_news( $this->list_of( $site, 'news' ), $this->alts( $site ) );
			$this->import_site( $site );
			$this->import_ports( $this->list_of( $site, 'ports' ) );
			$this->generate_deferred();
		} finally {
			$this->end_bulk();
		}
		$this->counts['lookup_rows'] = LookupSync::rebuild_all();
		update_option( self::VERSION_OPTION, $version, false );

		return $this->counts + array( 'version' => $version );
	}

	// ------------------------------------------------------------------ input

	/** @return array<mixed> */
	private function load_json( string $path ): array {
		$text = is_readable( $path ) ? file_get_contents( $path ) : false;
		if ( false === $text ) {
			throw new \RuntimeException( sprintf( 'Cannot read %s.', $path ) );
		}
		$data = json_decode( $text, true );
		if ( ! is_array( $data ) ) {
			throw new \RuntimeException( sprintf( '%s is not valid JSON: %s', $path, json_last_error_msg() ) );
		}
		return $data;
	}

	private function version( string $data_dir ): string {
		$digest = '';
		foreach ( array( 'cars.json', 'site.json' ) as $file ) {
			$digest .= (string) md5_file( $data_dir . '/' . $file );
		}
		return self::FORMAT . '-' . substr( md5( $digest ), 0, 12 );
	}

	/**
	 * @param array<mixed> $site
	 * @return list<array<string, mixed>>
	 */
	private function list_of( array $site, string $key ): array {
		$list = $site[ $key ] ?? array();
		return is_array( $list ) ? array_values( array_filter( $list, 'is_array' ) ) : array();
	}

	/**
	 * @param array<mixed> $site
	 * @return array<string, string> media file => alt text
	 */
	private function alts( array $site ): array {
		$alts = array();
		foreach ( $this->list_of( $site, 'media' ) as $media ) {
			$alts[ (string) ( $media['file'] ?? '' ) ] = (string) ( $media['alt'] ?? '' );
		}
		return $alts;
	}

	/**
	 * Fails before anything is written when the pictures were not generated, with the fix.
	 *
	 * @param array<mixed> $cars
	 * @param array<mixed> $site
	 */
	private function check_media( array $cars, array $site ): void {
		$needed = array();
		foreach ( $cars as $car ) {
			for ( $n = 1; $n <= (int) ( $car['images'] ?? 0 ); $n++ ) {
				$needed[] = $this->car_image_file( (string) $car['slug'], $n );
			}
		}
		foreach ( $this->list_of( $site, 'media' ) as $media ) {
			$needed[] = (string) $media['file'];
		}
		$missing = array_filter( $needed, fn ( string $file ): bool => ! is_readable( $this->media_dir . '/' . $file ) );
		if ( array() !== $missing ) {
			throw new \RuntimeException(
				sprintf(
					'%d demo images are missing in %s (first: %s). Run: node wordpress/seed/make-images.mjs %s',
					count( $missing ),
					$this->media_dir,
					reset( $missing ),
					$this->media_dir
				)
			);
		}
	}

	private function car_image_file( string $slug, int $n ): string {
		return sprintf( 'cars/%s-%d.jpg', $slug, $n );
	}

	private static function require_admin_includes(): void {
		// Media helpers live in wp-admin, which a CLI run has not loaded; ABSPATH is a stand-in during analysis.
		require_once ABSPATH . 'wp-admin/includes/file.php'; // @phpstan-ignore requireOnce.fileNotFound
		require_once ABSPATH . 'wp-admin/includes/image.php'; // @phpstan-ignore requireOnce.fileNotFound
		require_once ABSPATH . 'wp-admin/includes/media.php'; // @phpstan-ignore requireOnce.fileNotFound
	}

	private function first_admin(): int {
		$ids = get_users(
			array(
				'role'    => 'administrator',
				'orderby' => 'ID',
				'number'  => 1,
				'fields'  => 'ID',
			)
		);
		return array() === $ids ? 0 : (int) reset( $ids );
	}

	// ------------------------------------------------------------------ bulk mode

	private function begin_bulk(): void {
		// Term and comment counts once at the end, not after each of hundreds of inserts.
		wp_defer_term_counting( true );
		wp_defer_comment_counting( true );
		wp_suspend_cache_invalidation( true );
		self::size_filters( true );
	}

	private function end_bulk(): void {
		self::size_filters( false );
		wp_suspend_cache_invalidation( false );
		// Caches were not invalidated while suspended; start clean before anything reads them.
		wp_cache_flush();
		wp_defer_term_counting( false );
		wp_defer_comment_counting( false );
	}

	private static function size_filters( bool $on ): void {
		if ( $on ) {
			add_filter( 'intermediate_image_sizes_advanced', array( self::class, 'skip_large_sizes' ) );
			// The pictures are already web-sized; skip the "-scaled" copy check.
			add_filter( 'big_image_size_threshold', '__return_false' );
		} else {
			remove_filter( 'intermediate_image_sizes_advanced', array( self::class, 'skip_large_sizes' ) );
			remove_filter( 'big_image_size_threshold', '__return_false' );
		}
	}

	/**
	 * @param array<string, mixed> $sizes
	 * @return array<string, mixed>
	 */
	public static function skip_large_sizes( array $sizes ): array {
		return array_diff_key( $sizes, array_flip( self::SKIPPED_SIZES ) );
	}

	// ------------------------------------------------------------------ image sizes

	/**
	 * Makes WordPress's sizes of the given image attachments and records them in their metadata,
	 * exactly as an upload in wp-admin would. Also the entry point of the worker process.
	 *
	 * @param list<int> $ids
	 * @throws \RuntimeException When an attachment's file is gone.
	 */
	public static function generate_metadata( array $ids ): int {
		self::require_admin_includes();
		self::size_filters( true );
		try {
			foreach ( $ids as $id ) {
				$file = get_attached_file( $id );
				if ( ! is_string( $file ) || ! is_readable( $file ) ) {
					throw new \RuntimeException( sprintf( 'The file of attachment %d is missing.', $id ) );
				}
				wp_update_attachment_metadata( $id, wp_generate_attachment_metadata( $id, $file ) );
			}
		} finally {
			self::size_filters( false );
		}
		return count( $ids );
	}

	/**
	 * Resizing is most of the seed's time and runs on one core per process, so a second PHP
	 * process takes half of the pictures.
	 */
	private function generate_deferred(): void {
		$ids    = $this->deferred;
		$worker = null;
		if ( null !== $this->worker_command && count( $ids ) >= 20 ) {
			$half   = intdiv( count( $ids ), 2 );
			$worker = $this->start_worker( array_slice( $ids, $half ) );
			$ids    = array_slice( $ids, 0, $half );
		}
		self::generate_metadata( $ids );
		if ( null !== $worker ) {
			$this->finish_worker( $worker );
		}
		$this->deferred = array();
	}

	/**
	 * @param list<int> $ids
	 * @return array{process: resource, log: string}
	 */
	private function start_worker( array $ids ): array {
		// Output goes to a file, not a pipe: a chatty worker must never block on a full pipe.
		$log   = (string) wp_tempnam( 'car-export-seed-worker' );
		$pipes = array();
		$proc  = proc_open(
			(array) $this->worker_command,
			array(
				0 => array( 'pipe', 'r' ),
				1 => array( 'file', $log, 'w' ),
				2 => array( 'file', $log, 'a' ),
			),
			$pipes
		);
		if ( ! is_resource( $proc ) ) {
			throw new \RuntimeException( 'Cannot start the image worker process.' );
		}
		fwrite( $pipes[0], (string) wp_json_encode( $ids ) );
		fclose( $pipes[0] );
		return array(
			'process' => $proc,
			'log'     => $log,
		);
	}

	/**
	 * @param array{process: resource, log: string} $worker
	 */
	private function finish_worker( array $worker ): void {
		$status = proc_close( $worker['process'] );
		$output = trim( (string) file_get_contents( $worker['log'] ) );
		wp_delete_file( $worker['log'] );
		if ( 0 !== $status ) {
			throw new \RuntimeException( sprintf( 'The image worker failed (exit %d): %s', $status, substr( $output, -500 ) ) );
		}
	}

	// ------------------------------------------------------------------ removal

	/**
	 * Deletes everything an earlier seed created (posts, videos, attachments and their files).
	 */
	private function wipe(): int {
		global $wpdb;
		$rows    = $wpdb->get_results(
			$wpdb->prepare(
				"SELECT p.ID, p.post_type FROM {$wpdb->posts} AS p INNER JOIN {$wpdb->postmeta} AS m ON m.post_id = p.ID WHERE m.meta_key = %s AND m.meta_value = %s",
				self::MARK,
				'1'
			)
		);
		$removed = 0;
		foreach ( is_array( $rows ) ? $rows : array() as $row ) {
			$deleted = 'attachment' === $row->post_type ? wp_delete_attachment( (int) $row->ID, true ) : wp_delete_post( (int) $row->ID, true );
			if ( $deleted ) {
				++$removed;
			}
		}
		return $removed;
	}

	// ------------------------------------------------------------------ media

	/**
	 * Copies a file into the uploads folder and registers it in the media library. Images get
	 * WordPress's sizes (car-thumb included) as an upload in wp-admin would: right away when
	 * $sizes_now, otherwise with the others at the end (see generate_deferred()).
	 */
	private function import_file( string $relative, string $title, string $alt, int $parent, bool $sizes_now = false ): int {
		$source = str_starts_with( $relative, '/' ) ? $relative : $this->media_dir . '/' . $relative;
		$bits   = file_get_contents( $source );
		if ( false === $bits ) {
			throw new \RuntimeException( sprintf( 'Cannot read %s.', $source ) );
		}
		$upload = wp_upload_bits( wp_basename( $source ), null, $bits );
		if ( ! empty( $upload['error'] ) ) {
			throw new \RuntimeException( sprintf( 'Cannot copy %s into the uploads folder: %s', wp_basename( $source ), (string) $upload['error'] ) );
		}
		$mime = (string) wp_check_filetype( $upload['file'] )['type'];
		$meta = array( self::MARK => '1' );
		if ( '' !== $alt ) {
			$meta['_wp_attachment_image_alt'] = $alt;
		}
		$id = wp_insert_attachment(
			array(
				'post_title'     => $title,
				'post_content'   => '',
				'post_status'    => 'inherit',
				'post_mime_type' => $mime,
				'post_author'    => $this->author,
				'meta_input'     => $meta,
			),
			$upload['file'],
			$parent,
			true
		);
		if ( is_wp_error( $id ) ) {
			throw new \RuntimeException( sprintf( 'Cannot add %s to the media library: %s', wp_basename( $source ), $id->get_error_message() ) );
		}
		if ( ! str_starts_with( $mime, 'image/' ) ) {
			$this->count( 'files' );
			return $id;
		}
		if ( $sizes_now ) {
			self::generate_metadata( array( $id ) );
		} else {
			$this->deferred[] = $id;
		}
		$this->count( 'images' );
		return $id;
	}

	/**
	 * Core reads a video's length with getID3, which some packaged WordPress copies lack; the
	 * seed knows the length anyway, so it falls back to writing the basic metadata itself.
	 */
	private function video_metadata( int $id, int $duration ): void {
		$file = (string) get_attached_file( $id );
		if ( is_readable( ABSPATH . WPINC . '/ID3/getid3.php' ) ) {
			wp_update_attachment_metadata( $id, wp_generate_attachment_metadata( $id, $file ) );
			return;
		}
		wp_update_attachment_metadata(
			$id,
			array(
				'filesize'         => (int) filesize( $file ),
				'mime_type'        => 'video/mp4',
				'length'           => $duration,
				'length_formatted' => sprintf( '%d:%02d', intdiv( $duration, 60 ), $duration % 60 ),
				'fileformat'       => 'mp4',
			)
		);
	}

	// ------------------------------------------------------------------ cars

	/**
	 * @param array<mixed> $cars
	 */
	private function import_cars( array $cars ): void {
		$now = time();
		foreach ( array_values( $cars ) as $index => $car ) {
			if ( ! is_array( $car ) ) {
				continue;
			}
			$car_id = $this->insert_car( $car, $now, $index );
			$ids    = array();
			for ( $n = 1; $n <= (int) $car['images']; $n++ ) {
				$view  = self::VIEW_NAMES[ ( $n - 1 ) % count( self::VIEW_NAMES ) ];
				$ids[] = $this->import_file( $this->car_image_file( (string) $car['slug'], $n ), sprintf( '%s (%d)', $car['title'], $n ), sprintf( '%s, %s', $car['title'], $view ), $car_id );
			}
			if ( array() !== $ids ) {
				set_post_thumbnail( $car_id, $ids[0] );
				update_post_meta( $car_id, CarFields::meta_key( 'gallery' ), $ids );
			}
			$this->count( 'cars' );
		}
	}

	/**
	 * @param array<string, mixed> $car
	 */
	private function insert_car( array $car, int $now, int $index ): int {
		// daysAgo makes "Most Recent" deterministic; the minute offset keeps ties in file order.
		$gmt = gmdate( 'Y-m-d H:i:s', $now - (int) $car['daysAgo'] * self::DAY - $index * 60 );
		$id  = wp_insert_post(
			array(
				'post_type'     => CarFields::POST_TYPE,
				'post_status'   => 'publish',
				'post_title'    => (string) $car['title'],
				'post_name'     => (string) $car['slug'],
				'post_content'  => (string) $car['description'],
				'post_author'   => $this->author,
				'post_date'     => get_date_from_gmt( $gmt ),
				'post_date_gmt' => $gmt,
				'meta_input'    => $this->car_meta( $car ),
			),
			true
		);
		if ( is_wp_error( $id ) ) {
			throw new \RuntimeException( sprintf( 'Cannot create the car "%s": %s', $car['title'], $id->get_error_message() ) );
		}
		return $id;
	}

	/**
	 * Every CarFields field present in the data, stored as the admin form stores it:
	 * numbers as numeric strings, flags as '1', lists as arrays; no price = "Contact for Price".
	 *
	 * @param array<string, mixed> $car
	 * @return array<string, mixed>
	 */
	private function car_meta( array $car ): array {
		$meta = array( self::MARK => '1' );
		foreach ( CarFields::all() as $key => $field ) {
			if ( 'gallery' === $key || ! isset( $car[ $key ] ) ) {
				continue;
			}
			$value = $car[ $key ];
			switch ( $field['type'] ) {
				case 'bool':
					if ( true === $value ) {
						$meta[ $field['meta'] ] = '1';
					}
					break;
				case 'int':
					$meta[ $field['meta'] ] = (string) (int) $value;
					break;
				case 'list':
					$meta[ $field['meta'] ] = array_values( array_map( 'strval', (array) $value ) );
					break;
				default:
					$meta[ $field['meta'] ] = (string) $value;
			}
		}
		return $meta;
	}

	// ------------------------------------------------------------------ videos

	/**
	 * @param list<array<string, mixed>> $videos
	 */
	private function import_videos( array $videos, string $videos_dir ): void {
		$now = time();
		foreach ( $videos as $index => $video ) {
			$file = $videos_dir . '/' . (string) $video['file'];
			if ( ! is_readable( $file ) ) {
				throw new \RuntimeException( sprintf( 'Video %s is missing; run wordpress/seed/make-videos.sh.', $file ) );
			}
			$post_id = wp_insert_post(
				array(
					'post_type'     => VideoFields::POST_TYPE,
					'post_status'   => 'publish',
					'post_title'    => (string) $video['title'],
					'post_author'   => $this->author,
					'menu_order'    => $index,
					'post_date_gmt' => gmdate( 'Y-m-d H:i:s', $now - $index * 3600 ),
					'meta_input'    => array(
						self::MARK                 => '1',
						VideoFields::META_DURATION => (int) $video['duration'],
					),
				),
				true
			);
			if ( is_wp_error( $post_id ) ) {
				throw new \RuntimeException( sprintf( 'Cannot create the video "%s": %s', $video['title'], $post_id->get_error_message() ) );
			}
			$file_id = $this->import_file( $file, (string) $video['title'], '', $post_id );
			$this->video_metadata( $file_id, (int) $video['duration'] );
			$thumb_id = $this->import_file( (string) $video['thumbnail'], (string) $video['title'] . ' (poster)', (string) $video['title'], $post_id );
			update_post_meta( $post_id, VideoFields::META_FILE, $file_id );
			set_post_thumbnail( $post_id, $thumb_id );
			$this->count( 'videos' );
		}
	}

	// ------------------------------------------------------------------ news

	/**
	 * @param list<array<string, mixed>> $posts
	 * @param array<string, string>      $alts
	 */
	private function import_news( array $posts, array $alts ): void {
		foreach ( $posts as $news ) {
			$meta = array( self::MARK => '1' );
			if ( isset( $news['key_specs'] ) && is_array( $news['key_specs'] ) ) {
				$meta['_news_key_specs'] = $this->key_specs( $news['key_specs'] );
			}
			foreach ( array(
				'hero_title'    => '_news_hero_title',
				'hero_subtitle' => '_news_hero_subtitle',
			) as $key => $meta_key ) {
				if ( isset( $news[ $key ] ) ) {
					$meta[ $meta_key ] = (string) $news[ $key ];
				}
			}
			$post_id = wp_insert_post(
				array(
					'post_type'     => 'post',
					'post_status'   => 'publish',
					'post_title'    => (string) $news['title'],
					'post_name'     => (string) $news['slug'],
					'post_excerpt'  => (string) ( $news['excerpt'] ?? '' ),
					'post_author'   => $this->author,
					'post_date'     => (string) $news['date'],
					'post_category' => array( $this->category( (string) $news['category'] ) ),
					'meta_input'    => $meta,
				),
				true
			);
			if ( is_wp_error( $post_id ) ) {
				throw new \RuntimeException( sprintf( 'Cannot create the news post "%s": %s', $news['title'], $post_id->get_error_message() ) );
			}
			$image = (string) ( $news['image'] ?? '' );
			if ( '' !== $image ) {
				set_post_thumbnail( $post_id, $this->import_file( $image, (string) $news['title'], $alts[ $image ] ?? '', $post_id ) );
			}
			// Inline pictures need the post as parent and their URLs in the HTML, so content comes last.
			wp_update_post(
				array(
					'ID'           => $post_id,
					'post_content' => $this->inline_images( (string) $news['content'], $post_id, $alts ),
				)
			);
			$this->count( 'news' );
		}
	}

	/**
	 * @param array<mixed> $specs
	 * @return list<array{label: string, value: string}>
	 */
	private function key_specs( array $specs ): array {
		$clean = array();
		foreach ( $specs as $spec ) {
			if ( is_array( $spec ) && isset( $spec['label'], $spec['value'] ) ) {
				$clean[] = array(
					'label' => (string) $spec['label'],
					'value' => (string) $spec['value'],
				);
			}
		}
		return $clean;
	}

	/**
	 * Replaces [[image FILE|caption]] with a figure holding the imported picture.
	 *
	 * @param array<string, string> $alts
	 */
	private function inline_images( string $html, int $post_id, array $alts ): string {
		return (string) preg_replace_callback(
			'/\[\[image ([^|\]]+)\|([^\]]*)\]\]/',
			function ( array $m ) use ( $post_id, $alts ): string {
				$file = trim( $m[1] );
				// Sized now: the figure's HTML needs the "large" size to exist.
				$id  = $this->import_file( $file, wp_strip_all_tags( $m[2] ), $alts[ $file ] ?? '', $post_id, true );
				$img = wp_get_attachment_image( $id, 'large', false, array( 'class' => 'wp-image-' . $id ) );
				return sprintf( '<figure class="wp-block-image size-large">%s<figcaption>%s</figcaption></figure>', $img, esc_html( $m[2] ) );
			},
			$html
		);
	}

	private function category( string $name ): int {
		$term = term_exists( $name, 'category' );
		if ( ! is_array( $term ) ) {
			$term = wp_insert_term( $name, 'category' );
		}
		if ( is_wp_error( $term ) ) {
			throw new \RuntimeException( sprintf( 'Cannot create the category "%s": %s', $name, $term->get_error_message() ) );
		}
		return (int) $term['term_id'];
	}

	// ------------------------------------------------------------------ site

	/**
	 * The hero banners and the WeChat QR picture, then the seller's contact settings.
	 *
	 * @param array<mixed> $site
	 */
	private function import_site( array $site ): void {
		$alts  = $this->alts( $site );
		$hero  = 0;
		$qr_id = 0;
		$files = array_keys( $alts );
		foreach ( $files as $file ) {
			if ( str_starts_with( $file, 'site/hero-' ) ) {
				$id = $this->import_file( $file, 'Home banner ' . ( ++$hero ), $alts[ $file ], 0 );
				// No settings field takes banners yet; the meta lets a reader find them in order.
				update_post_meta( $id, self::HERO_META, (string) $hero );
			}
		}
		$settings = is_array( $site['settings'] ?? null ) ? $site['settings'] : array();
		$qr_file  = (string) ( $settings['wechat_qr'] ?? '' );
		if ( '' !== $qr_file ) {
			$qr_id = $this->import_file( $qr_file, 'WeChat QR code', $alts[ $qr_file ] ?? 'WeChat QR code', 0 );
		}
		$this->save_settings( $settings, $qr_id );
	}

	/**
	 * @param array<string, mixed> $settings
	 */
	private function save_settings( array $settings, int $qr_id ): void {
		$current = get_option( SiteSettings::OPTION, array() );
		$current = is_array( $current ) ? $current : array();
		// Only the contact keys: the purge URL and secret belong to the deployment, not the demo.
		foreach ( array( 'phone', 'whatsapp', 'email', 'address' ) as $key ) {
			if ( isset( $settings[ $key ] ) ) {
				$current[ $key ] = (string) $settings[ $key ];
			}
		}
		$current['wechat_qr_id'] = $qr_id;
		update_option( SiteSettings::OPTION, $current );
		$this->count( 'settings' );
	}

	/**
	 * Destination ports of the landed-price estimate, checked by the same rules as the admin form.
	 * Their freight, insurance and transit figures are indicative demo figures (per car, from
	 * Shanghai or Tianjin, late-2026 market levels; Almaty overland by road or rail through the
	 * Khorgos crossing), not quotes: staff replace them with their forwarders' rates in the admin.
	 *
	 * @param list<array<string, mixed>> $ports
	 */
	private function import_ports( array $ports ): void {
		foreach ( $ports as $port ) {
			$checked = PortFields::validate( $port );
			if ( array() !== $checked['errors'] ) {
				throw new \RuntimeException( sprintf( 'Port %s: %s', (string) ( $port['name'] ?? '?' ), implode( ' ', $checked['errors'] ) ) );
			}
			$meta = array( self::MARK => '1' );
			foreach ( $checked['values'] as $key => $value ) {
				$meta[ PortFields::FIELDS[ $key ]['meta'] ] = $value;
			}
			wp_insert_post(
				array(
					'post_type'   => PortFields::POST_TYPE,
					'post_status' => 'publish',
					'post_title'  => (string) ( $port['name'] ?? '' ),
					'post_author' => $this->author,
					'meta_input'  => $meta,
				),
				true
			);
			$this->count( 'ports' );
		}
	}

	private function count( string $what ): void {
		$this->counts[ $what ] = ( $this->counts[ $what ] ?? 0 ) + 1;
	}
}
