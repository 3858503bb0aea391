<?php
declare(strict_types=1);

namespace CarExport\History;

use CarExport\Cars\CarFields;
use CarExport\Messages\MessageFields;
use CarExport\Service;

/**
 * Who changed a car's price or sale status, or a lead's status, when, from what, to what and
 * through which screen, whichever code path wrote the value: the meta functions' own hooks see
 * every write (car form, Quick Edit, Bulk Edit, CSV import, WP-CLI, lead screens), so no screen
 * can forget to record. Each screen only names itself (through()).
 *
 * Kept as post meta of the car or lead, one row per entry (HISTORY_META, not unique): the history
 * belongs to its post and goes with it when it is deleted or backed up, needs no table of its own
 * nor a migration, and is read in one indexed query on the one screen that shows it. Adding a row
 * never rewrites the earlier ones, so two saves at once cannot lose each other's entry.
 *
 * A post made in this request (a seeded car, a created import row, a duplicate, a new lead) gets
 * no entry for its first values: there was nothing before them to change from.
 */
final class ChangeHistory implements Service {

	public const HISTORY_META = '_car_export_history';

	/** Entries shown on a screen; older ones stay stored. */
	private const SHOWN = 50;

	/** @var array<string, string> meta key => tracked field, for cars. */
	private const CAR_FIELDS = array(
		'_car_price'       => HistoryEntry::PRICE,
		'_car_sale_status' => HistoryEntry::SALE_STATUS,
	);

	/** The screen this request's changes come through, named by the code that handles it. */
	private static ?string $via = null;

	/** @var array<string, mixed> "post id|meta key" => the value before the write under way. */
	private static array $before = array();

	/** @var array<int, true> Posts created, or being deleted, in this request. */
	private static array $untracked = array();

	/** Whether a new post is being written (its meta_input comes before the wp_insert_post hook). */
	private static bool $creating = false;

	public function register(): void {
		add_filter( 'wp_insert_post_data', array( $this, 'on_insert_data' ), 10, 2 );
		add_action( 'wp_insert_post', array( $this, 'on_insert' ), 0, 3 );
		add_action( 'before_delete_post', array( $this, 'on_delete' ), 0 );
		add_action( 'add_post_meta', array( $this, 'before_add' ), 10, 2 );
		add_action( 'update_post_meta', array( $this, 'before_write' ), 10, 3 );
		add_action( 'delete_post_meta', array( $this, 'before_write' ), 10, 3 );
		add_action( 'added_post_meta', array( $this, 'after_write' ), 10, 4 );
		add_action( 'updated_post_meta', array( $this, 'after_write' ), 10, 4 );
		add_action( 'deleted_post_meta', array( $this, 'after_deleted' ), 10, 3 );
		foreach ( array_merge( array( CarFields::POST_TYPE ), MessageFields::post_types() ) as $post_type ) {
			add_action( "add_meta_boxes_{$post_type}", array( $this, 'add_box' ) );
		}
	}

	/**
	 * Runs $work with its changes recorded as made through $via, and returns what $work returns.
	 *
	 * @template T
	 * @param callable(): T $work
	 * @return T
	 */
	public static function through( string $via, callable $work ): mixed {
		$outer     = self::$via;
		self::$via = $via;
		try {
			return $work();
		} finally {
			self::$via = $outer;
		}
	}

	/** The screen a change is recorded as made through: the one named, else WP-CLI when run by it. */
	private static function via(): string {
		if ( null !== self::$via ) {
			return self::$via;
		}
		return defined( 'WP_CLI' ) ? HistoryEntry::VIA_WP_CLI : HistoryEntry::VIA_OTHER;
	}

	/**
	 * @param array<string, mixed> $data    The post row about to be written.
	 * @param array<string, mixed> $postarr What was asked, with an ID when the post exists.
	 * @return array<string, mixed>
	 */
	public function on_insert_data( array $data, array $postarr ): array {
		self::$creating = empty( $postarr['ID'] );
		return $data;
	}

	public function on_insert( int $post_id, \WP_Post $post, bool $update ): void {
		self::$creating = false;
		if ( ! $update ) {
			self::$untracked[ $post_id ] = true;
		}
	}

	public function on_delete( int $post_id ): void {
		self::$untracked[ $post_id ] = true;
	}

