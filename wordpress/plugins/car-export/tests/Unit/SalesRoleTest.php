<?php
declare(strict_types=1);

namespace CarExport\Tests\Unit;

use CarExport\Messages\MessagePostTypes;
use CarExport\Staff\SalesRole;
use PHPUnit\Framework\Attributes\CoversClass;
use PHPUnit\Framework\TestCase;

#[CoversClass( SalesRole::class )]
#[CoversClass( MessagePostTypes::class )]
final class SalesRoleTest extends TestCase {

	protected function setUp(): void {
		$GLOBALS['car_export_test_roles'] = array(
			'administrator' => new \WP_Role( 'administrator', array( 'manage_options' => true ) ),
			'contributor'   => new \WP_Role( 'contributor', array( 'edit_posts' => true ) ),
		);
	}

	protected function tearDown(): void {
		unset( $GLOBALS['car_export_test_roles'] );
	}

	public function test_installing_creates_the_sales_role_and_gives_administrators_the_lead_capability(): void {
		SalesRole::install();

		$sales = get_role( SalesRole::ROLE );
		$this->assertNotNull( $sales );
		$this->assertSame(
			array(
				'read'                  => true,
				SalesRole::MANAGE_LEADS => true,
			),
			$sales->capabilities
		);
		$this->assertTrue( get_role( 'administrator' )?->capabilities[ SalesRole::MANAGE_LEADS ] ?? false );
		$this->assertArrayNotHasKey( SalesRole::MANAGE_LEADS, get_role( 'contributor' )?->capabilities ?? array() );
	}

	public function test_an_upgrade_brings_an_existing_sales_role_to_the_current_capabilities(): void {
		// A role an earlier install left without the lead capability, and one a site owner extended.
		$GLOBALS['car_export_test_roles'][ SalesRole::ROLE ] = new \WP_Role(
			SalesRole::ROLE,
			array(
				'read'         => true,
				'upload_files' => true,
			)
		);

		SalesRole::install();
		SalesRole::install();

		$capabilities = get_role( SalesRole::ROLE )?->capabilities ?? array();
		$this->assertTrue( $capabilities[ SalesRole::MANAGE_LEADS ] ?? false );
		$this->assertTrue( $capabilities['upload_files'] ?? false, 'what the site owner added is kept' );
	}

	public function test_the_sales_role_has_nothing_of_settings_plugins_users_or_content(): void {
		$capabilities = array_keys( array_filter( SalesRole::capabilities() ) );
		sort( $capabilities );
		$this->assertSame( array( SalesRole::MANAGE_LEADS, 'read' ), $capabilities );
	}

	public function test_every_way_into_a_lead_needs_the_lead_capability(): void {
		$map = MessagePostTypes::capabilities();
		foreach ( array( 'edit_posts', 'edit_others_posts', 'edit_private_posts', 'read_private_posts', 'delete_posts', 'delete_others_posts', 'delete_private_posts', 'delete_published_posts' ) as $capability ) {
			$this->assertSame( SalesRole::MANAGE_LEADS, $map[ $capability ] ?? null, $capability );
		}
		// Nobody creates or publishes a lead by hand.
		foreach ( array( 'create_posts', 'publish_posts', 'edit_published_posts' ) as $capability ) {
			$this->assertSame( 'do_not_allow', $map[ $capability ] ?? null, $capability );
		}
	}
}
