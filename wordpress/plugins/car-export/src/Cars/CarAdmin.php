<?php
declare(strict_types=1);

namespace CarExport\Cars;

use CarExport\Admin\Assets;
use CarExport\Admin\MetaBoxForm;
use CarExport\History\ChangeHistory;
use CarExport\History\HistoryEntry;
use CarExport\Preview\UnsavedEdits;
use CarExport\Service;

/**
 * The "Car details" meta box: a form for every CarFields field, its save, and the feedback
 * staff get when some values were refused.
 *
 * Valid fields are saved and invalid ones are not, so one typo never throws away the rest of an
 * edit; the refused values come back in the form after the redirect, next to their message.
 * A save with a refused value never puts a car live: a car not yet published stays unpublished
 * (a copy would otherwise go out without the value staff meant it to have), and no "published" or
 * "updated" notice contradicts the refusal.
 */
final class CarAdmin implements Service {

	private const INPUT = 'car_export_car';

	/** The form's unit control beside the mileage; not a car field (the mileage is stored in miles). */
	private const MILEAGE_UNIT = 'mileageUnit';

	/** Long enough to survive the redirect after a save, short enough not to linger. */
	private const FEEDBACK_TTL = 300;

	private CarValidator $validator;

	private MetaBoxForm $form;

	/** Statuses that put a car on the site (now or at its date). */
	private const LIVE = array( 'publish', 'future' );

	/** @var array<int, array{errors: array<string, string>, input: array<string, string>, held?: string}> */
	private array $feedback = array();

	/**
	 * This request's checked form per car: validated once before the post is written (to decide
	 * its status) and stored after.
	 *
	 * @var array<int, array{raw: array<mixed>, values: array<string, mixed>, errors: array<string, string>, km: string}>
	 */
	private array $checked = array();

	/** @var array<int, string> Cars whose publishing this request held back => the status they kept. */
	private array $held = array();

	public function __construct() {
		$this->validator = new CarValidator();
		// Refusals are kept with the refused values (see remember_feedback), not as the form's notices.
		$this->form = new MetaBoxForm( CarFields::POST_TYPE, 'car_export_save_car', 'car_export_car_nonce' );
	}

	public function register(): void {
		$type = CarFields::POST_TYPE;
		add_action( "add_meta_boxes_{$type}", array( $this, 'add_meta_box' ) );
		add_filter( 'wp_insert_post_data', array( $this, 'hold_refused_publish' ), 10, 2 );
		add_action( "save_post_{$type}", array( $this, 'save' ), 10, 2 );
		add_filter( 'redirect_post_location', array( $this, 'drop_success_message' ), 10, 2 );
		add_action( 'admin_action_editpost', array( $this, 'remember_preview' ) );
		add_action( 'admin_notices', array( $this, 'print_notice' ) );
		add_action( 'admin_enqueue_scripts', array( $this, 'enqueue_assets' ) );
		add_filter( 'enter_title_here', array( $this, 'title_placeholder' ), 10, 2 );
		add_filter( 'post_updated_messages', array( $this, 'updated_messages' ) );
	}

	public function add_meta_box(): void {
		// Car meta is protected (underscore keys) and edited here, so the generic Custom Fields box would only confuse.
		remove_meta_box( 'postcustom', CarFields::POST_TYPE, 'normal' );
		add_meta_box( 'car-export-details', __( 'Car details', 'car-export' ), array( $this, 'render' ), CarFields::POST_TYPE, 'normal', 'high' );
	}

	public function render( \WP_Post $post ): void {
		$feedback = $this->feedback( $post->ID );
		$this->form->print_nonce();
		echo '<div class="car-details">';
		foreach ( $this->groups() as $group ) {
			$this->render_group( $post, $group, $feedback );
		}
		echo '</div>';
	}

