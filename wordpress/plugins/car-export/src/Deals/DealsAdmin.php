<?php
declare(strict_types=1);

namespace CarExport\Deals;

use CarExport\Service;
use CarExport\Staff\SalesRole;

/**
 * wp-admin → Deals, for the sales team (the lead capability): the list of deals (filter by state or
 * "overdue", search by deal number, stock number or buyer e-mail) and one deal's screen, where staff
 * write the quote, confirm payments after viewing the proof, record shipping, upload documents,
 * cancel with a reason and read the timeline and messages. Every form posts to admin-post.php with a
 * nonce of its deal and goes through DealService, as REST and WP-CLI do. Deals → Settings holds
 * how the sale runs (administrators only).
 *
 * @phpstan-import-type Deal from DealStore
 */
final class DealsAdmin implements Service {

	public const SLUG          = 'car-export-deals';
	public const SETTINGS_SLUG = 'car-export-deal-settings';

	private const STEP_ACTION     = 'car_export_deal_step';
	private const SETTINGS_ACTION = 'car_export_deal_settings';

	/** Steps the deal screen offers, with the fields each form sends. */
	private const STEP_FIELDS = array(
		DealStateMachine::QUOTE           => array(),
		DealStateMachine::DECLINE         => array( 'note' ),
		DealStateMachine::CONFIRM_PAYMENT => array( 'amount', 'date', 'note' ),
		DealStateMachine::BOOK_SHIPPING   => array( 'vessel', 'etd', 'eta' ),
		DealStateMachine::SHIP            => array( 'bl_number' ),
		DealStateMachine::SEND_DOCUMENTS  => array( 'tracking' ),
		DealStateMachine::COMPLETE        => array(),
		DealStateMachine::CANCEL          => array( 'reason' ),
		'message'                         => array( 'message' ),
		'document'                        => array(),
	);

	public function register(): void {
		add_action( 'admin_menu', array( $this, 'add_pages' ) );
		add_action( 'admin_post_' . self::STEP_ACTION, array( $this, 'handle_step' ) );
		add_action( 'admin_post_' . self::SETTINGS_ACTION, array( $this, 'handle_settings' ) );
		add_action( 'admin_enqueue_scripts', array( $this, 'enqueue' ) );
	}

	/** On a phone the deal forms' fields and the price lines keep to the screen's width. */
	public function enqueue( string $hook_suffix ): void {
		if ( str_ends_with( $hook_suffix, '_page_' . self::SLUG ) || 'toplevel_page_' . self::SLUG === $hook_suffix ) {
			wp_add_inline_style( 'common', '.car-export-deals .deal-scroll{overflow-x:auto}.car-export-deals .deal-scroll a{white-space:nowrap}.car-export-deals input[type=text],.car-export-deals input[type=number],.car-export-deals textarea,.car-export-deals select{max-width:100%}.car-export-deals .deal-lines td{padding:4px}.car-export-deals .deal-lines input,.car-export-deals .deal-lines select{width:100%}' );
		}
	}

	public static function deal_url( string $public_id ): string {
		return admin_url( 'admin.php?page=' . self::SLUG . '&deal=' . rawurlencode( $public_id ) );
	}

	public function add_pages(): void {
		add_menu_page( __( 'Deals', 'car-export' ), __( 'Deals', 'car-export' ), SalesRole::MANAGE_LEADS, self::SLUG, array( $this, 'render' ), 'dashicons-money-alt', 27 );
		add_submenu_page( self::SLUG, __( 'Deals', 'car-export' ), __( 'All deals', 'car-export' ), SalesRole::MANAGE_LEADS, self::SLUG, array( $this, 'render' ) );
		add_submenu_page( self::SLUG, __( 'Deal settings', 'car-export' ), __( 'Settings', 'car-export' ), 'manage_options', self::SETTINGS_SLUG, array( $this, 'render_settings' ) );
	}

