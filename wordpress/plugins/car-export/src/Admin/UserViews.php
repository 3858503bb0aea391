<?php
declare(strict_types=1);

namespace CarExport\Admin;

use CarExport\Service;

/**
 * The Users screen mixes the site's buyers (accounts made by the sign-up dialog, subscribers) with
 * staff (every other role): two views above the list, "Buyers" and "Staff", show one kind only.
 */
final class UserViews implements Service {

	/** The role the site's sign-up gives every buyer. */
	public const BUYER_ROLE = 'subscriber';

	private const PARAM = 'car_export_people';

	public function register(): void {
		add_filter( 'views_users', array( $this, 'views' ) );
		add_action( 'pre_get_users', array( $this, 'filter' ) );
	}

	/**
	 * @param array<string, string> $views
	 * @return array<string, string>
	 */
	public function views( array $views ): array {
		$counts  = count_users();
		$by_role = is_array( $counts['avail_roles'] ?? null ) ? $counts['avail_roles'] : array();
		$buyers  = (int) ( $by_role[ self::BUYER_ROLE ] ?? 0 );
		$staff   = 0;
		foreach ( self::staff_roles( array_keys( wp_roles()->roles ) ) as $role ) {
			$staff += (int) ( $by_role[ $role ] ?? 0 );
		}
		$current = self::current();
		$link    = static fn ( string $kind, string $label, int $count ): string => sprintf(
			'<a href="%s"%s>%s <span class="count">(%s)</span></a>',
			esc_url( add_query_arg( self::PARAM, $kind, admin_url( 'users.php' ) ) ),
			$kind === $current ? ' class="current" aria-current="page"' : '',
			esc_html( $label ),
			esc_html( number_format_i18n( $count ) )
		);
		$ours    = array(
			'car_export_buyers' => $link( 'buyers', __( 'Buyers', 'car-export' ), $buyers ),
			'car_export_staff'  => $link( 'staff', __( 'Staff', 'car-export' ), $staff ),
		);
		if ( '' !== $current && isset( $views['all'] ) ) {
			// "All" is not the current view when one of ours is.
			$views['all'] = str_replace( array( ' class="current"', ' aria-current="page"' ), '', $views['all'] );
		}
		// Right after "All", before core's one link per role.
		return array_slice( $views, 0, 1, true ) + $ours + array_slice( $views, 1, null, true );
	}

	public function filter( \WP_User_Query $query ): void {
		$kind = self::current();
		if ( '' === $kind || ! is_admin() || ! function_exists( 'get_current_screen' ) ) {
			return;
		}
		$screen = get_current_screen();
		if ( null === $screen || 'users' !== $screen->id ) {
			return;
		}
		if ( 'buyers' === $kind ) {
			$query->set( 'role__in', array( self::BUYER_ROLE ) );
		} else {
			$query->set( 'role__in', self::staff_roles( array_keys( wp_roles()->roles ) ) );
		}
	}

	/**
	 * Every role but the buyers': administrators, editors, sales and any role added later.
	 *
	 * @param list<string> $roles
	 * @return list<string>
	 */
	public static function staff_roles( array $roles ): array {
		return array_values( array_diff( $roles, array( self::BUYER_ROLE ) ) );
	}

	/** 'buyers', 'staff' or '' (every account). */
	private static function current(): string {
		// phpcs:ignore WordPress.Security.NonceVerification.Recommended -- a read-only list view.
		$kind = isset( $_GET[ self::PARAM ] ) ? sanitize_key( wp_unslash( (string) $_GET[ self::PARAM ] ) ) : '';
		return in_array( $kind, array( 'buyers', 'staff' ), true ) ? $kind : '';
	}
}