	public function save( int $post_id, \WP_Post $post ): void {
		$result = $this->checked_form( $post_id );
		if ( null === $result ) {
			return;
		}
		ChangeHistory::through(
			HistoryEntry::VIA_FORM,
			function () use ( $post_id, $result ): void {
				foreach ( $result['values'] as $key => $value ) {
					$this->store( $post_id, $key, $value );
				}
			}
		);
		if ( array_key_exists( 'mileage', $result['values'] ) ) {
			if ( '' !== $result['km'] && '' !== $result['values']['mileage'] ) {
				update_post_meta( $post_id, Mileage::TYPED_KM_META, $result['km'] );
			} else {
				delete_post_meta( $post_id, Mileage::TYPED_KM_META );
			}
		}
		$this->remember_feedback( $post_id, $result['errors'], $result['raw'], $this->held[ $post_id ] ?? null );
		UnsavedEdits::forget_fields( $post_id );
	}

	/**
	 * Before the car is written: a form with a refused value does not move a car that is not live
	 * onto the site. It keeps its status (a new one becomes a draft); a live car stays live with its
	 * previous values for the refused fields.
	 *
	 * @param array<string, mixed> $data    The post row about to be written.
	 * @param array<string, mixed> $postarr What the save was asked, with the post's ID.
	 * @return array<string, mixed>
	 */
	public function hold_refused_publish( array $data, array $postarr ): array {
		$post_id = isset( $postarr['ID'] ) && is_numeric( $postarr['ID'] ) ? (int) $postarr['ID'] : 0;
		$current = $post_id > 0 ? get_post( $post_id ) : null;
		if ( ! $current instanceof \WP_Post || CarFields::POST_TYPE !== $current->post_type || CarFields::POST_TYPE !== ( $data['post_type'] ?? '' ) ) {
			return $data;
		}
		if ( ! in_array( $data['post_status'] ?? '', self::LIVE, true ) || in_array( $current->post_status, self::LIVE, true ) ) {
			return $data;
		}
		$result = $this->checked_form( $post_id );
		if ( null === $result || array() === $result['errors'] ) {
			return $data;
		}
		$kept                   = 'pending' === $current->post_status ? 'pending' : 'draft';
		$data['post_status']    = $kept;
		$data['post_date_gmt']  = $current->post_date_gmt;
		$this->held[ $post_id ] = $kept;
		return $data;
	}

	/** After a save that refused a value, the screen names the refusal only, never "Car published/updated". */
	public function drop_success_message( string $location, int $post_id ): string {
		$result = $this->checked[ $post_id ] ?? null;
		return null !== $result && array() !== $result['errors'] ? remove_query_arg( 'message', $location ) : $location;
	}

	/**
	 * The car form this request submitted, validated; null when this save is not the form's own.
	 *
	 * @return array{raw: array<mixed>, values: array<string, mixed>, errors: array<string, string>, km: string}|null
	 */
	private function checked_form( int $post_id ): ?array {
		if ( isset( $this->checked[ $post_id ] ) ) {
			return $this->checked[ $post_id ];
		}
		// Only a real submit of this form by someone allowed to edit the car; autosaves, quick edit,
		// REST and code paths carry no nonce and are left alone.
		$input = $this->form->submitted( $post_id, self::INPUT );
		if ( null === $input ) {
			return null;
		}
		// Sanitising is the validator's job.
		$raw    = $this->fields_of( $input );
		$result = $this->refuse_taken_stock_number( $post_id, $this->validator->validate( $raw ) );

		$this->checked[ $post_id ] = array(
			'raw'    => $raw,
			'values' => $result['values'],
			'errors' => $result['errors'],
			'km'     => self::typed_km( $input ),
		);
		return $this->checked[ $post_id ];
	}