	public function render(): void {
		if ( ! current_user_can( SalesRole::MANAGE_LEADS ) ) {
			wp_die( esc_html__( 'Only the sales team can work on deals.', 'car-export' ), 403 );
		}
		// phpcs:ignore WordPress.Security.NonceVerification.Recommended -- a read-only screen choice.
		$id   = isset( $_GET['deal'] ) ? sanitize_key( wp_unslash( $_GET['deal'] ) ) : '';
		$deal = '' === $id ? null : DealStore::find_public( $id );
		echo '<div class="wrap car-export-deals">';
		$this->notice();
		if ( null !== $deal ) {
			$this->render_deal( $deal );
		} else {
			$this->render_list();
		}
		echo '</div>';
	}

	private function render_list(): void {
		// phpcs:disable WordPress.Security.NonceVerification.Recommended -- list filters only read.
		$state   = isset( $_GET['state'] ) ? sanitize_key( wp_unslash( $_GET['state'] ) ) : '';
		$overdue = ! empty( $_GET['overdue'] );
		$search  = isset( $_GET['s'] ) ? sanitize_text_field( wp_unslash( $_GET['s'] ) ) : '';
		$paged   = isset( $_GET['paged'] ) ? max( 1, absint( $_GET['paged'] ) ) : 1;
		// phpcs:enable
		$state = in_array( $state, DealStateMachine::states(), true ) ? $state : '';
		$deals = DealStore::search( $state, $overdue, $search, $paged );
		echo '<h1>' . esc_html__( 'Deals', 'car-export' ) . '</h1>';
		echo '<form method="get" class="deal-filters"><input type="hidden" name="page" value="' . esc_attr( self::SLUG ) . '">';
		echo '<label>' . esc_html__( 'State', 'car-export' ) . ' <select name="state"><option value="">' . esc_html__( 'All', 'car-export' ) . '</option>';
		foreach ( DealStateMachine::labels() as $value => $label ) {
			echo '<option value="' . esc_attr( $value ) . '"' . selected( $state, $value, false ) . '>' . esc_html( $label ) . '</option>';
		}
		echo '</select></label> <label><input type="checkbox" name="overdue" value="1"' . checked( $overdue, true, false ) . '> ' . esc_html__( 'Overdue only', 'car-export' ) . '</label> ';
		echo '<input type="search" name="s" value="' . esc_attr( $search ) . '" placeholder="' . esc_attr__( 'Deal no., stock no. or buyer e-mail', 'car-export' ) . '"> ';
		submit_button( __( 'Filter', 'car-export' ), 'secondary', '', false );
		echo '</form>';
		echo '<div class="deal-scroll"><table class="widefat striped"><thead><tr><th>' . esc_html__( 'Deal', 'car-export' ) . '</th><th>' . esc_html__( 'State', 'car-export' ) . '</th><th>' . esc_html__( 'Car', 'car-export' ) . '</th><th>' . esc_html__( 'Buyer', 'car-export' ) . '</th><th>' . esc_html__( 'Amount due', 'car-export' ) . '</th><th>' . esc_html__( 'Hold until', 'car-export' ) . '</th></tr></thead><tbody>';
		if ( array() === $deals ) {
			echo '<tr><td colspan="6">' . esc_html__( 'No deals match.', 'car-export' ) . '</td></tr>';
		}
		foreach ( $deals as $deal ) {
			$car   = DealView::car( $deal['car_id'] );
			$buyer = get_userdata( $deal['buyer_id'] );
			$hold  = in_array( $deal['state'], DealStateMachine::UNCONFIRMED_HOLD, true ) && null !== $deal['hold_until'] ? wp_date( 'Y-m-d H:i', $deal['hold_until'] ) : '—';
			echo '<tr><td><a href="' . esc_url( self::deal_url( $deal['public_id'] ) ) . '"><strong>' . esc_html( $deal['number'] ) . '</strong></a></td>';
			echo '<td>' . esc_html( DealStateMachine::label( $deal['state'] ) ) . '</td>';
			$stock = '' === $car['stockNumber'] ? '' : ' <span class="description">' . esc_html( $car['stockNumber'] ) . '</span>';
			echo '<td>' . esc_html( $car['title'] ) . wp_kses( $stock, array( 'span' => array( 'class' => true ) ) ) . '</td>';
			echo '<td>' . esc_html( $buyer instanceof \WP_User ? $buyer->user_email : '' ) . '</td>';
			echo '<td>' . esc_html( DealStateMachine::usd( DealStateMachine::amount_due( $deal ) ) ) . '</td>';
			echo '<td>' . esc_html( (string) $hold ) . '</td></tr>';
		}
		echo '</tbody></table></div>';
	}

