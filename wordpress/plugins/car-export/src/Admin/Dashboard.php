<?php
declare(strict_types=1);

namespace CarExport\Admin;

use CarExport\Cars\CarFields;
use CarExport\Cars\SaleStatus;
use CarExport\Import\ImportLog;
use CarExport\Messages\LeadListFilters;
use CarExport\Messages\LeadStatus;
use CarExport\Messages\MessageFields;
use CarExport\Messages\UnreadLeads;
use CarExport\Purge\PurgeStatus;
use CarExport\Service;
use CarExport\Staff\SalesRole;

/**
 * The Car Export dashboard in place of WordPress's own (welcome panel, Quick Draft, WordPress
 * news, Site Health): what staff open wp-admin to learn. New and unread leads, cars by sale
 * status, the last import, the last purge, and links to the site.
 */
final class Dashboard implements Service {

	public function register(): void {
		// Last, so widgets core and other code added are gone before ours go in.
		add_action( 'wp_dashboard_setup', array( $this, 'setup' ), PHP_INT_MAX );
		add_action( 'admin_enqueue_scripts', array( $this, 'enqueue' ) );
		add_action( 'admin_head-index.php', array( $this, 'remove_help' ) );
	}

	/** Core's help tabs describe the boxes that are gone; they are added after the dashboard's setup. */
	public function remove_help(): void {
		$screen = get_current_screen();
		if ( null !== $screen ) {
			$screen->remove_help_tabs();
		}
	}

	public function enqueue( string $hook_suffix ): void {
		if ( 'index.php' === $hook_suffix ) {
			// The Cars list's sheet brings the sale-status badges, drawn the same here.
			Assets::style( 'admin-dashboard.css', array( Assets::style( 'admin-car-list.css' ) ) );
		}
	}

	public function setup(): void {
		global $wp_meta_boxes;
		// Core adds its welcome panel once plugins have loaded; the dashboard's setup comes later.
		remove_action( 'welcome_panel', 'wp_welcome_panel' );
		foreach ( (array) ( $wp_meta_boxes['dashboard'] ?? array() ) as $context => $priorities ) {
			foreach ( (array) $priorities as $boxes ) {
				foreach ( array_keys( (array) $boxes ) as $id ) {
					remove_meta_box( (string) $id, 'dashboard', (string) $context );
				}
			}
		}
		if ( current_user_can( SalesRole::MANAGE_LEADS ) ) {
			wp_add_dashboard_widget( 'car_export_leads', __( 'Leads', 'car-export' ), array( $this, 'render_leads' ) );
		}
		wp_add_dashboard_widget( 'car_export_cars', __( 'Cars', 'car-export' ), array( $this, 'render_cars' ) );
		wp_add_dashboard_widget( 'car_export_import', __( 'Last import', 'car-export' ), array( $this, 'render_import' ), null, null, 'side' );
		wp_add_dashboard_widget( 'car_export_site', __( 'Website', 'car-export' ), array( $this, 'render_site' ), null, null, 'side' );
	}

	public function render_leads(): void {
		$unread = UnreadLeads::counts();
		$types  = array(
			MessageFields::INQUIRY => __( 'Car inquiries', 'car-export' ),
			MessageFields::CONTACT => __( 'Contact messages', 'car-export' ),
		);
		echo '<table class="car-export-dash-table"><thead><tr><th scope="col">' . esc_html__( 'Kind', 'car-export' ) . '</th><th scope="col">' . esc_html__( 'New', 'car-export' ) . '</th><th scope="col">' . esc_html__( 'Unread', 'car-export' ) . '</th></tr></thead><tbody>';
		foreach ( $types as $type => $label ) {
			$list = admin_url( 'edit.php?post_type=' . $type );
			$new  = add_query_arg( LeadListFilters::STATUS_PARAM, LeadStatus::NEW, $list );
			printf(
				'<tr><th scope="row"><a href="%1$s">%2$s</a></th><td><a href="%3$s" class="car-export-dash-count">%4$s</a></td><td class="%5$s">%6$s</td></tr>',
				esc_url( $list ),
				esc_html( $label ),
				esc_url( $new ),
				esc_html( number_format_i18n( self::new_leads( $type ) ) ),
				( $unread[ $type ] ?? 0 ) > 0 ? 'car-export-dash-unread' : '',
				esc_html( number_format_i18n( $unread[ $type ] ?? 0 ) )
			);
		}
		echo '</tbody></table>';
	}

