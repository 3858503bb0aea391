<?php
declare(strict_types=1);

namespace CarExport\Messages;

use CarExport\Cars\CarFields;
use CarExport\Admin\Assets;
use CarExport\Admin\LeadContactLinks;
use CarExport\Admin\SiteLinks;
use CarExport\Mail\MailStatus;
use CarExport\Service;

/**
 * How staff read messages in wp-admin: list columns, and a read-only details box instead of an
 * editor. Messages are records of what a visitor sent, so the screens offer no way to change them.
 */
final class MessagesAdmin implements Service {

	public function register(): void {
		foreach ( MessageFields::post_types() as $post_type ) {
			add_filter( "manage_{$post_type}_posts_columns", fn( array $columns ): array => $this->columns( $columns, $post_type ) );
			add_action( "manage_{$post_type}_posts_custom_column", array( $this, 'render_column' ), 10, 2 );
			add_filter( "bulk_actions-edit-{$post_type}", array( $this, 'bulk_actions' ) );
			add_filter( "manage_edit-{$post_type}_sortable_columns", array( $this, 'sortable_columns' ) );
			add_action( "add_meta_boxes_{$post_type}", array( $this, 'meta_boxes' ) );
		}
		add_filter( 'post_row_actions', array( $this, 'row_actions' ), 10, 2 );
		add_filter( 'display_post_states', array( $this, 'post_states' ), 10, 2 );
		add_action( 'admin_action_editpost', array( $this, 'refuse_edit' ), 0 );
		add_action( 'wp_ajax_inline-save', array( $this, 'refuse_edit' ), 0 );
		add_action( 'load-edit.php', array( $this, 'refuse_bulk_edit' ) );
		add_action( 'load-edit.php', array( $this, 'names_as_typed' ) );
		add_filter( 'posts_search', array( $this, 'search_clause' ), 10, 2 );
		add_action( 'admin_enqueue_scripts', array( $this, 'enqueue_styles' ) );
	}

	/**
	 * The Messages lists' and details box's few rules, on those screens only.
	 *
	 * @param string $hook_suffix The admin page being loaded.
	 */
	public function enqueue_styles( string $hook_suffix ): void {
		foreach ( MessageFields::post_types() as $post_type ) {
			if ( Assets::is_list_screen( $hook_suffix, $post_type ) || Assets::is_edit_screen( $hook_suffix, $post_type ) ) {
				Assets::style( 'admin-leads.css' );
				return;
			}
		}
	}

	/**
	 * @param array<string, string> $columns
	 * @return array<string, string>
	 */
	public function columns( array $columns, string $post_type ): array {
		$new            = array(
			'cb'    => $columns['cb'] ?? '<input type="checkbox" />',
			'title' => __( 'From', 'car-export' ),
			'email' => __( 'E-mail', 'car-export' ),
			'phone' => __( 'Phone', 'car-export' ),
		);
		$new['message'] = __( 'Message', 'car-export' );
		if ( MessageFields::INQUIRY === $post_type ) {
			$new['car'] = __( 'Car', 'car-export' );
		}
		$new['lead_status'] = __( 'Status', 'car-export' );
		$new['mail']        = __( 'E-mail to staff', 'car-export' );
		// Core's Date column says "Last Modified" for a private post; a lead's date is when it came.
		$new['received'] = __( 'Received', 'car-export' );
		return $new;
	}

	/**
	 * @param array<string, mixed> $columns
	 * @return array<string, mixed>
	 */
	public function sortable_columns( array $columns ): array {
		// Newest first on the first click, as the list opens.
		$columns['received'] = array( 'date', true );
		return $columns;
	}

	/**
	 * Every lead is stored private (no one outside wp-admin may read it), so core's "— Private"
	 * after each name says nothing: left out on the lead lists.
	 *
	 * @param array<string, string> $states
	 * @return array<string, string>
	 */
	public function post_states( array $states, \WP_Post $post ): array {
		if ( in_array( $post->post_type, MessageFields::post_types(), true ) ) {
			unset( $states['private'] );
		}
		return $states;
	}

