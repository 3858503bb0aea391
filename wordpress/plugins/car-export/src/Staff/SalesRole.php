<?php
declare(strict_types=1);

namespace CarExport\Staff;

/**
 * The Sales role and the capability that opens leads. Leads carry buyers' e-mail addresses and
 * phone numbers, so only staff given this capability see or change them: the Sales role (leads and
 * nothing of the site's settings, plugins, users or content) and administrators. WordPress's own
 * writing roles do not have it.
 */
final class SalesRole {

	public const ROLE = 'car_export_sales';

	/** Read, answer, change the status of, delete and export leads. */
	public const MANAGE_LEADS = 'car_export_manage_leads';

	/** Roles that get the lead capability besides Sales. */
	private const ALSO_GRANTED = array( 'administrator' );

	/**
	 * What the Sales role may do: open wp-admin (read) and work leads. Nothing else, so a sales
	 * account cannot change settings, plugins, users or the catalogue.
	 *
	 * @return array<string, bool>
	 */
	public static function capabilities(): array {
		return array(
			'read'             => true,
			self::MANAGE_LEADS => true,
		);
	}

	/**
	 * Creates the role, or brings an existing one to this version's capabilities, and grants the
	 * lead capability to administrators. Roles live in the database, so this runs on activation and
	 * on every upgrade of an installed plugin; running it again changes nothing.
	 */
	public static function install(): void {
		$role = get_role( self::ROLE );
		if ( null === $role ) {
			add_role( self::ROLE, 'Sales', self::capabilities() );
		} else {
			foreach ( self::capabilities() as $capability => $granted ) {
				$role->add_cap( $capability, $granted );
			}
		}
		foreach ( self::ALSO_GRANTED as $name ) {
			get_role( $name )?->add_cap( self::MANAGE_LEADS );
		}
	}
}