	public function render_cars(): void {
		$counts = self::cars_by_sale_status();
		$list   = admin_url( 'edit.php?post_type=' . CarFields::POST_TYPE );
		echo '<p>' . esc_html__( 'Published cars by sale status:', 'car-export' ) . '</p><ul class="car-export-dash-statuses">';
		foreach ( CarFields::SALE_STATUSES as $status => $label ) {
			printf(
				'<li><a href="%1$s"><span class="car-status car-status-%2$s">%3$s</span> <strong>%4$s</strong></a></li>',
				esc_url(
					add_query_arg(
						array(
							'post_status'    => 'publish',
							'car_saleStatus' => $status,
						),
						$list
					)
				),
				esc_attr( $status ),
				esc_html( $label ),
				esc_html( number_format_i18n( $counts[ $status ] ) )
			);
		}
		echo '</ul>';
		$drafts = (int) ( wp_count_posts( CarFields::POST_TYPE )->draft ?? 0 );
		printf(
			'<p><a href="%1$s">%2$s</a> · <a href="%3$s">%4$s</a></p>',
			esc_url( add_query_arg( 'post_status', 'draft', $list ) ),
			/* translators: %s: number of draft cars. */
			esc_html( sprintf( _n( '%s draft', '%s drafts', $drafts, 'car-export' ), number_format_i18n( $drafts ) ) ),
			esc_url( admin_url( 'post-new.php?post_type=' . CarFields::POST_TYPE ) ),
			esc_html__( 'Add a car', 'car-export' )
		);
	}

	public function render_import(): void {
		$last = ImportLog::last();
		if ( null === $last ) {
			echo '<p>' . esc_html__( 'No import yet.', 'car-export' ) . '</p>';
		} else {
			$format = (string) get_option( 'date_format' ) . ' ' . (string) get_option( 'time_format' );
			printf(
				'<p>%s</p>',
				esc_html(
					0 === $last['finished']
						/* translators: 1: date and time, 2: user name. */
						? sprintf( __( 'Started %1$s by %2$s, not finished.', 'car-export' ), (string) wp_date( $format, $last['started'] ), $last['user'] )
						/* translators: 1: date and time, 2: user name. */
						: sprintf( __( '%1$s by %2$s', 'car-export' ), (string) wp_date( $format, $last['finished'] ), $last['user'] )
				)
			);
			printf(
				'<p class="car-export-dash-import">%s</p>',
				esc_html(
					/* translators: 1: cars created, 2: cars updated, 3: rows unchanged, 4: rows with problems. */
					sprintf( __( '%1$d created, %2$d updated, %3$d unchanged, %4$d with problems (skipped).', 'car-export' ), $last['created'], $last['updated'], $last['unchanged'], $last['failed'] )
				)
			);
		}
		printf( '<p><a href="%1$s">%2$s</a></p>', esc_url( admin_url( 'edit.php?post_type=' . CarFields::POST_TYPE . '&page=' . CarImportPage::SLUG ) ), esc_html__( 'Import or export cars', 'car-export' ) );
	}

	public function render_site(): void {
		PurgeStatus::render();
		$site = SiteLinks::site();
		if ( '' === $site ) {
			echo '<p>' . esc_html__( 'The website address (CAR_EXPORT_FRONTEND_URL) is not set.', 'car-export' ) . '</p>';
			return;
		}
		$pages = array(
			'/'             => __( 'Home', 'car-export' ),
			'/explore-cars' => __( 'Catalogue', 'car-export' ),
			'/news'         => __( 'News', 'car-export' ),
			'/contact-us'   => __( 'Contact page', 'car-export' ),
		);
		echo '<ul class="car-export-dash-links">';
		foreach ( $pages as $path => $label ) {
			printf( '<li><a href="%1$s" target="_blank" rel="noopener">%2$s</a></li>', esc_url( $site . $path ), esc_html( $label ) );
		}
		echo '</ul>';
	}

	/** Leads of one kind that nobody has worked yet (no status, or New). */
	private static function new_leads( string $type ): int {
		$query = new \WP_Query(
			array(
				'post_type'              => $type,
				'post_status'            => 'private',
				'posts_per_page'         => 1,
				'fields'                 => 'ids',
				'no_found_rows'          => false,
				'update_post_meta_cache' => false,
				'meta_query'             => LeadListFilters::meta_query( // phpcs:ignore WordPress.DB.SlowDBQuery.slow_db_query_meta_query -- one count per kind on the dashboard.
					array(
						'status' => LeadStatus::NEW,
						'car'    => 0,
					)
				),
			)
		);
		return (int) $query->found_posts;
	}

	/**
	 * Published cars per sale status; a car without one (or with an unknown one) is available.
	 *
	 * @return array<string, int>
	 */
	private static function cars_by_sale_status(): array {
		global $wpdb;
		$rows   = $wpdb->get_results(
			$wpdb->prepare(
				"SELECT m.meta_value AS status, COUNT(*) AS cars FROM {$wpdb->posts} p
				LEFT JOIN {$wpdb->postmeta} m ON m.post_id = p.ID AND m.meta_key = %s
				WHERE p.post_type = %s AND p.post_status = 'publish'
				GROUP BY m.meta_value",
				CarFields::meta_key( 'saleStatus' ),
				CarFields::POST_TYPE
			),
			ARRAY_A
		);
		$counts = array_fill_keys( array_keys( CarFields::SALE_STATUSES ), 0 );
		foreach ( is_array( $rows ) ? $rows : array() as $row ) {
			$counts[ SaleStatus::normalize( $row['status'] ) ] += (int) $row['cars'];
		}
		return $counts;
	}
}
