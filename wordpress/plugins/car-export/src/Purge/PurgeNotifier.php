<?php
declare(strict_types=1);

namespace CarExport\Purge;

use CarExport\Cars\CarFields;
use CarExport\Deals\DealService;
use CarExport\Service;
use CarExport\Settings\SiteSettings;
use CarExport\Videos\VideoFields;
use WP_Post;

/**
 * Tells the website which cached pages went stale. One save fires several WordPress hooks
 * (a trash is also a status change and a save), so events are collected per post during the
 * request and one POST per post leaves at shutdown, fire-and-forget.
 */
final class PurgeNotifier implements Service {

	public const PAYLOAD_FILTER = 'car_export_purge_payload';

	private const TIMEOUT = 0.5;

	/** Option holding the answer to the last purge WordPress waited for: time, ok, error. */
	public const LAST_RESULT_OPTION = 'car_export_last_purge';

	/** Long enough for a busy site to answer, short enough not to hold a settings save up. */
	private const CONFIRM_TIMEOUT = 5;

	/** While true (a bulk import), per-post notices are not collected; the importer purges once at the end. */
	private static bool $suspended = false;

	/** When several events hit one post in a request, the strongest says what happened. */
	private const EVENT_WEIGHT = array(
		'save'    => 1,
		'trash'   => 2,
		'untrash' => 2,
		'delete'  => 3,
	);

	/** @var array<int, array{type: string, id: int, slug: string, event: string}> */
	private array $pending = array();

	private bool $flush_hooked = false;

	private bool $settings_purge_hooked = false;

	public function register(): void {
		add_action( 'wp_after_insert_post', array( $this, 'on_saved' ), 10, 4 );
		add_action( 'trashed_post', array( $this, 'on_trashed' ) );
		add_action( 'untrashed_post', array( $this, 'on_untrashed' ) );
		add_action( 'before_delete_post', array( $this, 'on_deleting' ) );
		// A deal reserving, releasing or selling a car changes only its meta, which no post hook reports.
		add_action( DealService::CAR_CHANGED, array( $this, 'on_sale_status_changed' ) );
		add_action( 'add_option_' . SiteSettings::OPTION, array( $this, 'on_settings_saved' ) );
		// A filter, not update_option_*: that action is skipped when staff save unchanged settings,
		// and saving is how staff ask for a purge and see the site's answer.
		add_filter( 'pre_update_option_' . SiteSettings::OPTION, array( $this, 'on_settings_saving' ) );
	}

	/**
	 * The seller's phone, WhatsApp number and address show on every page the site keeps, so a saved
	 * change to them goes out like a post's. Recorded under id 0, which no post has.
	 */
	public function on_settings_saved(): void {
		// Staff see the answer on the settings page, so this call waits for it instead of firing and forgetting.
		self::purge_everything( 'settings' );
	}

	/**
	 * The purge waits until the request ends, when the new settings are stored and readable.
	 */
	public function on_settings_saving( mixed $value ): mixed {
		if ( ! $this->settings_purge_hooked ) {
			$this->settings_purge_hooked = true;
			add_action( 'shutdown', array( $this, 'on_settings_saved' ), 5 );
		}
		return $value;
	}

	public static function suspend(): void {
		self::$suspended = true;
	}

	/**
	 * Sends one notice that purges the whole site, waits for the answer and keeps it
	 * (LAST_RESULT_OPTION) so the settings page can show whether the site confirmed it.
	 *
	 * @return array{time: int, ok: bool, error: string, what: string}|null Null when no purge address or secret is set.
	 */
	public static function purge_everything( string $reason ): ?array {
		$settings = SiteSettings::get();
		if ( '' === $settings['purge_url'] || '' === $settings['purge_secret'] ) {
			return null;
		}
		$payload = array(
			'type'  => 'settings',
			'id'    => 0,
			'slug'  => $reason,
			'event' => 'save',
		);
		$answer  = self::post( $settings['purge_url'], $settings['purge_secret'], $payload, true );
		$labels  = array(
			'settings' => __( 'settings saved', 'car-export' ),
			'import'   => __( 'cars imported', 'car-export' ),
			'restore'  => __( 'backup restored', 'car-export' ),
		);
		return self::remember( (string) $answer, $labels[ $reason ] ?? $reason );
	}

