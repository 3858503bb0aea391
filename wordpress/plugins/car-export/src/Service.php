<?php
declare(strict_types=1);

namespace CarExport;

/**
 * A unit of the plugin that attaches itself to WordPress hooks.
 */
interface Service {
	public function register(): void;
}
