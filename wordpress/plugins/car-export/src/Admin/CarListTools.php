<?php
declare(strict_types=1);

namespace CarExport\Admin;

use CarExport\Cars\CarFields;
use CarExport\Cars\CarValidator;
use CarExport\History\ChangeHistory;
use CarExport\History\HistoryEntry;
use CarExport\Search\LookupTable;
use CarExport\Service;

/**
 * Tools on the Cars list: filters (brand, body type, featured, status, and any choice field named
 * in FILTER_FIELDS), quick edit and bulk edit of the fields in QUICK_FIELDS, and a Duplicate row
 * action. Built over lists of CarFields keys, so a field added there (such as a sale status) joins
 * by adding its key (a filter also by its lookup table column); keys CarFields does not have are
 * left out. Filters read the lookup table, not postmeta: at 100,000 cars a meta query per filter
 * took seconds, one indexed subquery on the lookup table takes milliseconds.
 */
final class CarListTools implements Service {

	/** Fields staff change most often without opening a car. */
	public const QUICK_FIELDS = array( 'price', 'featured', 'saleStatus' );

	/** Choice fields offered as list filters, besides brand and featured. */
	private const FILTER_FIELDS = array( 'bodyType', 'saleStatus' );

	/** Lookup table column of each filtered field; its values are the stored ones (sale status normalised). */
	private const FILTER_COLUMNS = array(
		'brand'      => 'brand',
		'bodyType'   => 'body_type',
		'saleStatus' => 'sale_status',
	);

	private const NONCE_FIELD  = 'car_export_quick_nonce';
	private const NONCE_ACTION = 'car_export_quick_edit';
	private const INPUT        = 'car_export_quick';
	private const DUPLICATE    = 'car_export_duplicate';

	/**
	 * Fields a Duplicate leaves unset: the stock number names one physical car, and the copy is a
	 * car not sold (unset reads as Available) that staff choose to feature or not.
	 */
	private const NOT_DUPLICATED = array( 'stockNumber', 'saleStatus', 'featured' );

	/** Value of a bulk-edit control that leaves the field as it is on every car. */
	private const NO_CHANGE = '__no_change__';

	/** The list's query argument after a refused bulk edit; the reason waits in a transient. */
	private const REFUSED = 'car_bulk_refused';

	/** Long enough for the redirect back to the list. */
	private const REFUSAL_TTL = 300;

	public function register(): void {
		$type = CarFields::POST_TYPE;
		add_action( 'restrict_manage_posts', array( $this, 'render_filters' ), 10, 2 );
		add_filter( 'posts_where', array( $this, 'filter_clause' ), 10, 2 );
		add_action( 'quick_edit_custom_box', array( $this, 'render_quick_edit' ), 10, 2 );
		add_action( 'bulk_edit_custom_box', array( $this, 'render_bulk_edit' ), 10, 2 );
		add_action( "manage_{$type}_posts_custom_column", array( $this, 'render_row_values' ), 20, 2 );
		add_action( "save_post_{$type}", array( $this, 'save' ), 10, 1 );
		// Before core's own handler (priority 1), so a refused value stops the save of the whole row.
		add_action( 'wp_ajax_inline-save', array( $this, 'refuse_quick_edit' ), 0 );
		add_action( 'load-edit.php', array( $this, 'refuse_bulk_edit' ) );
		add_action( 'admin_notices', array( $this, 'print_bulk_refusal' ) );
		add_filter( 'removable_query_args', array( $this, 'removable_args' ) );
		add_filter( 'post_row_actions', array( $this, 'row_actions' ), 20, 2 );
		add_action( 'admin_post_' . self::DUPLICATE, array( $this, 'duplicate' ) );
		add_action( 'admin_enqueue_scripts', array( $this, 'enqueue' ) );
	}

	/**
	 * The quick-edit fields CarFields has.
	 *
	 * @return list<string>
	 */
	public static function quick_fields(): array {
		return array_values( array_intersect( self::QUICK_FIELDS, array_keys( CarFields::all() ) ) );
	}