	/**
	 * Keeps the site's answer to a purge WordPress waited for (LAST_RESULT_OPTION), with what it was for.
	 *
	 * @param string $error Empty when the site confirmed the purge.
	 * @return array{time: int, ok: bool, error: string, what: string}
	 */
	private static function remember( string $error, string $what ): array {
		$result = array(
			'time'  => time(),
			'ok'    => '' === $error,
			'error' => $error,
			'what'  => $what,
		);
		update_option( self::LAST_RESULT_OPTION, $result, false );
		return $result;
	}

	/**
	 * POSTs one notice. Waiting, it returns the site's answer: '' when the site confirmed the purge,
	 * or what went wrong; without waiting, null.
	 *
	 * @param array{type: string, id: int, slug: string, event: string} $payload
	 */
	private static function post( string $url, string $secret, array $payload, bool $wait ): ?string {
		$response = wp_remote_post(
			$url,
			array(
				'blocking'    => $wait,
				'timeout'     => $wait ? self::CONFIRM_TIMEOUT : self::TIMEOUT,
				'redirection' => 0,
				'headers'     => array(
					'Content-Type'   => 'application/json',
					'X-Purge-Secret' => $secret,
				),
				'body'        => (string) wp_json_encode( $payload ),
			)
		);
		if ( ! $wait ) {
			return null;
		}
		if ( is_wp_error( $response ) ) {
			return $response->get_error_message();
		}
		$status = (int) wp_remote_retrieve_response_code( $response );
		if ( 200 !== $status ) {
			/* translators: 1: HTTP status code, 2: start of the answer. */
			return sprintf( __( 'The site answered %1$d: %2$s', 'car-export' ), $status, mb_substr( wp_strip_all_tags( wp_remote_retrieve_body( $response ) ), 0, 200 ) );
		}
		return '';
	}

	/**
	 * Only changes the public site can see: a published post, or one that just stopped being published.
	 *
	 * @param int|string $post_id
	 */
	public function on_saved( $post_id, WP_Post $post, bool $update, ?WP_Post $post_before ): void {
		if ( ( defined( 'DOING_AUTOSAVE' ) && DOING_AUTOSAVE ) || wp_is_post_revision( $post ) || wp_is_post_autosave( $post ) ) {
			return;
		}
		$was_public = null !== $post_before && 'publish' === $post_before->post_status;
		if ( 'publish' === $post->post_status || $was_public ) {
			$this->record( $post, 'save' );
		}
	}

	/** @param int|string $post_id */
	public function on_trashed( $post_id ): void {
		$this->record_id( (int) $post_id, 'trash' );
	}

	/** @param int|string $post_id */
	public function on_untrashed( $post_id ): void {
		$this->record_id( (int) $post_id, 'untrash' );
	}

	public function on_sale_status_changed( mixed $post_id ): void {
		$this->record_id( is_numeric( $post_id ) ? (int) $post_id : 0, 'save' );
	}

	/** Recorded before the row goes, while the type and slug can still be read. */
	public function on_deleting( int|string $post_id ): void {
		$this->record_id( (int) $post_id, 'delete' );
	}

	/**
	 * Sends the request's notices. Every notice makes the site drop its whole cache, so waiting for
	 * the last one tells whether the site took the change: its answer is kept as the last purge, as
	 * a settings save's is. The staff member's page is handed over first (php-fpm), so that wait
	 * never holds up a save; the other notices go out without waiting, as before.
	 */
	public function flush(): void {
		$pending       = $this->pending;
		$this->pending = array();
		$settings      = SiteSettings::get();
		if ( '' === $settings['purge_url'] || '' === $settings['purge_secret'] || array() === $pending ) {
			return;
		}
		if ( function_exists( 'fastcgi_finish_request' ) ) {
			fastcgi_finish_request();
		}
		$last = (int) array_key_last( $pending );
		$sent = array();
		foreach ( $pending as $post_id => $payload ) {
			$wait   = $post_id === $last;
			$answer = $this->send( $settings['purge_url'], $settings['purge_secret'], $post_id, $payload, $wait );
			if ( null === $answer ) {
				continue;
			}
			$sent[] = $payload;
			if ( $wait ) {
				self::remember( $answer, self::describe( $sent ) );
			}
		}
	}