	public function render_column( string $column, int $post_id ): void {
		switch ( $column ) {
			case 'email':
				self::email_link( self::meta( $post_id, MessageFields::EMAIL ) );
				break;
			case 'phone':
				echo esc_html( self::meta( $post_id, MessageFields::PHONE ) );
				break;
			case 'message':
				echo esc_html( self::excerpt( (string) get_post_field( 'post_content', $post_id, 'raw' ) ) );
				break;
			case 'car':
				self::car_link( $post_id );
				break;
			case 'lead_status':
				self::status_cell( $post_id );
				break;
			case 'mail':
				self::mail_cell( $post_id );
				break;
			case 'received':
				$time = get_post_timestamp( $post_id );
				echo false === $time ? '' : '<time datetime="' . esc_attr( gmdate( 'c', $time ) ) . '">' . esc_html( (string) wp_date( 'Y-m-d H:i', $time ) ) . '</time>';
				break;
		}
	}

	/**
	 * @param array<string, string> $actions
	 * @return array<string, string>
	 */
	public function bulk_actions( array $actions ): array {
		unset( $actions['edit'] );
		return $actions;
	}

	/**
	 * @param array<string, string> $actions
	 * @return array<string, string>
	 */
	public function row_actions( array $actions, \WP_Post $post ): array {
		if ( ! in_array( $post->post_type, MessageFields::post_types(), true ) ) {
			return $actions;
		}
		unset( $actions['inline hide-if-no-js'], $actions['view'] );
		if ( isset( $actions['edit'] ) ) {
			$actions['edit'] = sprintf(
				'<a href="%s">%s</a>',
				esc_url( (string) get_edit_post_link( $post->ID ) ),
				esc_html__( 'View', 'car-export' )
			);
		}
		return $actions;
	}

	public function meta_boxes( \WP_Post $post ): void {
		remove_meta_box( 'submitdiv', $post->post_type, 'side' );
		remove_meta_box( 'slugdiv', $post->post_type, 'normal' );
		add_meta_box( 'car_export_message', __( 'Message details', 'car-export' ), array( $this, 'render_details' ), $post->post_type, 'normal', 'high' );
	}

	public function render_details( \WP_Post $post ): void {
		$technical = MessageFields::technical_keys();
		echo '<table class="widefat striped car-export-lead-details"><tbody>';
		self::row( __( 'Received', 'car-export' ), esc_html( (string) get_the_date( 'Y-m-d H:i', $post ) ) );
		foreach ( MessageFields::labels() as $key => $label ) {
			$value = self::meta( $post->ID, $key );
			if ( '' === $value || in_array( $key, $technical, true ) ) {
				continue;
			}
			self::row( $label, self::field_html( $post->ID, $key, $value ) );
			if ( MessageFields::PHONE === $key ) {
				self::answer_row( $post );
			}
		}
		echo '</tbody></table>';

		echo '<h3>' . esc_html__( 'Message', 'car-export' ) . '</h3>';
		// The edit screen's post object is already escaped for a textarea; read the stored text instead.
		$message = trim( (string) get_post_field( 'post_content', $post->ID, 'raw' ) );
		echo '' === $message
			? '<p><em>' . esc_html__( '(no message)', 'car-export' ) . '</em></p>'
			: '<div class="car-export-lead-message">' . esc_html( $message ) . '</div>';

		// How the lead arrived matters when tracing a problem, not when answering it: folded away.
		echo '<details class="car-export-lead-technical"><summary>' . esc_html__( 'Technical details', 'car-export' ) . '</summary>';
		echo '<table class="widefat striped car-export-lead-details"><tbody>';
		foreach ( MessageFields::labels() as $key => $label ) {
			$value = self::meta( $post->ID, $key );
			if ( '' !== $value && in_array( $key, $technical, true ) ) {
				self::row( $label, self::field_html( $post->ID, $key, $value ) );
			}
		}
		echo '</tbody></table></details>';

		if ( current_user_can( 'delete_post', $post->ID ) ) {
			printf(
				'<p><a class="submitdelete" href="%s">%s</a></p>',
				esc_url( (string) get_delete_post_link( $post->ID ) ),
				esc_html__( 'Move to Trash', 'car-export' )
			);
		}
	}