	/**
	 * A stock number another car has is refused like any invalid value: not stored, named in the
	 * notice, and given back in the form as typed.
	 *
	 * @param array{values: array<string, mixed>, errors: array<string, string>} $result
	 * @return array{values: array<string, mixed>, errors: array<string, string>}
	 */
	private function refuse_taken_stock_number( int $post_id, array $result ): array {
		$stock = $result['values']['stockNumber'] ?? '';
		if ( ! is_string( $stock ) || '' === $stock ) {
			return $result;
		}
		$others = array_values( array_diff( StockNumbers::owners( array( $stock ) )[ strtolower( $stock ) ] ?? array(), array( $post_id ) ) );
		if ( array() !== $others ) {
			unset( $result['values']['stockNumber'] );
			$result['errors']['stockNumber'] = StockNumbers::taken_message( $stock, $others[0] );
		}
		return $result;
	}

	/**
	 * Preview Changes of a published car saves nothing but an autosave of its title and text; the
	 * form's valid car fields are kept beside it so the preview shows the new price too. A draft's
	 * Preview saves the draft, and save() then drops what is kept here.
	 */
	public function remember_preview(): void {
		// phpcs:ignore WordPress.Security.NonceVerification.Missing -- a flag only; the form's nonce is checked by submitted().
		$preview = isset( $_POST['wp-preview'] ) && 'dopreview' === $_POST['wp-preview'];
		// phpcs:ignore WordPress.Security.NonceVerification.Missing -- as above.
		$post_id = isset( $_POST['post_ID'] ) ? absint( $_POST['post_ID'] ) : 0;
		$post    = $post_id > 0 ? get_post( $post_id ) : null;
		if ( ! $preview || ! $post instanceof \WP_Post || CarFields::POST_TYPE !== $post->post_type || 'publish' !== $post->post_status ) {
			return;
		}
		$input = $this->form->submitted( $post_id, self::INPUT );
		if ( null !== $input ) {
			UnsavedEdits::remember_fields( $post_id, $this->validator->validate( $this->fields_of( $input ) )['values'] );
		}
	}

	/**
	 * The car fields of a submitted form, a mileage typed in kilometres already in miles (the unit
	 * it is stored and checked in).
	 *
	 * @param array<mixed> $input
	 * @return array<mixed>
	 */
	private function fields_of( array $input ): array {
		$fields = array_intersect_key( $input, CarFields::all() );
		if ( isset( $fields['mileage'] ) && is_string( $fields['mileage'] ) ) {
			$unit              = isset( $input[ self::MILEAGE_UNIT ] ) && is_string( $input[ self::MILEAGE_UNIT ] ) ? $input[ self::MILEAGE_UNIT ] : Mileage::MILES;
			$fields['mileage'] = Mileage::to_miles( $fields['mileage'], $unit );
		}
		return $fields;
	}

	/**
	 * The whole kilometres the form's mileage was typed in ("27,962" as "27962"), or '' when it was
	 * typed in miles or is not a whole number.
	 *
	 * @param array<mixed> $input
	 */
	private static function typed_km( array $input ): string {
		$unit  = $input[ self::MILEAGE_UNIT ] ?? '';
		$typed = $input['mileage'] ?? '';
		if ( Mileage::KILOMETRES !== $unit || ! is_string( $typed ) ) {
			return '';
		}
		$digits = str_replace( array( ',', ' ', "\u{00A0}" ), '', trim( $typed ) );
		return preg_match( '/^\d{1,10}$/', $digits ) ? (string) (int) $digits : '';
	}

	public function print_notice(): void {
		$screen = get_current_screen();
		$post   = get_post();
		if ( null === $screen || 'post' !== $screen->base || CarFields::POST_TYPE !== $screen->post_type || ! $post instanceof \WP_Post ) {
			return;
		}
		$feedback = $this->feedback( $post->ID );
		$errors   = $feedback['errors'];
		if ( array() === $errors ) {
			return;
		}
		if ( isset( $feedback['held'] ) ) {
			$next = 'pending' === $feedback['held']
				? __( 'The car was not published: it is still pending review. The other changes were saved. Correct these fields and publish the car again:', 'car-export' )
				: __( 'The car was not published: it is still a draft. The other changes were saved. Correct these fields and publish the car again:', 'car-export' );
		} else {
			$next = __( 'The other changes were saved. Correct these fields and update the car again:', 'car-export' );
		}
		echo '<div class="notice notice-error"><p><strong>' . esc_html__( 'Some car details were not saved.', 'car-export' ) . '</strong> '
			. esc_html( $next ) . '</p><ul class="ul-disc">';
		foreach ( $errors as $key => $message ) {
			printf( '<li><a href="#%s">%s</a></li>', esc_attr( $this->field_id( $key ) ), esc_html( $message ) );
		}
		echo '</ul></div>';
	}