	/**
	 * @param Deal $deal
	 */
	private function render_deal( array $deal ): void {
		$view  = DealView::for_staff( $deal );
		$buyer = is_array( $view['buyer'] ) ? $view['buyer'] : array();
		echo '<p><a href="' . esc_url( admin_url( 'admin.php?page=' . self::SLUG ) ) . '">&larr; ' . esc_html__( 'All deals', 'car-export' ) . '</a></p>';
		/* translators: 1: deal number, 2: state. */
		echo '<h1>' . esc_html( sprintf( __( 'Deal %1$s — %2$s', 'car-export' ), $deal['number'], DealStateMachine::label( $deal['state'] ) ) ) . '</h1>';
		$car = DealView::car( $deal['car_id'] );
		echo '<table class="form-table deal-facts"><tbody>';
		$facts = array(
			__( 'Car', 'car-export' )               => $car['title'] . ( '' === $car['stockNumber'] ? '' : ' (' . $car['stockNumber'] . ')' ),
			__( 'Buyer', 'car-export' )             => trim( (string) ( $buyer['name'] ?? '' ) . ' <' . (string) ( $buyer['email'] ?? '' ) . '>' ),
			__( 'Destination', 'car-export' )       => trim( $deal['port_name'] . ', ' . $deal['country'], ', ' ) . ' · ' . $deal['trade_term'] . ' · ' . ( 'container' === $deal['shipping_method'] ? 'Container' : 'RoRo' ) . ( $deal['inspection'] ? ' · ' . __( 'inspection', 'car-export' ) : '' ),
			__( 'Total', 'car-export' )             => DealStateMachine::usd( $deal['total'] ),
			__( 'Deposit', 'car-export' )           => DealStateMachine::usd( $deal['deposit'] ),
			__( 'Paid', 'car-export' )              => DealStateMachine::usd( $deal['paid'] ),
			__( 'Amount due', 'car-export' )        => DealStateMachine::usd( DealStateMachine::amount_due( $deal ) ),
			__( 'Hold until', 'car-export' )        => null === $deal['hold_until'] ? '—' : wp_date( 'Y-m-d H:i', $deal['hold_until'] ),
			__( 'Quote valid until', 'car-export' ) => null === $deal['valid_until'] ? '—' : wp_date( 'Y-m-d', $deal['valid_until'] ),
			__( 'Proforma', 'car-export' )          => (string) ( $deal['proforma_number'] ?? '—' ),
		);
		foreach ( $deal['shipment'] as $key => $value ) {
			$facts[ strtoupper( str_replace( '_', ' ', $key ) ) ] = $value;
		}
		foreach ( $facts as $label => $value ) {
			echo '<tr><th scope="row">' . esc_html( (string) $label ) . '</th><td>' . esc_html( $value ) . '</td></tr>';
		}
		echo '</tbody></table>';

		if ( array() !== $deal['lines'] ) {
			echo '<h2>' . esc_html__( 'Price lines', 'car-export' ) . '</h2><table class="widefat"><tbody>';
			foreach ( $deal['lines'] as $line ) {
				echo '<tr><td>' . esc_html( $line['label'] ) . '</td><td>' . esc_html( DealStateMachine::usd( $line['amount'] ) ) . '</td></tr>';
			}
			echo '</tbody></table>';
		}

		echo '<div class="deal-steps">';
		$this->render_steps( $deal );
		echo '</div>';

		echo '<h2>' . esc_html__( 'Files', 'car-export' ) . '</h2><ul>';
		if ( null !== $deal['proforma_number'] ) {
			$url = wp_nonce_url( admin_url( 'admin-post.php?action=' . self::STEP_ACTION . '&step=invoice&deal=' . $deal['public_id'] ), self::nonce_action( $deal ) );
			/* translators: %s: proforma invoice number. */
			echo '<li><a href="' . esc_url( $url ) . '">' . esc_html( sprintf( __( 'Proforma invoice %s (PDF)', 'car-export' ), $deal['proforma_number'] ) ) . '</a></li>';
		}
		foreach ( DealStore::files_of( $deal['id'] ) as $file ) {
			$url = wp_nonce_url( admin_url( 'admin-post.php?action=' . self::STEP_ACTION . '&step=download&deal=' . $deal['public_id'] . '&file=' . $file['public_id'] ), self::nonce_action( $deal ) );
			echo '<li><a href="' . esc_url( $url ) . '">' . esc_html( $file['name'] ) . '</a> — ' . esc_html( 'proof' === $file['kind'] ? __( 'proof of payment', 'car-export' ) : ( $file['for_buyer'] ? __( 'for the buyer', 'car-export' ) : __( 'internal', 'car-export' ) ) ) . ' · ' . esc_html( size_format( $file['size'] ) ) . '</li>';
		}
		echo '</ul>';

		echo '<h2>' . esc_html__( 'Timeline', 'car-export' ) . '</h2><ol class="deal-timeline">';
		foreach ( DealStore::events_of( $deal['id'] ) as $event ) {
			echo '<li><strong>' . esc_html( wp_date( 'Y-m-d H:i', $event['created_at'] ) ) . '</strong> · ' . esc_html( $event['actor'] ) . ' · ' . esc_html( DealStateMachine::label( $event['to_state'] ) ) . '<br>' . esc_html( $event['staff_note'] ) . '</li>';
		}
		echo '</ol><h2>' . esc_html__( 'Messages', 'car-export' ) . '</h2>';
		foreach ( DealStore::messages_of( $deal['id'] ) as $message ) {
			echo '<div class="deal-message"><p><strong>' . esc_html( $message['from_staff'] ? __( 'Staff', 'car-export' ) : __( 'Buyer', 'car-export' ) ) . '</strong> · ' . esc_html( wp_date( 'Y-m-d H:i', $message['created_at'] ) ) . '</p><p>' . nl2br( esc_html( $message['body'] ) ) . '</p></div>';
		}
		$this->open_form( $deal, 'message' );
		echo '<p><label>' . esc_html__( 'Write to the buyer', 'car-export' ) . '<br><textarea name="message" rows="3" cols="60" required></textarea></label></p>';
		submit_button( __( 'Send message', 'car-export' ), 'secondary', 'submit', false );
		echo '</form>';
	}