	public function enqueue( string $hook_suffix ): void {
		if ( ! Assets::is_list_screen( $hook_suffix, CarFields::POST_TYPE ) ) {
			return;
		}
		Assets::script( 'admin-car-list.js', array( 'jquery', 'inline-edit-post' ) );
		Assets::style( 'admin-car-list.css' );
	}

	// ---- Filters ------------------------------------------------------------------------------

	public function render_filters( string $post_type, string $which = 'top' ): void {
		if ( CarFields::POST_TYPE !== $post_type || 'top' !== $which ) {
			return;
		}
		$current = $this->filter_values();
		$brands  = $this->brands();
		$this->render_select( 'car_brand', __( 'Filter by brand', 'car-export' ), __( 'All brands', 'car-export' ), array_combine( $brands, $brands ), $current['car_brand'] ?? '' );
		foreach ( $this->filter_fields() as $key ) {
			$field = CarFields::get( $key );
			/* translators: %s: field label, e.g. Body type. */
			$this->render_select( 'car_' . $key, sprintf( __( 'Filter by %s', 'car-export' ), mb_strtolower( $field['label'] ) ), sprintf( __( 'All: %s', 'car-export' ), mb_strtolower( $field['label'] ) ), $field['choices'] ?? array(), $current[ 'car_' . $key ] ?? '' );
		}
		$this->render_select(
			'car_featured',
			__( 'Filter by featured', 'car-export' ),
			__( 'Featured or not', 'car-export' ),
			array(
				'yes' => __( 'Featured', 'car-export' ),
				'no'  => __( 'Not featured', 'car-export' ),
			),
			$current['car_featured'] ?? ''
		);
		// The status links above the list do the same, but a select combines with the other filters.
		$statuses = array();
		foreach ( array( 'publish', 'draft', 'pending', 'private', 'future' ) as $status ) {
			$object              = get_post_status_object( $status );
			$statuses[ $status ] = null === $object ? $status : (string) $object->label;
		}
		// phpcs:ignore WordPress.Security.NonceVerification.Recommended -- read-only list filter.
		$status = isset( $_GET['post_status'] ) ? sanitize_key( wp_unslash( $_GET['post_status'] ) ) : '';
		$this->render_select( 'post_status', __( 'Filter by status', 'car-export' ), __( 'All statuses', 'car-export' ), $statuses, $status );
	}

	/**
	 * @param array<string, string> $choices
	 */
	private function render_select( string $name, string $label, string $all, array $choices, string $current ): void {
		printf( '<label class="screen-reader-text" for="%1$s">%2$s</label><select name="%1$s" id="%1$s">', esc_attr( $name ), esc_html( $label ) );
		printf( '<option value="">%s</option>', esc_html( $all ) );
		foreach ( $choices as $value => $text ) {
			printf( '<option value="%s"%s>%s</option>', esc_attr( (string) $value ), selected( $current, (string) $value, false ), esc_html( $text ) );
		}
		echo '</select>';
	}

	/**
	 * Narrows the admin Cars list to the cars whose lookup row has every filtered value. A car
	 * never given a sale status has "available" in its row, so it is listed under Available, as
	 * its Sale status column reads.
	 *
	 * @param string $where The WHERE clause core built.
	 */
	public function filter_clause( string $where, \WP_Query $query ): string {
		if ( ! is_admin() || ! $query->is_main_query() || CarFields::POST_TYPE !== $query->get( 'post_type' ) ) {
			return $where;
		}
		$conditions = array();
		$params     = array();
		foreach ( $this->filter_values() as $param => $value ) {
			if ( 'car_featured' === $param ) {
				$conditions[] = 'featured = %d';
				$params[]     = 'yes' === $value ? 1 : 0;
				continue;
			}
			$conditions[] = self::FILTER_COLUMNS[ substr( $param, 4 ) ] . ' = %s';
			$params[]     = $value;
		}
		if ( array() === $conditions ) {
			return $where;
		}
		global $wpdb;
		$table = LookupTable::name();
		// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared, WordPress.DB.PreparedSQL.NotPrepared, WordPress.DB.PreparedSQLPlaceholders.UnfinishedPrepare -- table names are ours and WordPress's, column names from FILTER_COLUMNS; one placeholder per value.
		return $where . $wpdb->prepare( " AND {$wpdb->posts}.ID IN (SELECT car_id FROM {$table} WHERE " . implode( ' AND ', $conditions ) . ')', $params );
	}