	/**
	 * What a batch of notices was about, in the words of the last purge line: 'car “2024 BYD Seal”
	 * saved', with how many more posts went with it.
	 *
	 * @param non-empty-list<array{type: string, id: int, slug: string, event: string}> $sent
	 */
	private static function describe( array $sent ): string {
		$payload = $sent[ count( $sent ) - 1 ];
		$kinds   = array(
			CarFields::POST_TYPE   => __( 'car', 'car-export' ),
			'post'                 => __( 'news post', 'car-export' ),
			VideoFields::POST_TYPE => __( 'video', 'car-export' ),
		);
		$events  = array(
			'save'    => __( 'saved', 'car-export' ),
			'trash'   => __( 'trashed', 'car-export' ),
			'untrash' => __( 'restored', 'car-export' ),
			'delete'  => __( 'deleted', 'car-export' ),
		);
		$title   = get_the_title( $payload['id'] );
		/* translators: 1: kind of post (car, news post, video), 2: its title, 3: what happened to it (saved, trashed...). */
		$what = sprintf( __( '%1$s “%2$s” %3$s', 'car-export' ), $kinds[ $payload['type'] ] ?? $payload['type'], '' === $title ? $payload['slug'] : $title, $events[ $payload['event'] ] ?? $payload['event'] );
		$more = count( $sent ) - 1;
		if ( $more > 0 ) {
			/* translators: 1: what happened to the last post, 2: how many other posts changed in the same request. */
			$what = sprintf( _n( '%1$s, with %2$d more change', '%1$s, with %2$d more changes', $more, 'car-export' ), $what, $more );
		}
		return $what;
	}

	/** @return list<string> */
	public static function post_types(): array {
		return array( CarFields::POST_TYPE, 'post', VideoFields::POST_TYPE );
	}

	private function record_id( int $post_id, string $event ): void {
		$post = get_post( $post_id );
		if ( $post instanceof WP_Post ) {
			$this->record( $post, $event );
		}
	}

	private function record( WP_Post $post, string $event ): void {
		if ( self::$suspended || ! in_array( $post->post_type, self::post_types(), true ) || ! $this->is_configured() ) {
			return;
		}
		$earlier = $this->pending[ $post->ID ]['event'] ?? null;
		if ( null !== $earlier && self::EVENT_WEIGHT[ $earlier ] > self::EVENT_WEIGHT[ $event ] ) {
			return;
		}
		$this->pending[ $post->ID ] = array(
			'type'  => $post->post_type,
			'id'    => $post->ID,
			'slug'  => $this->public_slug( $post ),
			'event' => $event,
		);
		$this->flush_at_shutdown();
	}

	private function flush_at_shutdown(): void {
		if ( ! $this->flush_hooked ) {
			$this->flush_hooked = true;
			add_action( 'shutdown', array( $this, 'flush' ) );
		}
	}

	/**
	 * Sends the notice of one post, through PAYLOAD_FILTER. Returns null when the filter dropped it;
	 * otherwise the site's answer when $wait (see post()), '' when not waiting.
	 *
	 * @param array{type: string, id: int, slug: string, event: string} $payload
	 */
	private function send( string $url, string $secret, int $post_id, array $payload, bool $wait ): ?string {
		/**
		 * Filters the notice sent to the website for one post; return null to send nothing.
		 *
		 * @param array{type: string, id: int, slug: string, event: string} $payload
		 * @param int                                                        $post_id
		 */
		$payload = apply_filters( self::PAYLOAD_FILTER, $payload, $post_id );
		if ( ! is_array( $payload ) ) {
			return null;
		}
		return self::post( $url, $secret, $payload, $wait ) ?? '';
	}

	private function is_configured(): bool {
		$settings = SiteSettings::get();
		return '' !== $settings['purge_url'] && '' !== $settings['purge_secret'];
	}

	/** Trashing renames the slug to "name__trashed"; the website knows the post by its real one. */
	private function public_slug( WP_Post $post ): string {
		$desired = get_post_meta( $post->ID, '_wp_desired_post_slug', true );
		if ( 'trash' === $post->post_status && is_string( $desired ) && '' !== $desired ) {
			return $desired;
		}
		return (string) preg_replace( '/__trashed$/', '', $post->post_name );
	}
}