	/**
	 * The forms of the steps the deal's state allows now.
	 *
	 * @param Deal $deal
	 */
	private function render_steps( array $deal ): void {
		$state = $deal['state'];
		// A form shows when the state allows its step; its figures (an amount, the balance) are
		// checked when it is sent, and a refusal says why.
		$can = static fn ( string $action ): bool => DealStateMachine::allows( $state, $action );
		if ( in_array( $state, array( DealStateMachine::REQUESTED, DealStateMachine::QUOTED ), true ) ) {
			echo '<h2>' . esc_html__( 'Write the quote', 'car-export' ) . '</h2>';
			$this->open_form( $deal, DealStateMachine::QUOTE );
			$lines = array_values( $deal['lines'] );
			echo '<table class="widefat deal-lines"><tbody>';
			for ( $i = 0; $i < 5; $i++ ) {
				$line = $lines[ $i ] ?? array(
					'kind'   => array( 'car', 'freight', 'insurance', 'inspection', 'other' )[ $i ],
					'label'  => '',
					'amount' => '',
				);
				echo '<tr><td><select name="lines[' . (int) $i . '][kind]">';
				foreach ( DealService::KINDS as $kind ) {
					echo '<option value="' . esc_attr( $kind ) . '"' . selected( $line['kind'], $kind, false ) . '>' . esc_html( DealService::kind_label( $kind ) ) . '</option>';
				}
				echo '</select></td><td><input type="text" name="lines[' . (int) $i . '][label]" value="' . esc_attr( $line['label'] ) . '" placeholder="' . esc_attr__( 'Description (optional)', 'car-export' ) . '"></td>';
				echo '<td><input type="number" min="0" step="1" name="lines[' . (int) $i . '][amount]" value="' . esc_attr( (string) $line['amount'] ) . '" placeholder="USD"></td></tr>';
			}
			echo '</tbody></table><p><label>' . esc_html__( 'Valid for (days)', 'car-export' ) . ' <input type="number" min="1" max="60" name="valid_days" value="' . esc_attr( (string) DealSettings::get()['quote_days'] ) . '"></label></p>';
			submit_button( __( 'Send the quote', 'car-export' ), 'primary', 'submit', false );
			echo '</form>';
		}
		$forms = array(
			DealStateMachine::CONFIRM_PAYMENT => array(
				__( 'Confirm a payment (after checking the proof and the bank)', 'car-export' ),
				'<label>' . esc_html__( 'Amount received (USD)', 'car-export' ) . ' <input type="number" min="1" step="1" name="amount" required></label> <label>' . esc_html__( 'Date received', 'car-export' ) . ' <input type="date" name="date" value="' . esc_attr( gmdate( 'Y-m-d' ) ) . '" required></label>',
				__( 'Confirm payment', 'car-export' ),
			),
			DealStateMachine::BOOK_SHIPPING   => array(
				__( 'Book shipping', 'car-export' ),
				'<label>' . esc_html__( 'Vessel', 'car-export' ) . ' <input type="text" name="vessel" required></label> <label>ETD <input type="date" name="etd" required></label> <label>ETA <input type="date" name="eta" required></label>',
				__( 'Book shipping', 'car-export' ),
			),
			DealStateMachine::SHIP            => array(
				__( 'Mark shipped (upload the B/L copy below, for the buyer)', 'car-export' ),
				'<label>' . esc_html__( 'B/L number', 'car-export' ) . ' <input type="text" name="bl_number" required></label>',
				__( 'Mark shipped', 'car-export' ),
			),
			DealStateMachine::SEND_DOCUMENTS  => array(
				__( 'Send original documents (only after full payment)', 'car-export' ),
				'<label>' . esc_html__( 'Courier tracking', 'car-export' ) . ' <input type="text" name="tracking" required></label>',
				__( 'Send documents', 'car-export' ),
			),
			DealStateMachine::COMPLETE        => array( __( 'Complete the deal (the car becomes sold)', 'car-export' ), '', __( 'Complete', 'car-export' ) ),
			DealStateMachine::DECLINE         => array( __( 'Decline the request', 'car-export' ), '<label>' . esc_html__( 'Note for staff', 'car-export' ) . ' <input type="text" name="note"></label>', __( 'Decline', 'car-export' ) ),
			DealStateMachine::CANCEL          => array( __( 'Cancel the reservation', 'car-export' ), '<label>' . esc_html__( 'Reason (the buyer reads it)', 'car-export' ) . ' <input type="text" name="reason" required></label>', __( 'Cancel reservation', 'car-export' ) ),
		);
		foreach ( $forms as $action => $form ) {
			if ( ! $can( $action ) ) {
				continue;
			}
			echo '<h2>' . esc_html( $form[0] ) . '</h2>';
			$this->open_form( $deal, $action );
			// The field HTML above is built from escaped literals only.
			echo '<p>' . $form[1] . ' '; // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped
			submit_button( $form[2], DealStateMachine::CANCEL === $action ? 'delete' : 'secondary', 'submit', false );
			echo '</p></form>';
		}
		echo '<h2>' . esc_html__( 'Upload a document', 'car-export' ) . '</h2>';
		$this->open_form( $deal, 'document', true );
		echo '<p><input type="file" name="file" accept="application/pdf,image/jpeg,image/png" required> <label><input type="checkbox" name="for_buyer" value="1" checked> ' . esc_html__( 'For the buyer (otherwise internal)', 'car-export' ) . '</label> ';
		submit_button( __( 'Upload', 'car-export' ), 'secondary', 'submit', false );
		echo '</p></form>';
	}