	/**
	 * The list filters in the request whose values are allowed, keyed by their parameter.
	 *
	 * @return array<string, string>
	 */
	private function filter_values(): array {
		$values = array();
		// phpcs:ignore WordPress.Security.NonceVerification.Recommended -- read-only list filters.
		$request = wp_unslash( $_GET );
		$brand   = isset( $request['car_brand'] ) && is_string( $request['car_brand'] ) ? sanitize_text_field( $request['car_brand'] ) : '';
		if ( '' !== $brand ) {
			$values['car_brand'] = $brand;
		}
		foreach ( $this->filter_fields() as $key ) {
			$value = isset( $request[ 'car_' . $key ] ) && is_string( $request[ 'car_' . $key ] ) ? $request[ 'car_' . $key ] : '';
			if ( isset( CarFields::get( $key )['choices'][ $value ] ) ) {
				$values[ 'car_' . $key ] = $value;
			}
		}
		$featured = $request['car_featured'] ?? '';
		if ( 'yes' === $featured || 'no' === $featured ) {
			$values['car_featured'] = $featured;
		}
		return $values;
	}

	/** @return list<string> */
	private function filter_fields(): array {
		return array_values( array_intersect( self::FILTER_FIELDS, array_keys( CarFields::all() ), array_keys( self::FILTER_COLUMNS ) ) );
	}

	/**
	 * Every brand in the catalogue, from the lookup table (one indexed query).
	 *
	 * @return list<string>
	 */
	private function brands(): array {
		global $wpdb;
		$table = LookupTable::name();
		return array_map( 'strval', $wpdb->get_col( "SELECT DISTINCT brand FROM {$table} WHERE brand IS NOT NULL AND brand <> '' ORDER BY brand ASC" ) ); // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- the table name is ours; no input.
	}

	// ---- Quick edit and bulk edit ---------------------------------------------------------------

	/**
	 * Each row carries its current values for the quick edit script to fill the form with.
	 */
	public function render_row_values( string $column, int $post_id ): void {
		if ( 'car_price' !== $column ) {
			return;
		}
		$attributes = '';
		foreach ( self::quick_fields() as $key ) {
			$stored = get_post_meta( $post_id, CarFields::meta_key( $key ), true );
			$value  = is_scalar( $stored ) ? (string) $stored : '';
			// A field never saved reads as its default on the site (a car without a sale status is
			// available), so the quick edit box shows that too rather than "not set".
			if ( '' === $value && isset( CarFields::get( $key )['default'] ) ) {
				$value = (string) CarFields::get( $key )['default'];
			}
			$attributes .= sprintf( ' data-%s="%s"', esc_attr( strtolower( $key ) ), esc_attr( $value ) );
		}
		printf( '<span class="car-quick-values" hidden%s></span>', $attributes ); // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- every part escaped above.
	}

	public function render_quick_edit( string $column, string $post_type ): void {
		$this->render_edit_box( $column, $post_type, false );
	}

	public function render_bulk_edit( string $column, string $post_type ): void {
		$this->render_edit_box( $column, $post_type, true );
	}

	/** One box, under the price column (core calls this once per custom column). */
	private function render_edit_box( string $column, string $post_type, bool $bulk ): void {
		if ( CarFields::POST_TYPE !== $post_type || 'car_price' !== $column ) {
			return;
		}
		wp_nonce_field( self::NONCE_ACTION, self::NONCE_FIELD );
		printf( '<input type="hidden" name="%s[mode]" value="%s">', esc_attr( self::INPUT ), esc_attr( $bulk ? 'bulk' : 'quick' ) );
		printf( '<fieldset class="inline-edit-col-right car-quick-edit"><div class="inline-edit-col"><span class="title inline-edit-categories-label">%s</span>', esc_html__( 'Car', 'car-export' ) );
		foreach ( self::quick_fields() as $key ) {
			$this->render_edit_control( $key, $bulk );
		}
		echo '</div></fieldset>';
	}