	/** The field a post's meta key holds, when its changes are recorded. */
	private static function field_of( int $post_id, string $meta_key ): ?string {
		if ( self::$creating || isset( self::$untracked[ $post_id ] ) ) {
			return null;
		}
		if ( isset( self::CAR_FIELDS[ $meta_key ] ) ) {
			return CarFields::POST_TYPE === get_post_type( $post_id ) ? self::CAR_FIELDS[ $meta_key ] : null;
		}
		if ( MessageFields::STATUS === $meta_key ) {
			$type = get_post_type( $post_id );
			return is_string( $type ) && in_array( $type, MessageFields::post_types(), true ) ? HistoryEntry::LEAD_STATUS : null;
		}
		return null;
	}

	public function before_add( int $post_id, string $meta_key ): void {
		if ( null !== self::field_of( $post_id, $meta_key ) ) {
			self::$before[ $post_id . '|' . $meta_key ] = get_post_meta( $post_id, $meta_key, true );
		}
	}

	/**
	 * @param int|list<int> $meta_ids Unused; one id on update, a list on delete.
	 */
	public function before_write( $meta_ids, int $post_id, string $meta_key ): void {
		$this->before_add( $post_id, $meta_key );
	}

	/**
	 * @param int $meta_id Unused.
	 */
	public function after_write( $meta_id, int $post_id, string $meta_key, mixed $value ): void {
		$this->record( $post_id, $meta_key, $value );
	}

	/**
	 * @param list<int> $meta_ids Unused.
	 */
	public function after_deleted( $meta_ids, int $post_id, string $meta_key ): void {
		$this->record( $post_id, $meta_key, '' );
	}

	private function record( int $post_id, string $meta_key, mixed $value ): void {
		$key = $post_id . '|' . $meta_key;
		if ( ! array_key_exists( $key, self::$before ) ) {
			return;
		}
		$from = self::$before[ $key ];
		unset( self::$before[ $key ] );
		$field = self::field_of( $post_id, $meta_key );
		if ( null === $field ) {
			return;
		}
		$user  = wp_get_current_user();
		$entry = HistoryEntry::of_change( $field, $from, $value, self::via(), $user->ID, $user->exists() ? $user->display_name : '', time() );
		if ( null !== $entry ) {
			// Slashed because the meta functions unslash: a backslash in a name is kept.
			add_post_meta( $post_id, self::HISTORY_META, wp_slash( $entry->to_stored() ) );
		}
	}

	/**
	 * A post's entries, newest first.
	 *
	 * @return list<HistoryEntry>
	 */
	public static function of_post( int $post_id ): array {
		$entries = array();
		foreach ( get_post_meta( $post_id, self::HISTORY_META, false ) as $stored ) {
			$entry = HistoryEntry::from_stored( $stored );
			if ( null !== $entry ) {
				$entries[] = $entry;
			}
		}
		// Rows come in the order they were added; a stable sort keeps it for entries of one second.
		$entries = array_reverse( $entries );
		usort( $entries, static fn ( HistoryEntry $a, HistoryEntry $b ): int => $b->at <=> $a->at );
		return $entries;
	}

	public function add_box( \WP_Post $post ): void {
		add_meta_box( 'car-export-history', __( 'History', 'car-export' ), array( $this, 'render' ), $post->post_type, 'side', 'low' );
	}

	public function render( \WP_Post $post ): void {
		$entries = self::of_post( $post->ID );
		if ( array() === $entries ) {
			$what = CarFields::POST_TYPE === $post->post_type
				? __( 'No change of price or sale status yet.', 'car-export' )
				: __( 'No change of status yet.', 'car-export' );
			echo '<p class="description">' . esc_html( $what ) . '</p>';
			return;
		}
		echo '<ol class="car-export-history">';
		foreach ( array_slice( $entries, 0, self::SHOWN ) as $entry ) {
			$who = '' !== $entry->user_name ? $entry->user_name : __( 'System', 'car-export' );
			/* translators: 1: date and time, 2: who, 3: the screen used, e.g. "Quick Edit". */
			$by = sprintf( __( '%1$s, %2$s, via %3$s', 'car-export' ), wp_date( (string) get_option( 'date_format' ) . ' ' . (string) get_option( 'time_format' ), $entry->at ), $who, $entry->via );
			printf( '<li><span class="car-export-history-change">%s</span><br><span class="description">%s</span></li>', esc_html( $entry->summary() ), esc_html( $by ) );
		}
		echo '</ol>';
		$more = count( $entries ) - self::SHOWN;
		if ( $more > 0 ) {
			/* translators: %d: number of older changes not shown. */
			echo '<p class="description">' . esc_html( sprintf( _n( 'And %d earlier change.', 'And %d earlier changes.', $more, 'car-export' ), $more ) ) . '</p>';
		}
	}
}