	/**
	 * @param Deal $deal
	 */
	private function open_form( array $deal, string $step, bool $upload = false ): void {
		echo '<form method="post" action="' . esc_url( admin_url( 'admin-post.php' ) ) . '"' . ( $upload ? ' enctype="multipart/form-data"' : '' ) . '>';
		echo '<input type="hidden" name="action" value="' . esc_attr( self::STEP_ACTION ) . '"><input type="hidden" name="deal" value="' . esc_attr( $deal['public_id'] ) . '"><input type="hidden" name="step" value="' . esc_attr( $step ) . '">';
		wp_nonce_field( self::nonce_action( $deal ) );
	}

	/**
	 * @param Deal $deal
	 */
	private static function nonce_action( array $deal ): string {
		return 'car_export_deal_' . $deal['public_id'];
	}

	public function handle_step(): void {
		if ( ! current_user_can( SalesRole::MANAGE_LEADS ) ) {
			wp_die( esc_html__( 'Only the sales team can work on deals.', 'car-export' ), 403 );
		}
		// phpcs:disable WordPress.Security.NonceVerification.Recommended, WordPress.Security.NonceVerification.Missing -- checked by check_admin_referer below, which needs the deal first.
		$id   = isset( $_REQUEST['deal'] ) ? sanitize_key( wp_unslash( $_REQUEST['deal'] ) ) : '';
		$step = isset( $_REQUEST['step'] ) ? sanitize_key( wp_unslash( $_REQUEST['step'] ) ) : '';
		// phpcs:enable
		$deal = DealStore::find_public( $id );
		if ( null === $deal ) {
			wp_die( esc_html__( 'The requested deal could not be found.', 'car-export' ), 404 );
		}
		check_admin_referer( self::nonce_action( $deal ) );
		if ( 'invoice' === $step && null !== $deal['proforma_number'] ) {
			ProformaInvoice::send( $deal );
		}
		if ( 'download' === $step ) {
			$file_id = isset( $_GET['file'] ) ? sanitize_key( wp_unslash( $_GET['file'] ) ) : '';
			$file    = DealStore::find_file( $deal['id'], $file_id );
			if ( null === $file || ! is_file( DealFiles::path( $deal, $file['stored_name'] ) ) ) {
				wp_die( esc_html__( 'The requested file could not be found.', 'car-export' ), 404 );
			}
			DealFiles::send( $deal, $file );
		}
		if ( ! array_key_exists( $step, self::STEP_FIELDS ) ) {
			wp_die( esc_html__( 'That is not a step a deal can take.', 'car-export' ), 400 );
		}
		$service = new DealService();
		$actor   = DealStaffController::actor();
		$input   = array();
		foreach ( self::STEP_FIELDS[ $step ] as $field ) {
			$input[ $field ] = isset( $_POST[ $field ] ) ? sanitize_textarea_field( wp_unslash( $_POST[ $field ] ) ) : '';
		}
		if ( DealStateMachine::QUOTE === $step ) {
			$raw                 = isset( $_POST['lines'] ) && is_array( $_POST['lines'] ) ? map_deep( wp_unslash( $_POST['lines'] ), 'sanitize_text_field' ) : array();
			$input['lines']      = array_values( array_filter( is_array( $raw ) ? $raw : array(), static fn ( mixed $l ): bool => is_array( $l ) && '' !== ( $l['amount'] ?? '' ) ) );
			$input['valid_days'] = isset( $_POST['valid_days'] ) ? absint( $_POST['valid_days'] ) : 0;
		}
		if ( 'message' === $step ) {
			$result = $service->message( $deal, $actor, (string) $input['message'] );
		} elseif ( 'document' === $step ) {
			$file   = isset( $_FILES['file'] ) && is_array( $_FILES['file'] ) ? $_FILES['file'] : array(); // phpcs:ignore WordPress.Security.ValidatedSanitizedInput.InputNotSanitized, WordPress.Security.ValidatedSanitizedInput.MissingUnslash -- PHP's own upload record; the file is checked by content in DealFiles.
			$error  = (int) ( $file['error'] ?? UPLOAD_ERR_NO_FILE );
			$stored = UPLOAD_ERR_OK === $error && is_string( $file['tmp_name'] ?? null ) && is_uploaded_file( $file['tmp_name'] )
				? DealFiles::store( $deal, $file['tmp_name'], is_string( $file['name'] ?? null ) ? $file['name'] : 'file' )
				: ( in_array( $error, array( UPLOAD_ERR_INI_SIZE, UPLOAD_ERR_FORM_SIZE ), true ) ? DealFiles::too_large() : DealRefusal::bad( __( 'Please choose a file.', 'car-export' ) ) );
			$result = $stored instanceof DealRefusal ? $stored : $service->attach( $deal, $actor, $stored, 'document', ! empty( $_POST['for_buyer'] ) );
		} else {
			$result = $service->act( $deal, $step, $actor, $input );
		}
		set_transient( self::notice_key(), $result instanceof DealRefusal ? array( 'error', $result->message ) : array( 'success', __( 'Saved.', 'car-export' ) ), 60 );
		wp_safe_redirect( self::deal_url( $deal['public_id'] ) );
		exit;
	}