	public function enqueue_assets( string $hook_suffix ): void {
		if ( ! Assets::is_edit_screen( $hook_suffix, CarFields::POST_TYPE ) ) {
			return;
		}
		$post = get_post();
		wp_enqueue_media( $post instanceof \WP_Post ? array( 'post' => $post->ID ) : array() );
		Assets::script( 'admin-gallery.js', array( 'jquery', 'jquery-ui-sortable', 'media-views' ) );
		Assets::style( 'admin-car.css' );
	}

	public function title_placeholder( string $text, \WP_Post $post ): string {
		return CarFields::POST_TYPE === $post->post_type ? __( 'Car title, e.g. 2024 BYD Seal AWD Performance', 'car-export' ) : $text;
	}

	/**
	 * Core's generic "Post updated." plus a "View post" link that leads nowhere for a headless type.
	 *
	 * @param array<string, array<int, string|false>> $messages
	 * @return array<string, array<int, string|false>>
	 */
	public function updated_messages( array $messages ): array {
		$revision = isset( $_GET['revision'] ) ? absint( $_GET['revision'] ) : 0;

		$messages[ CarFields::POST_TYPE ] = array(
			0  => '',
			1  => __( 'Car updated.', 'car-export' ),
			2  => __( 'Custom field updated.', 'car-export' ),
			3  => __( 'Custom field deleted.', 'car-export' ),
			4  => __( 'Car updated.', 'car-export' ),
			/* translators: %s: date and time of the revision. */
			5  => $revision > 0 ? sprintf( __( 'Car restored to revision from %s.', 'car-export' ), (string) wp_post_revision_title( $revision, false ) ) : false,
			6  => __( 'Car published.', 'car-export' ),
			7  => __( 'Car saved.', 'car-export' ),
			8  => __( 'Car submitted.', 'car-export' ),
			9  => __( 'Car scheduled.', 'car-export' ),
			10 => __( 'Car draft updated.', 'car-export' ),
		);
		return $messages;
	}

	/** Empty values are removed rather than stored, so "absent" keeps meaning "not set". */
	private function store( int $post_id, string $key, mixed $value ): void {
		$field    = CarFields::get( $key );
		$meta_key = $field['meta'];
		$is_empty = '' === $value || array() === $value || ( 'bool' === $field['type'] && '1' !== $value );
		if ( $is_empty ) {
			delete_post_meta( $post_id, $meta_key );
			return;
		}
		update_post_meta( $post_id, $meta_key, wp_slash( $value ) );
	}

	/**
	 * @param array<string, string> $errors
	 * @param array<mixed>          $raw
	 * @param string|null           $held   The status a car kept when its publishing was held back.
	 */
	private function remember_feedback( int $post_id, array $errors, array $raw, ?string $held ): void {
		$key = $this->feedback_key( $post_id );
		if ( array() === $errors ) {
			delete_transient( $key );
			return;
		}
		$input = array();
		foreach ( array_keys( $errors ) as $field_key ) {
			// Only typed values come back into the form: a select cannot show a value it does not offer,
			// and gallery ids that are not images have nothing to show.
			if ( ! in_array( CarFields::get( $field_key )['type'], array( 'choice', 'ids' ), true ) ) {
				$input[ $field_key ] = $this->as_text( $raw[ $field_key ] ?? '' );
			}
		}
		$feedback = array(
			'errors' => $errors,
			'input'  => $input,
		);
		if ( null !== $held ) {
			$feedback['held'] = $held;
		}
		set_transient( $key, $feedback, self::FEEDBACK_TTL );
	}

