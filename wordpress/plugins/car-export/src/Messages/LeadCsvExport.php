<?php
declare(strict_types=1);

namespace CarExport\Messages;

use CarExport\Service;
use CarExport\Staff\SalesRole;

/**
 * "Export CSV" on a lead list: downloads the leads the list's filters select (type, status, car,
 * search), newest first, for staff who work leads in a spreadsheet or CRM.
 */
final class LeadCsvExport implements Service {

	public const ACTION = 'car_export_leads_csv';

	/** Upper bound of one export, so a huge table cannot exhaust PHP's memory. */
	private const MAX_ROWS = 10000;

	public function register(): void {
		// After the Filter button (restrict_manage_posts prints before it), in a group of its own.
		add_action( 'manage_posts_extra_tablenav', array( $this, 'render_button' ) );
		add_action( 'admin_post_' . self::ACTION, array( $this, 'handle' ) );
	}

	public function render_button( string $which ): void {
		$screen    = get_current_screen();
		$post_type = null === $screen ? '' : $screen->post_type;
		if ( 'top' !== $which || ! in_array( $post_type, MessageFields::post_types(), true ) ) {
			return;
		}
		$request = wp_unslash( $_GET );
		$filters = LeadListFilters::from_query( $request );
		$search  = isset( $request['s'] ) && is_string( $request['s'] ) ? sanitize_text_field( $request['s'] ) : '';
		$url     = add_query_arg(
			array_filter(
				array(
					'action'                      => self::ACTION,
					'post_type'                   => $post_type,
					LeadListFilters::STATUS_PARAM => $filters['status'],
					LeadListFilters::CAR_PARAM    => $filters['car'] > 0 ? $filters['car'] : '',
					's'                           => $search,
					'_wpnonce'                    => wp_create_nonce( self::ACTION ),
				),
				static fn( mixed $value ): bool => '' !== $value
			),
			admin_url( 'admin-post.php' )
		);
		printf( '<div class="alignleft actions"><a class="button" href="%s">%s</a></div>', esc_url( $url ), esc_html__( 'Export CSV', 'car-export' ) );
	}

	public function handle(): void {
		$request = wp_unslash( $_GET );
		$nonce   = isset( $request['_wpnonce'] ) && is_string( $request['_wpnonce'] ) ? $request['_wpnonce'] : '';
		if ( false === wp_verify_nonce( $nonce, self::ACTION ) ) {
			wp_die( esc_html__( 'This export link has expired. Reload the list and try again.', 'car-export' ), '', array( 'response' => 403 ) );
		}
		if ( ! current_user_can( SalesRole::MANAGE_LEADS ) ) {
			wp_die( esc_html__( 'You are not allowed to export leads.', 'car-export' ), '', array( 'response' => 403 ) );
		}
		$post_type = isset( $request['post_type'] ) && is_string( $request['post_type'] ) ? sanitize_key( $request['post_type'] ) : '';
		if ( ! in_array( $post_type, MessageFields::post_types(), true ) ) {
			wp_die( esc_html__( 'Choose contact messages or car inquiries to export.', 'car-export' ), '', array( 'response' => 400 ) );
		}
		$search = isset( $request['s'] ) && is_string( $request['s'] ) ? sanitize_text_field( $request['s'] ) : '';

		$ids = get_posts(
			array(
				'post_type'        => $post_type,
				'post_status'      => 'private',
				'posts_per_page'   => self::MAX_ROWS,
				'orderby'          => 'date',
				'order'            => 'DESC',
				'fields'           => 'ids',
				's'                => $search,
				'meta_query'       => LeadListFilters::meta_query( LeadListFilters::from_query( $request ) ),
				'suppress_filters' => false,
			)
		);

		nocache_headers();
		header( 'Content-Type: text/csv; charset=UTF-8' );
		header( 'Content-Disposition: attachment; filename="' . $post_type . '-' . gmdate( 'Y-m-d' ) . '.csv"' );
		header( 'X-Content-Type-Options: nosniff' );
		// The byte-order mark makes spreadsheet programs read the file as UTF-8.
		echo "\xEF\xBB\xBF";
		echo Csv::row( self::header_row() );
		foreach ( $ids as $id ) {
			echo Csv::row( self::lead_row( (int) $id ) );
		}
		exit;
	}

	/**
	 * @return list<string>
	 */
	private static function header_row(): array {
		return array(
			__( 'ID', 'car-export' ),
			__( 'Received (UTC)', 'car-export' ),
			__( 'Type', 'car-export' ),
			__( 'Status', 'car-export' ),
			__( 'Name', 'car-export' ),
			__( 'E-mail', 'car-export' ),
			__( 'Phone', 'car-export' ),
			__( 'Car ID', 'car-export' ),
			__( 'Car', 'car-export' ),
			__( 'Destination port', 'car-export' ),
			__( 'Message', 'car-export' ),
			__( 'Notes', 'car-export' ),
			__( 'E-mail to staff', 'car-export' ),
		);
	}

	/**
	 * @return list<string|int|null>
	 */
	private static function lead_row( int $id ): array {
		$meta   = static function ( string $key ) use ( $id ): string {
			$value = get_post_meta( $id, $key, true );
			return is_scalar( $value ) ? (string) $value : '';
		};
		$car_id = (int) $meta( MessageFields::CAR_ID );
		return array(
			$id,
			(string) get_post_field( 'post_date_gmt', $id, 'raw' ),
			MessageFields::INQUIRY === get_post_type( $id ) ? 'inquiry' : 'contact',
			LeadStatus::of( $meta( MessageFields::STATUS ) ),
			$meta( MessageFields::NAME ),
			$meta( MessageFields::EMAIL ),
			$meta( MessageFields::PHONE ),
			$car_id > 0 ? $car_id : null,
			$meta( MessageFields::CAR_TITLE ),
			$meta( MessageFields::PORT ),
			(string) get_post_field( 'post_content', $id, 'raw' ),
			self::notes( $id ),
			$meta( MessageFields::MAIL_STATUS ),
		);
	}

	/** The lead's notes in one cell, oldest first, each line "when, who: text". */
	private static function notes( int $id ): string {
		$lines = array();
		foreach ( LeadNote::of_lead( $id ) as $note ) {
			$lines[] = '' === $note->when() ? $note->text : $note->when() . ', ' . $note->author_name() . ': ' . $note->text;
		}
		return implode( "\n", $lines );
	}
}