	/**
	 * Reply, WhatsApp and Call, each only when the lead has what it needs. The reply's subject
	 * names the car for an inquiry, the business for a contact message.
	 */
	private static function answer_row( \WP_Post $post ): void {
		$car_title = self::meta( $post->ID, MessageFields::CAR_TITLE );
		$subject   = MessageFields::INQUIRY === $post->post_type && '' !== $car_title
			/* translators: %s: car title. */
			? sprintf( __( 'Re: your inquiry about %s', 'car-export' ), $car_title )
			/* translators: %s: company name. */
			: sprintf( __( 'Re: your message to %s', 'car-export' ), wp_specialchars_decode( (string) get_bloginfo( 'name' ), ENT_QUOTES ) );
		$links = LeadContactLinks::for_lead( self::meta( $post->ID, MessageFields::EMAIL ), self::meta( $post->ID, MessageFields::PHONE ), $subject );
		if ( array() === $links ) {
			return;
		}
		$labels = array(
			'reply'    => __( 'Reply by e-mail', 'car-export' ),
			'whatsapp' => __( 'WhatsApp', 'car-export' ),
			'call'     => __( 'Call', 'car-export' ),
		);
		$html   = '';
		foreach ( $links as $id => $url ) {
			$external = 'whatsapp' === $id ? ' target="_blank" rel="noopener"' : '';
			$html    .= sprintf( '<a class="button car-export-answer-%s" href="%s"%s>%s</a> ', esc_attr( $id ), esc_url( $url, array( 'mailto', 'https', 'tel' ) ), $external, esc_html( $labels[ $id ] ) );
		}
		self::row( __( 'Answer', 'car-export' ), $html );
	}

	/**
	 * The edit screen has no save button, but a hand-made request could still post to it.
	 */
	public function refuse_edit(): void {
		// phpcs:ignore WordPress.Security.NonceVerification.Missing -- only reads the id to refuse; nothing is saved.
		$post_id = isset( $_POST['post_ID'] ) ? absint( $_POST['post_ID'] ) : 0;
		self::refuse_if_message( get_post_type( $post_id ) );
	}

	public function refuse_bulk_edit(): void {
		$action  = self::request_key( 'action' );
		$action2 = self::request_key( 'action2' );
		if ( 'edit' === $action || 'edit' === $action2 ) {
			self::refuse_if_message( self::request_key( 'post_type' ) );
		}
	}

	/**
	 * A lead's title is the sender's name as typed, and the list shows it escaped once; core would
	 * also turn its straight quotes into curly ones, which the sender never typed. Nothing else on
	 * a lead list is prose to dress up.
	 */
	public function names_as_typed(): void {
		if ( in_array( self::request_key( 'post_type' ), MessageFields::post_types(), true ) ) {
			add_filter( 'run_wptexturize', '__return_false' );
		}
	}

	private static function request_key( string $name ): string {
		return isset( $_REQUEST[ $name ] ) ? sanitize_key( wp_unslash( (string) $_REQUEST[ $name ] ) ) : '';
	}

	private static function refuse_if_message( mixed $post_type ): void {
		if ( is_string( $post_type ) && in_array( $post_type, MessageFields::post_types(), true ) ) {
			wp_die( esc_html__( 'Messages are kept as they were sent and cannot be edited.', 'car-export' ), '', array( 'response' => 403 ) );
		}
	}

