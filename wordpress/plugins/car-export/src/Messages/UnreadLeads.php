<?php
declare(strict_types=1);

namespace CarExport\Messages;

use CarExport\Service;
use CarExport\Staff\SalesRole;

/**
 * New leads are unread until a member of staff opens one; the Messages menu shows how many are
 * unread (in total, and per list in its submenu) so nobody has to open the lists to find out.
 */
final class UnreadLeads implements Service {

	public function register(): void {
		add_action( 'load-post.php', array( $this, 'mark_read' ) );
		// After the post types have added their menu entries.
		add_action( 'admin_menu', array( $this, 'add_bubbles' ), 99 );
	}

	public function mark_read(): void {
		$post_id = isset( $_GET['post'] ) ? absint( $_GET['post'] ) : 0;
		$type    = get_post_type( $post_id );
		if ( is_string( $type ) && in_array( $type, MessageFields::post_types(), true ) && current_user_can( 'edit_post', $post_id ) ) {
			delete_post_meta( $post_id, MessageFields::UNREAD );
		}
	}

	public function add_bubbles(): void {
		global $menu, $submenu;
		if ( ! current_user_can( SalesRole::MANAGE_LEADS ) ) {
			return;
		}
		$counts = self::counts();
		$total  = array_sum( $counts );
		$parent = 'edit.php?post_type=' . MessageFields::CONTACT;
		if ( $total > 0 && is_array( $menu ) ) {
			foreach ( $menu as $position => $item ) {
				if ( isset( $item[2] ) && $parent === $item[2] ) {
					// phpcs:ignore WordPress.WP.GlobalVariablesOverride.Prohibited -- the documented way to badge a menu item.
					$menu[ $position ][0] .= self::bubble( $total );
				}
			}
		}
		if ( is_array( $submenu ) && isset( $submenu[ $parent ] ) ) {
			foreach ( $submenu[ $parent ] as $position => $item ) {
				foreach ( $counts as $type => $count ) {
					if ( $count > 0 && isset( $item[2] ) && 'edit.php?post_type=' . $type === $item[2] ) {
						// phpcs:ignore WordPress.WP.GlobalVariablesOverride.Prohibited
						$submenu[ $parent ][ $position ][0] .= self::bubble( $count );
					}
				}
			}
		}
	}

	/**
	 * @return array<string, int> post type => unread leads
	 */
	public static function counts(): array {
		global $wpdb;
		$types  = MessageFields::post_types();
		$rows   = $wpdb->get_results(
			$wpdb->prepare(
				"SELECT p.post_type, COUNT(*) AS unread FROM {$wpdb->posts} p
				JOIN {$wpdb->postmeta} m ON m.post_id = p.ID AND m.meta_key = %s
				WHERE p.post_type IN (%s, %s) AND p.post_status = 'private'
				GROUP BY p.post_type",
				MessageFields::UNREAD,
				$types[0],
				$types[1]
			),
			ARRAY_A
		);
		$counts = array_fill_keys( $types, 0 );
		foreach ( is_array( $rows ) ? $rows : array() as $row ) {
			$counts[ (string) $row['post_type'] ] = (int) $row['unread'];
		}
		return $counts;
	}

	private static function bubble( int $count ): string {
		return sprintf(
			' <span class="awaiting-mod count-%1$d"><span class="pending-count" aria-hidden="true">%1$d</span><span class="screen-reader-text">%2$s</span></span>',
			$count,
			esc_html(
				sprintf(
					/* translators: %d: number of leads. */
					_n( '%d unread lead', '%d unread leads', $count, 'car-export' ),
					$count
				)
			)
		);
	}
}