	private static function notice_key(): string {
		return 'car_export_deal_notice_' . get_current_user_id();
	}

	private function notice(): void {
		$notice = get_transient( self::notice_key() );
		if ( ! is_array( $notice ) || 2 !== count( $notice ) ) {
			return;
		}
		delete_transient( self::notice_key() );
		echo '<div class="notice notice-' . esc_attr( 'error' === $notice[0] ? 'error' : 'success' ) . '"><p>' . esc_html( (string) $notice[1] ) . '</p></div>';
	}

	public function render_settings(): void {
		if ( ! current_user_can( 'manage_options' ) ) {
			wp_die( esc_html__( 'Sorry, you are not allowed to change these settings.', 'car-export' ), 403 );
		}
		$s = DealSettings::get();
		echo '<div class="wrap"><h1>' . esc_html__( 'Deal settings', 'car-export' ) . '</h1>';
		$this->notice();
		echo '<form method="post" action="' . esc_url( admin_url( 'admin-post.php' ) ) . '"><input type="hidden" name="action" value="' . esc_attr( self::SETTINGS_ACTION ) . '">';
		wp_nonce_field( self::SETTINGS_ACTION );
		echo '<table class="form-table"><tbody>';
		$number = static function ( string $name, string $label, int $value, int $min, int $max, string $hint ): void {
			echo '<tr><th scope="row"><label for="' . esc_attr( $name ) . '">' . esc_html( $label ) . '</label></th><td><input type="number" id="' . esc_attr( $name ) . '" name="' . esc_attr( $name ) . '" min="' . (int) $min . '" max="' . (int) $max . '" value="' . (int) $value . '"> <span class="description">' . esc_html( $hint ) . '</span></td></tr>';
		};
		$number( 'hold_days', __( 'Hold length', 'car-export' ), $s['hold_days'], 1, 30, __( 'business days a reserved car waits for the deposit', 'car-export' ) );
		$number( 'deposit_percent', __( 'Deposit share', 'car-export' ), $s['deposit_percent'], 1, 100, __( '% of the total', 'car-export' ) );
		$number( 'quote_days', __( 'Quote validity', 'car-export' ), $s['quote_days'], 1, 60, __( 'days, unless the quote says otherwise', 'car-export' ) );
		$number( 'holds_per_buyer', __( 'Open holds per buyer', 'car-export' ), $s['holds_per_buyer'], 1, 20, __( 'unpaid reservations one buyer may have at once', 'car-export' ) );
		echo '<tr><th scope="row">' . esc_html__( 'Buy Now', 'car-export' ) . '</th><td><label><input type="checkbox" name="buy_now" value="1"' . checked( $s['buy_now'], true, false ) . '> ' . esc_html__( 'Buyers may reserve a car with a listed price at once', 'car-export' ) . '</label></td></tr>';
		echo '<tr><th scope="row"><label for="invoice_prefix">' . esc_html__( 'Invoice number prefix', 'car-export' ) . '</label></th><td><input type="text" id="invoice_prefix" name="invoice_prefix" maxlength="10" value="' . esc_attr( $s['invoice_prefix'] ) . '"> <span class="description">' . esc_html__( 'letters and digits; numbers read PREFIX-YEAR-00001', 'car-export' ) . '</span></td></tr>';
		echo '<tr><th scope="row"><label for="loading_port">' . esc_html__( 'Port of loading', 'car-export' ) . '</label></th><td><input type="text" class="regular-text" id="loading_port" name="loading_port" value="' . esc_attr( $s['loading_port'] ) . '"> <span class="description">' . esc_html__( 'shown on the proforma invoice', 'car-export' ) . '</span></td></tr>';
		echo '<tr><th scope="row"><label for="seller_name">' . esc_html__( 'Seller name', 'car-export' ) . '</label></th><td><input type="text" class="regular-text" id="seller_name" name="seller_name" value="' . esc_attr( $s['seller_name'] ) . '"></td></tr>';
		echo '<tr><th scope="row"><label for="seller_address">' . esc_html__( 'Seller address', 'car-export' ) . '</label></th><td><textarea id="seller_address" name="seller_address" rows="3" cols="50">' . esc_textarea( $s['seller_address'] ) . '</textarea></td></tr>';
		echo '<tr><th scope="row"><label for="bank_details">' . esc_html__( 'Bank details', 'car-export' ) . '</label></th><td><textarea id="bank_details" name="bank_details" rows="5" cols="50">' . esc_textarea( $s['bank_details'] ) . '</textarea></td></tr>';
		echo '</tbody></table>';
		submit_button();
		echo '</form></div>';
	}

	public function handle_settings(): void {
		if ( ! current_user_can( 'manage_options' ) ) {
			wp_die( esc_html__( 'Sorry, you are not allowed to change these settings.', 'car-export' ), 403 );
		}
		check_admin_referer( self::SETTINGS_ACTION );
		$raw = array();
		foreach ( array( 'hold_days', 'deposit_percent', 'quote_days', 'holds_per_buyer', 'invoice_prefix', 'loading_port', 'seller_name', 'seller_address', 'bank_details' ) as $key ) {
			$raw[ $key ] = isset( $_POST[ $key ] ) ? sanitize_textarea_field( wp_unslash( $_POST[ $key ] ) ) : '';
		}
		$raw['buy_now'] = ! empty( $_POST['buy_now'] );
		update_option( DealSettings::OPTION, DealSettings::sanitize( $raw ), false );
		set_transient( self::notice_key(), array( 'success', __( 'Settings saved.', 'car-export' ) ), 60 );
		wp_safe_redirect( admin_url( 'admin.php?page=' . self::SETTINGS_SLUG ) );
		exit;
	}
}