	/**
	 * @return string Safe HTML for one stored value.
	 */
	private static function field_html( int $post_id, string $key, string $value ): string {
		if ( MessageFields::EMAIL === $key ) {
			return sprintf( '<a href="%s">%s</a>', esc_url( 'mailto:' . $value ), esc_html( $value ) );
		}
		if ( MessageFields::CAR_ID === $key ) {
			ob_start();
			self::car_link( $post_id );
			return (string) ob_get_clean();
		}
		if ( MessageFields::MAIL_STATUS === $key ) {
			return esc_html( MailStatus::labels()[ $value ] ?? $value );
		}
		if ( MessageFields::USER_ID === $key ) {
			$user = get_userdata( (int) $value );
			return $user instanceof \WP_User
				? sprintf( '<a href="%s">%s</a>', esc_url( get_edit_user_link( $user->ID ) ), esc_html( $user->user_login ) )
				: esc_html( '#' . $value );
		}
		return esc_html( $value );
	}

	private static function status_cell( int $post_id ): void {
		if ( SuspectedLeads::STATUS === get_post_status( $post_id ) ) {
			echo '<strong class="car-export-suspected">' . esc_html__( 'Suspected spam', 'car-export' ) . '</strong>';
			echo '<br /><span class="description car-export-spam-reasons">' . esc_html( self::meta( $post_id, MessageFields::SPAM_REASONS ) ) . '</span>';
			return;
		}
		$labels = LeadStatus::labels();
		echo esc_html( $labels[ LeadStatus::of( get_post_meta( $post_id, MessageFields::STATUS, true ) ) ] );
		if ( '' !== self::meta( $post_id, MessageFields::UNREAD ) ) {
			echo ' <strong class="car-export-unread">' . esc_html__( '(unread)', 'car-export' ) . '</strong>';
		}
	}

	/**
	 * Whether staff were told of the lead; a failed or pending notice says why and what comes next.
	 */
	private static function mail_cell( int $post_id ): void {
		$status = self::meta( $post_id, MessageFields::MAIL_STATUS );
		$error  = self::meta( $post_id, MessageFields::MAIL_ERROR );
		$label  = MailStatus::labels()[ $status ] ?? $status;
		if ( MailStatus::SENT === $status || '' === $status ) {
			echo esc_html( $label );
			return;
		}
		echo '<span class="car-export-mail-failed">' . esc_html( $label ) . '</span>';
		$next = (int) self::meta( $post_id, MessageFields::MAIL_NEXT );
		if ( MailStatus::RETRYING === $status && $next > 0 ) {
			/* translators: %s: time of the next attempt. */
			echo '<br /><span class="description">' . esc_html( sprintf( __( 'next try %s', 'car-export' ), wp_date( 'Y-m-d H:i', $next ) ) ) . '</span>';
		}
		if ( '' !== $error ) {
			echo '<br /><span class="description">' . esc_html( $error ) . '</span>';
		}
	}

	private static function row( string $label, string $html ): void {
		// $html is escaped by the caller.
		echo '<tr><th scope="row">' . esc_html( $label ) . '</th><td>' . $html . '</td></tr>'; // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped
	}

	private static function email_link( string $email ): void {
		if ( '' === $email ) {
			return;
		}
		printf( '<a href="%s">%s</a>', esc_url( 'mailto:' . $email ), esc_html( $email ) );
	}