	private function render_edit_control( string $key, bool $bulk ): void {
		$field = CarFields::get( $key );
		$name  = self::INPUT . '[' . $key . ']';
		$id    = 'car-quick-' . $key . ( $bulk ? '-bulk' : '' );
		printf( '<label class="inline-edit-group" for="%s"><span class="title">%s</span> ', esc_attr( $id ), esc_html( $field['label'] ) );
		if ( 'int' === $field['type'] ) {
			printf(
				'<span class="input-text-wrap"><input type="text" inputmode="numeric" id="%s" name="%s" value="" data-field="%s" placeholder="%s"></span>',
				esc_attr( $id ),
				esc_attr( $name ),
				esc_attr( strtolower( $key ) ),
				$bulk ? esc_attr__( '— No change —', 'car-export' ) : esc_attr__( 'Contact for Price', 'car-export' )
			);
		} else {
			$choices = 'bool' === $field['type'] ? array(
				'1' => __( 'Yes', 'car-export' ),
				'0' => __( 'No', 'car-export' ),
			) : ( $field['choices'] ?? array() );
			printf( '<select id="%s" name="%s" data-field="%s">', esc_attr( $id ), esc_attr( $name ), esc_attr( strtolower( $key ) ) );
			if ( $bulk ) {
				printf( '<option value="%s">%s</option>', esc_attr( self::NO_CHANGE ), esc_html__( '— No change —', 'car-export' ) );
			} elseif ( 'choice' === $field['type'] ) {
				printf( '<option value="">%s</option>', esc_html__( '— Not set —', 'car-export' ) );
			}
			foreach ( $choices as $value => $text ) {
				printf( '<option value="%s">%s</option>', esc_attr( (string) $value ), esc_html( $text ) );
			}
			echo '</select>';
		}
		echo '</label>';
	}

	/**
	 * A refused quick-edit value stops the whole save and is named in the row. Core's quick edit
	 * keeps the row's form open, with what staff typed, and prints the answer in it when the answer
	 * is not a table row; it reads the answer of a successful response only, hence no error status.
	 */
	public function refuse_quick_edit(): void {
		$checked = $this->checked_input();
		if ( null !== $checked && array() !== $checked['errors'] ) {
			wp_die( esc_html( self::refusal( $checked['errors'] ) ), '', array( 'response' => 200 ) );
		}
	}

	/**
	 * A refused bulk-edit value stops the whole bulk edit before any car changes (the valid fields
	 * are not applied either: staff chose them together), and staff are sent back to the list they
	 * came from, filters kept, where a notice gives the reason and says nothing was changed.
	 */
	public function refuse_bulk_edit(): void {
		// phpcs:ignore WordPress.Security.NonceVerification.Recommended -- a flag only; checked_input() verifies the nonce.
		if ( ! isset( $_REQUEST['bulk_edit'] ) ) {
			return;
		}
		$checked = $this->checked_input();
		if ( null === $checked || array() === $checked['errors'] ) {
			return;
		}
		// phpcs:ignore WordPress.Security.NonceVerification.Recommended -- counted for the notice only; the nonce is verified above.
		$cars = isset( $_REQUEST['post'] ) && is_array( $_REQUEST['post'] ) ? count( $_REQUEST['post'] ) : 0;
		set_transient( self::refusal_key(), self::bulk_refusal( $checked['errors'], $cars ), self::REFUSAL_TTL );
		$back = wp_get_referer();
		if ( false === $back || ! str_contains( $back, 'edit.php' ) ) {
			$back = admin_url( 'edit.php?post_type=' . CarFields::POST_TYPE );
		}
		wp_safe_redirect( add_query_arg( self::REFUSED, 1, remove_query_arg( array( self::REFUSED ), $back ) ) );
		exit;
	}