	/**
	 * The refused values and their messages from the last save, read once (the notice and the
	 * form both use them during the same page load).
	 *
	 * @return array{errors: array<string, string>, input: array<string, string>, held?: string}
	 */
	private function feedback( int $post_id ): array {
		if ( ! isset( $this->feedback[ $post_id ] ) ) {
			$key    = $this->feedback_key( $post_id );
			$stored = get_transient( $key );
			delete_transient( $key );
			$this->feedback[ $post_id ] = array(
				'errors' => is_array( $stored ) && is_array( $stored['errors'] ?? null ) ? array_map( 'strval', $stored['errors'] ) : array(),
				'input'  => is_array( $stored ) && is_array( $stored['input'] ?? null ) ? array_map( 'strval', $stored['input'] ) : array(),
			);
			if ( is_array( $stored ) && is_string( $stored['held'] ?? null ) ) {
				$this->feedback[ $post_id ]['held'] = $stored['held'];
			}
		}
		return $this->feedback[ $post_id ];
	}

	/** Per user as well as per post: two editors must not see each other's refused input. */
	private function feedback_key( int $post_id ): string {
		return 'car_export_car_feedback_' . get_current_user_id() . '_' . $post_id;
	}

	/**
	 * @return list<array{label: string, fields: list<string>}>
	 */
	private function groups(): array {
		$groups = array(
			array(
				'label'  => __( 'Pricing & identity', 'car-export' ),
				'fields' => array( 'price', 'stockNumber', 'brand', 'model', 'trim', 'year', 'subtitle', 'condition' ),
			),
			array(
				'label'  => __( 'Specifications', 'car-export' ),
				'fields' => array( 'mileage', 'bodyType', 'fuelType', 'transmission', 'driveType', 'engineSize', 'cylinders', 'doors', 'seats', 'color', 'countrySpec', 'registered', 'history' ),
			),
			array(
				'label'  => __( 'Features', 'car-export' ),
				'fields' => array( 'features' ),
			),
			array(
				'label'  => __( 'Gallery', 'car-export' ),
				'fields' => array( 'gallery' ),
			),
			array(
				'label'  => __( 'Listing', 'car-export' ),
				'fields' => array( 'saleStatus', 'featured' ),
			),
		);
		// A field added to CarFields later still gets a form control, even before it is placed.
		$placed   = array_merge( ...array_column( $groups, 'fields' ) );
		$unplaced = array_values( array_diff( array_keys( CarFields::all() ), $placed ) );
		if ( array() !== $unplaced ) {
			$groups[] = array(
				'label'  => __( 'Other details', 'car-export' ),
				'fields' => $unplaced,
			);
		}
		return $groups;
	}

	/**
	 * @param array{label: string, fields: list<string>} $group
	 * @param array{errors: array<string, string>, input: array<string, string>} $feedback
	 */
	private function render_group( \WP_Post $post, array $group, array $feedback ): void {
		$wide = count( $group['fields'] ) === 1;
		printf( '<fieldset class="car-group"><legend class="car-group-title">%s</legend>', esc_html( $group['label'] ) );
		echo '<div class="' . esc_attr( $wide ? 'car-fields' : 'car-fields car-fields-grid' ) . '">';
		foreach ( $group['fields'] as $key ) {
			$this->render_field( $post, $key, $feedback['errors'][ $key ] ?? null, $feedback['input'][ $key ] ?? null );
		}
		echo '</div></fieldset>';
	}

