<?php
declare(strict_types=1);

namespace CarExport\Messages;

use CarExport\Service;

/**
 * Narrowing the lead lists: by type (links between the two lists), by status and, for inquiries,
 * by car. The same filters decide what the CSV export holds.
 */
final class LeadListFilters implements Service {

	public const STATUS_PARAM = 'lead_status';
	public const CAR_PARAM    = 'lead_car';

	public function register(): void {
		add_action( 'restrict_manage_posts', array( $this, 'render' ), 10, 2 );
		add_action( 'pre_get_posts', array( $this, 'apply' ) );
		foreach ( MessageFields::post_types() as $post_type ) {
			add_filter( "views_edit-{$post_type}", fn( array $views ): array => $this->views( $views, $post_type ) );
		}
	}

	/**
	 * The filters asked for in a request (the list screen's query string).
	 *
	 * @param array<string, mixed> $query
	 * @return array{status: string, car: int}
	 */
	public static function from_query( array $query ): array {
		$status = isset( $query[ self::STATUS_PARAM ] ) && is_string( $query[ self::STATUS_PARAM ] ) ? sanitize_key( $query[ self::STATUS_PARAM ] ) : '';
		$car    = isset( $query[ self::CAR_PARAM ] ) && is_scalar( $query[ self::CAR_PARAM ] ) ? absint( $query[ self::CAR_PARAM ] ) : 0;
		return array(
			'status' => LeadStatus::is_valid( $status ) ? $status : '',
			'car'    => $car,
		);
	}

	/**
	 * @param array{status: string, car: int} $filters
	 * @return list<array<string, mixed>> A WP_Query meta_query.
	 */
	public static function meta_query( array $filters ): array {
		$clauses = array();
		if ( LeadStatus::NEW === $filters['status'] ) {
			// Leads stored before statuses existed carry none and are new.
			$clauses[] = array(
				'relation' => 'OR',
				array(
					'key'   => MessageFields::STATUS,
					'value' => LeadStatus::NEW,
				),
				array(
					'key'     => MessageFields::STATUS,
					'compare' => 'NOT EXISTS',
				),
			);
		} elseif ( '' !== $filters['status'] ) {
			$clauses[] = array(
				'key'   => MessageFields::STATUS,
				'value' => $filters['status'],
			);
		}
		if ( $filters['car'] > 0 ) {
			$clauses[] = array(
				'key'   => MessageFields::CAR_ID,
				'value' => (string) $filters['car'],
			);
		}
		return $clauses;
	}

	public function apply( \WP_Query $query ): void {
		if ( ! is_admin() || ! $query->is_main_query() || 'edit.php' !== ( $GLOBALS['pagenow'] ?? '' ) ) {
			return;
		}
		$post_type = $query->get( 'post_type' );
		if ( ! is_string( $post_type ) || ! in_array( $post_type, MessageFields::post_types(), true ) ) {
			return;
		}
		$clauses = self::meta_query( self::from_query( wp_unslash( $_GET ) ) );
		if ( array() !== $clauses ) {
			$query->set( 'meta_query', $clauses );
		}
	}

	public function render( string $post_type, string $which = 'top' ): void {
		if ( 'top' !== $which || ! in_array( $post_type, MessageFields::post_types(), true ) ) {
			return;
		}
		$filters = self::from_query( wp_unslash( $_GET ) );

		echo '<label class="screen-reader-text" for="filter-by-lead-status">' . esc_html__( 'Filter by status', 'car-export' ) . '</label>';
		echo '<select name="' . esc_attr( self::STATUS_PARAM ) . '" id="filter-by-lead-status">';
		echo '<option value="">' . esc_html__( 'All statuses', 'car-export' ) . '</option>';
		foreach ( LeadStatus::labels() as $status => $label ) {
			printf( '<option value="%s"%s>%s</option>', esc_attr( $status ), selected( $filters['status'], $status, false ), esc_html( $label ) );
		}
		echo '</select>';

		if ( MessageFields::INQUIRY !== $post_type ) {
			return;
		}
		echo '<label class="screen-reader-text" for="filter-by-lead-car">' . esc_html__( 'Filter by car', 'car-export' ) . '</label>';
		echo '<select name="' . esc_attr( self::CAR_PARAM ) . '" id="filter-by-lead-car">';
		echo '<option value="0">' . esc_html__( 'All cars', 'car-export' ) . '</option>';
		foreach ( self::cars_with_inquiries() as $car_id => $title ) {
			printf( '<option value="%d"%s>%s</option>', (int) $car_id, selected( $filters['car'], $car_id, false ), esc_html( sprintf( '%s (#%d)', $title, $car_id ) ) );
		}
		echo '</select>';
	}

	/**
	 * Every car someone asked about, with the title the latest inquiry recorded.
	 *
	 * @return array<int, string> car id => title
	 */
	private static function cars_with_inquiries(): array {
		global $wpdb;
		$rows = $wpdb->get_results(
			$wpdb->prepare(
				"SELECT c.meta_value AS car_id, MAX(t.meta_value) AS title
				FROM {$wpdb->postmeta} c
				JOIN {$wpdb->posts} p ON p.ID = c.post_id AND p.post_type = %s AND p.post_status <> 'trash'
				LEFT JOIN {$wpdb->postmeta} t ON t.post_id = c.post_id AND t.meta_key = %s
				WHERE c.meta_key = %s
				GROUP BY c.meta_value
				ORDER BY title",
				MessageFields::INQUIRY,
				MessageFields::CAR_TITLE,
				MessageFields::CAR_ID
			),
			ARRAY_A
		);
		$cars = array();
		foreach ( is_array( $rows ) ? $rows : array() as $row ) {
			$cars[ (int) $row['car_id'] ] = (string) $row['title'];
		}
		return $cars;
	}

	/**
	 * Links between the two lead lists, before core's views of the list (All, Suspected spam, Trash).
	 *
	 * @param array<string, string> $views
	 * @return array<string, string>
	 */
	public function views( array $views, string $post_type ): array {
		$types = array(
			MessageFields::CONTACT => __( 'Contact messages', 'car-export' ),
			MessageFields::INQUIRY => __( 'Car inquiries', 'car-export' ),
		);
		$links = array();
		foreach ( $types as $type => $label ) {
			$links[ 'lead_type_' . $type ] = sprintf(
				'<a href="%s"%s>%s</a>',
				esc_url( admin_url( 'edit.php?post_type=' . $type ) ),
				$type === $post_type ? ' class="current" aria-current="page"' : '',
				esc_html( $label )
			);
		}
		return $links + $views;
	}
}