	/**
	 * The car's edit screen when it still exists, else the title it had when the inquiry was sent.
	 */
	private static function car_link( int $post_id ): void {
		$car_id = (int) self::meta( $post_id, MessageFields::CAR_ID );
		if ( $car_id <= 0 ) {
			return;
		}
		$car   = get_post( $car_id );
		$title = self::meta( $post_id, MessageFields::CAR_TITLE );
		if ( ! $car instanceof \WP_Post ) {
			/* translators: 1: car title when the inquiry was sent, 2: car id. */
			echo esc_html( sprintf( __( '%1$s (#%2$d, deleted)', 'car-export' ), $title, $car_id ) );
			return;
		}
		$label = sprintf( '%s (#%d)', '' === $car->post_title ? $title : $car->post_title, $car_id );
		$stock = (string) get_post_meta( $car_id, '_car_stock_number', true );
		if ( '' !== $stock ) {
			/* translators: %s: stock number. */
			$label .= ' ' . sprintf( __( 'stock %s', 'car-export' ), $stock );
		}
		$links = array();
		$edit  = current_user_can( 'edit_post', $car_id ) ? get_edit_post_link( $car_id ) : null;
		if ( null !== $edit && '' !== $edit ) {
			$links[] = sprintf( '<a href="%s">%s</a>', esc_url( $edit ), esc_html__( 'Edit car', 'car-export' ) );
		}
		$site = SiteLinks::url_for( $car );
		if ( null !== $site ) {
			$links[] = sprintf( '<a href="%s" target="_blank" rel="noopener">%s</a>', esc_url( $site ), esc_html__( 'View on site', 'car-export' ) );
		}
		echo esc_html( $label );
		if ( array() !== $links ) {
			// Each link is escaped where it is built.
			echo '<br /><span class="car-export-car-links">' . implode( ' | ', $links ) . '</span>'; // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped
		}
	}

	/**
	 * The start of a message on one line, cut at a word: enough to tell leads apart in the list.
	 */
	public static function excerpt( string $message, int $length = 80 ): string {
		$line = trim( (string) preg_replace( '/\s+/u', ' ', $message ) );
		if ( mb_strlen( $line ) <= $length ) {
			return $line;
		}
		$cut   = mb_substr( $line, 0, $length + 1 );
		$space = mb_strrpos( $cut, ' ' );
		return rtrim( mb_substr( $cut, 0, false !== $space && $space > $length / 2 ? $space : $length ), ' ,.;:' ) . '…';
	}

	/**
	 * The lead lists' search also finds a lead by its sender's e-mail or phone, or, for an inquiry,
	 * by its car's stock number: how staff look up a lead when a buyer calls or writes again.
	 * Core's search reads only the name and the message.
	 *
	 * @param string $search The search clause core built.
	 */
	public function search_clause( string $search, \WP_Query $query ): string {
		$term      = $query->get( 's' );
		$post_type = $query->get( 'post_type' );
		if ( ! is_admin() || ! $query->is_main_query() || '' === $search || ! is_string( $term ) || '' === trim( $term ) || ! is_string( $post_type ) || ! in_array( $post_type, MessageFields::post_types(), true ) ) {
			return $search;
		}
		global $wpdb;
		$like  = '%' . $wpdb->esc_like( trim( $term ) ) . '%';
		$posts = $wpdb->posts;
		$meta  = $wpdb->postmeta;
		// Core's clause starts with " AND "; the lead matches it or one of its fields.
		$core = (string) preg_replace( '/^\s*AND\s+/', '', $search );
		return $wpdb->prepare(
			// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table names are WordPress's; core's clause is already prepared.
			" AND ( {$core} OR {$posts}.ID IN ( SELECT post_id FROM {$meta} WHERE meta_key IN ( %s, %s ) AND meta_value LIKE %s )"
			// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- as above.
			. " OR {$posts}.ID IN ( SELECT lead.post_id FROM {$meta} AS lead INNER JOIN {$meta} AS stock ON stock.post_id = lead.meta_value AND stock.meta_key = %s WHERE lead.meta_key = %s AND stock.meta_value LIKE %s ) )",
			MessageFields::EMAIL,
			MessageFields::PHONE,
			$like,
			CarFields::meta_key( 'stockNumber' ),
			MessageFields::CAR_ID,
			$like
		);
	}

	private static function meta( int $post_id, string $key ): string {
		$value = get_post_meta( $post_id, $key, true );
		return is_scalar( $value ) ? (string) $value : '';
	}
}