	private function render_field( \WP_Post $post, string $key, ?string $error, ?string $refused ): void {
		$field = CarFields::get( $key );
		$id    = $this->field_id( $key );
		printf( '<div class="%s">', esc_attr( null === $error ? 'car-field' : 'car-field has-error' ) );
		// A checkbox carries its own label; the gallery is a list, not a form control, so its group legend names it.
		if ( ! in_array( $field['type'], array( 'bool', 'ids' ), true ) ) {
			// The mileage's unit is chosen beside it, so its label names no unit.
			$label = 'mileage' === $key ? __( 'Mileage', 'car-export' ) : $field['label'];
			printf( '<label for="%s">%s</label>', esc_attr( $id ), esc_html( $label ) );
		}
		$stored = get_post_meta( $post->ID, $field['meta'], true );
		if ( 'mileage' === $key ) {
			$shown = Mileage::shown( $this->as_text( $stored ), $this->as_text( get_post_meta( $post->ID, Mileage::TYPED_KM_META, true ) ) );
			$this->render_mileage( $field, $this->as_text( $stored ), $refused ?? $shown['value'], null === $refused ? $shown['unit'] : Mileage::MILES, $error );
			echo '</div>';
			return;
		}
		switch ( $field['type'] ) {
			case 'int':
				$this->render_number( $key, $field, $refused ?? $this->as_text( $stored ), $error );
				break;
			case 'choice':
				$this->render_select( $key, $field, $refused ?? $this->as_text( $stored ), $error );
				break;
			case 'bool':
				$this->render_checkbox( $key, $field, '1' === $stored );
				break;
			case 'list':
				$this->render_list( $key, $field, $refused ?? $this->as_text( $stored ), $error );
				break;
			case 'ids':
				$this->render_gallery( $key, is_array( $stored ) ? $stored : array() );
				break;
			default:
				$this->render_text( $key, $field, $refused ?? $this->as_text( $stored ), $error );
		}
		$this->render_help_and_error( $key, self::help( $field ), $error );
		echo '</div>';
	}

	/**
	 * No maxlength attribute: a browser cuts a pasted value to it without a word, so a longer value
	 * is sent whole and refused by the validator with its limit, and comes back into the form.
	 *
	 * @param array{maxlength?: int} $field
	 */
	private function render_text( string $key, array $field, string $value, ?string $error ): void {
		printf(
			'<input type="text" class="widefat" id="%1$s" name="%2$s" value="%3$s"%4$s>',
			esc_attr( $this->field_id( $key ) ),
			esc_attr( $this->field_name( $key ) ),
			esc_attr( $value ),
			$this->describedby( $key, $field, $error ) // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- built from escaped parts.
		);
	}

	/**
	 * A field's help, with its length limit when it has one, so staff know it before typing.
	 *
	 * @param array{help?: string, maxlength?: int} $field
	 */
	private static function help( array $field ): string {
		$max = (int) ( $field['maxlength'] ?? 0 );
		/* translators: %d: maximum number of characters. */
		$limit = $max > 0 ? sprintf( __( 'At most %d characters.', 'car-export' ), $max ) : '';
		return trim( ( $field['help'] ?? '' ) . ' ' . $limit );
	}

	/**
	 * @param array{min?: int, max?: int, help?: string} $field
	 */
	private function render_number( string $key, array $field, string $value, ?string $error ): void {
		$placeholder = 'price' === $key ? ' placeholder="' . esc_attr__( 'Contact for Price', 'car-export' ) . '"' : '';
		printf(
			'<input type="number" class="widefat" id="%1$s" name="%2$s" value="%3$s" min="%4$d" max="%5$d" step="1" inputmode="numeric"%6$s%7$s>',
			esc_attr( $this->field_id( $key ) ),
			esc_attr( $this->field_name( $key ) ),
			esc_attr( $value ),
			(int) ( $field['min'] ?? 0 ),
			(int) ( $field['max'] ?? PHP_INT_MAX ),
			$placeholder, // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- escaped above.
			$this->describedby( $key, $field, $error ) // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- built from escaped parts.
		);
	}