	/** The refusal of the last bulk edit, on the list it returned to, once. */
	public function print_bulk_refusal(): void {
		$screen = function_exists( 'get_current_screen' ) ? get_current_screen() : null;
		// phpcs:ignore WordPress.Security.NonceVerification.Recommended -- a flag only: the text is the user's own transient.
		if ( null === $screen || 'edit' !== $screen->base || CarFields::POST_TYPE !== $screen->post_type || ! isset( $_GET[ self::REFUSED ] ) ) {
			return;
		}
		$text = get_transient( self::refusal_key() );
		delete_transient( self::refusal_key() );
		if ( is_string( $text ) && '' !== $text ) {
			printf( '<div class="notice notice-error is-dismissible car-bulk-refused"><p>%s</p></div>', esc_html( $text ) );
		}
	}

	/**
	 * @param list<string> $args
	 * @return list<string>
	 */
	public function removable_args( array $args ): array {
		$args[] = self::REFUSED;
		return $args;
	}

	/** Per user: one editor's refusal is not another's notice. */
	private static function refusal_key(): string {
		return 'car_export_bulk_refused_' . get_current_user_id();
	}

	/**
	 * "Bulk edit not applied: … No car was changed (3 cars chosen). Choose the values again."
	 *
	 * @param array<string, string> $errors
	 */
	public static function bulk_refusal( array $errors, int $cars ): string {
		/* translators: 1: the reasons, one sentence each, 2: number of cars chosen. */
		$text = sprintf( _n( 'Bulk edit not applied: %1$s None of the changes was made to the %2$d car chosen.', 'Bulk edit not applied: %1$s None of the changes was made to the %2$d cars chosen.', $cars, 'car-export' ), implode( ' ', $errors ), $cars );
		return $text . ' ' . __( 'Correct the value and run the bulk edit again.', 'car-export' );
	}

	/**
	 * Quick edit and bulk edit both end in a save of each car; the values of this box are applied
	 * then. In bulk edit an empty price or "No change" leaves the field alone; in quick edit an
	 * empty price clears it ("Contact for Price"). Refused values were turned away before the save.
	 */
	public function save( int $post_id ): void {
		$checked = $this->checked_input();
		if ( null === $checked || ! current_user_can( 'edit_post', $post_id ) || wp_is_post_revision( $post_id ) ) {
			return;
		}
		ChangeHistory::through(
			$checked['bulk'] ? HistoryEntry::VIA_BULK_EDIT : HistoryEntry::VIA_QUICK_EDIT,
			static function () use ( $post_id, $checked ): void {
				foreach ( $checked['values'] as $key => $value ) {
					$meta_key = CarFields::meta_key( $key );
					$empty    = '' === $value || ( 'bool' === CarFields::get( $key )['type'] && '1' !== $value );
					if ( $empty ) {
						delete_post_meta( $post_id, $meta_key );
					} else {
						update_post_meta( $post_id, $meta_key, $value );
					}
				}
			}
		);
	}

	/**
	 * The box's values checked field by field: the valid ones to store, and a message per refused
	 * one. Null when the request does not carry the box (with a valid nonce).
	 *
	 * @return array{values: array<string, mixed>, errors: array<string, string>, bulk: bool}|null
	 */
	private function checked_input(): ?array {
		// phpcs:ignore WordPress.Security.NonceVerification.Missing, WordPress.Security.NonceVerification.Recommended -- verified just below.
		$nonce = isset( $_REQUEST[ self::NONCE_FIELD ] ) ? sanitize_text_field( wp_unslash( $_REQUEST[ self::NONCE_FIELD ] ) ) : '';
		if ( '' === $nonce || false === wp_verify_nonce( $nonce, self::NONCE_ACTION ) ) {
			return null;
		}
		// phpcs:ignore WordPress.Security.ValidatedSanitizedInput.InputNotSanitized -- CarValidator sanitises each value.
		$input   = isset( $_REQUEST[ self::INPUT ] ) && is_array( $_REQUEST[ self::INPUT ] ) ? wp_unslash( $_REQUEST[ self::INPUT ] ) : array();
		$bulk    = 'bulk' === ( $input['mode'] ?? '' );
		$check   = new CarValidator();
		$checked = array(
			'values' => array(),
			'errors' => array(),
			'bulk'   => $bulk,
		);
		foreach ( self::quick_fields() as $key ) {
			if ( ! isset( $input[ $key ] ) || ! is_string( $input[ $key ] ) ) {
				continue;
			}
			$value = trim( $input[ $key ] );
			if ( $bulk && ( self::NO_CHANGE === $value || '' === $value ) ) {
				continue;
			}
			$result = $check->validate_field( $key, $value );
			if ( null === $result['error'] ) {
				$checked['values'][ $key ] = $result['value'];
			} else {
				$checked['errors'][ $key ] = $result['error'];
			}
		}
		return $checked;
	}

