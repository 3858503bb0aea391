<?php
declare(strict_types=1);

namespace CarExport\Tests\Unit\Support;

/**
 * A test case whose code under test reaches the database through the global $wpdb: each test gets a
 * fresh recording stand-in, and none is left behind for the next test class.
 */
trait WithFakeWpdb {

	private FakeWpdb $db;

	// phpcs:ignore WordPress.NamingConventions.ValidFunctionName.MethodNameInvalid -- PHPUnit's own hook name.
	protected function setUp(): void {
		$this->db = new FakeWpdb();
		// phpcs:ignore WordPress.WP.GlobalVariablesOverride.Prohibited -- no WordPress runs here: the stand-in is the only wpdb.
		$GLOBALS['wpdb'] = $this->db;
	}

	// phpcs:ignore WordPress.NamingConventions.ValidFunctionName.MethodNameInvalid -- PHPUnit's own hook name.
	protected function tearDown(): void {
		unset( $GLOBALS['wpdb'] );
	}
}