	/**
	 * The mileage in the unit it was typed in (a unit beside the number), and the stored mileage
	 * in both units.
	 *
	 * @param array{min?: int, max?: int, help?: string} $field
	 * @param string $stored The stored mileage, in miles.
	 * @param string $value  What the field shows, in $unit.
	 */
	private function render_mileage( array $field, string $stored, string $value, string $unit, ?string $error ): void {
		$help = __( 'Type it in miles or km; it is kept in miles.', 'car-export' );
		if ( preg_match( '/^\d+$/', $stored ) && (int) $stored > 0 ) {
			/* translators: %s: the mileage in miles and kilometres. */
			$help .= ' ' . sprintf( __( 'Now: %s.', 'car-export' ), Mileage::both( (int) $stored ) );
		}
		$field['help'] = $help;
		echo '<div class="car-mileage">';
		$this->render_number( 'mileage', $field, $value, $error );
		printf(
			'<select name="%1$s" aria-label="%2$s"><option value="%3$s"%4$s>%5$s</option><option value="%6$s"%7$s>%8$s</option></select>',
			esc_attr( self::INPUT . '[' . self::MILEAGE_UNIT . ']' ),
			esc_attr__( 'Mileage unit', 'car-export' ),
			esc_attr( Mileage::MILES ),
			selected( $unit, Mileage::MILES, false ),
			esc_html__( 'miles', 'car-export' ),
			esc_attr( Mileage::KILOMETRES ),
			selected( $unit, Mileage::KILOMETRES, false ),
			esc_html__( 'km', 'car-export' )
		);
		echo '</div>';
		$this->render_help_and_error( 'mileage', $help, $error );
	}

	/**
	 * A choice with a default (sale status) has no "Not set": a missing value reads as the default.
	 *
	 * @param array{choices?: array<string, string>, help?: string, default?: string} $field
	 */
	private function render_select( string $key, array $field, string $value, ?string $error ): void {
		if ( '' === $value && isset( $field['default'] ) ) {
			$value = $field['default'];
		}
		printf(
			'<select class="widefat" id="%1$s" name="%2$s"%3$s>',
			esc_attr( $this->field_id( $key ) ),
			esc_attr( $this->field_name( $key ) ),
			$this->describedby( $key, $field, $error ) // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- built from escaped parts.
		);
		if ( ! isset( $field['default'] ) ) {
			printf( '<option value="">%s</option>', esc_html__( '— Not set —', 'car-export' ) );
		}
		foreach ( $field['choices'] ?? array() as $choice => $label ) {
			printf( '<option value="%s"%s>%s</option>', esc_attr( (string) $choice ), selected( $value, (string) $choice, false ), esc_html( $label ) );
		}
		echo '</select>';
	}

	/**
	 * @param array{label: string, help?: string} $field
	 */
	private function render_checkbox( string $key, array $field, bool $checked ): void {
		printf(
			'<label for="%1$s" class="car-checkbox"><input type="checkbox" id="%1$s" name="%2$s" value="1"%3$s> %4$s</label>',
			esc_attr( $this->field_id( $key ) ),
			esc_attr( $this->field_name( $key ) ),
			checked( $checked, true, false ),
			esc_html( $field['label'] )
		);
	}

	/**
	 * @param array{help?: string} $field
	 */
	private function render_list( string $key, array $field, string $value, ?string $error ): void {
		printf(
			'<textarea class="widefat" id="%1$s" name="%2$s" rows="8"%3$s>%4$s</textarea>',
			esc_attr( $this->field_id( $key ) ),
			esc_attr( $this->field_name( $key ) ),
			$this->describedby( $key, $field, $error ), // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- built from escaped parts.
			esc_textarea( $value )
		);
	}

