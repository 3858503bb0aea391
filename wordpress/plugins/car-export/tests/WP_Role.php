<?php
/**
 * Stand-in for WordPress's role object in the unit suite (see unit-bootstrap.php): a name and its
 * capabilities, changed the way WordPress changes them.
 */
declare(strict_types=1);

final class WP_Role {
	/**
	 * @param array<string, bool> $capabilities
	 */
	public function __construct( public string $name, public array $capabilities ) {}

	public function add_cap( string $cap, bool $grant = true ): void {
		$this->capabilities[ $cap ] = $grant;
	}
}