	/**
	 * @param array<string, string> $errors
	 */
	private static function refusal( array $errors ): string {
		/* translators: %s: the reasons, one sentence each. */
		return sprintf( __( 'Not saved: %s Nothing was changed.', 'car-export' ), implode( ' ', $errors ) );
	}

	// ---- Duplicate --------------------------------------------------------------------------------

	/**
	 * @param array<string, string> $actions
	 * @return array<string, string>
	 */
	public function row_actions( array $actions, \WP_Post $post ): array {
		if ( CarFields::POST_TYPE !== $post->post_type || ! current_user_can( 'edit_posts' ) || 'trash' === $post->post_status ) {
			return $actions;
		}
		$url                             = wp_nonce_url(
			add_query_arg(
				array(
					'action' => self::DUPLICATE,
					'post'   => $post->ID,
				),
				admin_url( 'admin-post.php' )
			),
			self::DUPLICATE . '_' . $post->ID
		);
		$actions['car_export_duplicate'] = sprintf(
			'<a href="%s" aria-label="%s">%s</a>',
			esc_url( $url ),
			/* translators: %s: car title. */
			esc_attr( sprintf( __( 'Duplicate “%s” as a new draft', 'car-export' ), $post->post_title ) ),
			esc_html__( 'Duplicate', 'car-export' )
		);
		return $actions;
	}

	/**
	 * A new draft with the car's title, description, fields, gallery and main image, for another
	 * car of the same kind: see NOT_DUPLICATED for what it does not inherit.
	 */
	public function duplicate(): void {
		// phpcs:ignore WordPress.Security.NonceVerification.Recommended -- verified on the next lines.
		$source_id = isset( $_GET['post'] ) ? absint( $_GET['post'] ) : 0;
		check_admin_referer( self::DUPLICATE . '_' . $source_id );
		$source = get_post( $source_id );
		if ( ! $source instanceof \WP_Post || CarFields::POST_TYPE !== $source->post_type ) {
			wp_die( esc_html__( 'That car does not exist.', 'car-export' ), '', array( 'response' => 404 ) );
		}
		if ( ! current_user_can( 'edit_posts' ) || ! current_user_can( 'edit_post', $source_id ) ) {
			wp_die( esc_html__( 'You are not allowed to duplicate this car.', 'car-export' ), '', array( 'response' => 403 ) );
		}
		$meta = array();
		foreach ( CarFields::all() as $key => $field ) {
			$value = get_post_meta( $source_id, $field['meta'], true );
			if ( ! in_array( $key, self::NOT_DUPLICATED, true ) && '' !== $value && array() !== $value ) {
				$meta[ $field['meta'] ] = $value;
			}
		}
		$thumbnail = (int) get_post_meta( $source_id, '_thumbnail_id', true );
		if ( $thumbnail > 0 ) {
			$meta['_thumbnail_id'] = $thumbnail;
		}
		$copy_id = wp_insert_post(
			array(
				'post_type'    => CarFields::POST_TYPE,
				'post_status'  => 'draft',
				/* translators: %s: title of the car copied. */
				'post_title'   => wp_slash( sprintf( __( '%s (copy)', 'car-export' ), $source->post_title ) ),
				'post_content' => wp_slash( $source->post_content ),
				'meta_input'   => wp_slash( $meta ),
			),
			true
		);
		if ( is_wp_error( $copy_id ) ) {
			wp_die( esc_html( $copy_id->get_error_message() ), '', array( 'response' => 500 ) );
		}
		wp_safe_redirect( admin_url( 'post.php?action=edit&post=' . $copy_id ) );
		exit;
	}
}