	/**
	 * Thumbnails in gallery order; admin-gallery.js adds, removes and reorders them and keeps the
	 * hidden input (the submitted value) in step. Deleted attachments are simply left out.
	 *
	 * @param array<mixed> $stored
	 */
	private function render_gallery( string $key, array $stored ): void {
		$ids = array();
		printf(
			'<div class="car-gallery-field" data-frame-title="%s" data-frame-button="%s">',
			esc_attr__( 'Choose gallery images', 'car-export' ),
			esc_attr__( 'Add to gallery', 'car-export' )
		);
		printf( '<ul class="car-gallery-list" id="%s" aria-label="%s">', esc_attr( $this->field_id( $key ) ), esc_attr__( 'Gallery images, in display order', 'car-export' ) );
		foreach ( $stored as $id ) {
			$id     = (int) $id;
			$source = $id > 0 ? wp_get_attachment_image_src( $id, 'thumbnail' ) : false;
			if ( false === $source ) {
				continue;
			}
			$ids[] = $id;
			$this->render_gallery_item( $id, $source[0] );
		}
		echo '</ul>';
		echo '<template class="car-gallery-template">';
		$this->render_gallery_item( 0, '' );
		echo '</template>';
		printf( '<p class="car-gallery-empty"%s>%s</p>', array() === $ids ? '' : ' hidden', esc_html__( 'No gallery images yet.', 'car-export' ) );
		printf( '<input type="hidden" class="car-gallery-ids" name="%s" value="%s">', esc_attr( $this->field_name( $key ) ), esc_attr( implode( ',', $ids ) ) );
		printf( '<button type="button" class="button car-gallery-add">%s</button>', esc_html__( 'Add images', 'car-export' ) );
		printf( '<p class="description">%s</p>', esc_html__( 'Drag the images, or use the arrows, to set their order. The main image is chosen in the "Main image" box.', 'car-export' ) );
		echo '</div>';
	}

	private function render_gallery_item( int $id, string $url ): void {
		printf(
			'<li class="car-gallery-item" data-id="%1$s"><img src="%2$s" alt="" width="96" height="96">'
			. '<span class="car-gallery-actions">'
			. '<button type="button" class="button-link car-gallery-move" data-direction="-1" aria-label="%3$s" title="%3$s">&larr;</button>'
			. '<button type="button" class="button-link car-gallery-move" data-direction="1" aria-label="%4$s" title="%4$s">&rarr;</button>'
			. '<button type="button" class="button-link car-gallery-remove" aria-label="%5$s" title="%5$s">&times;</button>'
			. '</span></li>',
			esc_attr( (string) $id ),
			esc_url( $url ),
			esc_attr__( 'Move earlier', 'car-export' ),
			esc_attr__( 'Move later', 'car-export' ),
			esc_attr__( 'Remove from gallery', 'car-export' )
		);
	}

	private function render_help_and_error( string $key, string $help, ?string $error ): void {
		if ( '' !== $help ) {
			printf( '<p class="description" id="%s">%s</p>', esc_attr( $this->field_id( $key ) . '-help' ), esc_html( $help ) );
		}
		if ( null !== $error ) {
			printf( '<p class="car-field-error" id="%s">%s</p>', esc_attr( $this->field_id( $key ) . '-error' ), esc_html( $error ) );
		}
	}

	/**
	 * @param array{help?: string} $field
	 */
	private function describedby( string $key, array $field, ?string $error ): string {
		$ids = array();
		if ( '' !== self::help( $field ) ) {
			$ids[] = $this->field_id( $key ) . '-help';
		}
		if ( null !== $error ) {
			$ids[] = $this->field_id( $key ) . '-error';
		}
		if ( array() === $ids ) {
			return '';
		}
		return ' aria-describedby="' . esc_attr( implode( ' ', $ids ) ) . '"' . ( null === $error ? '' : ' aria-invalid="true"' );
	}

	private function field_id( string $key ): string {
		return 'car-field-' . $key;
	}

	private function field_name( string $key ): string {
		return self::INPUT . '[' . $key . ']';
	}

	/** Stored or submitted value as the text a form control shows (lists one entry per line). */
	private function as_text( mixed $value ): string {
		if ( is_array( $value ) ) {
			return implode( "\n", array_map( fn ( mixed $item ): string => $this->as_text( $item ), $value ) );
		}
		return is_scalar( $value ) ? (string) $value : '';
	}
}
