<?php
declare(strict_types=1);

namespace CarExport\Admin;

use CarExport\Service;

/**
 * The block editor's "Welcome to the editor" guide opens on every new account's first edit, and
 * its pictures come from a WordPress.org address the admin's content policy and an offline
 * install do not reach: staff saw a broken image. The guide teaches nothing about this site's
 * screens, so it is turned off for everyone before it opens.
 */
final class EditorWelcomeGuide implements Service {

	public function register(): void {
		add_action( 'enqueue_block_editor_assets', array( $this, 'turn_off' ) );
	}

	public function turn_off(): void {
		wp_add_inline_script(
			'wp-edit-post',
			"wp.domReady(function(){var p=wp.data.select('core/preferences');if(p&&p.get('core/edit-post','welcomeGuide')){wp.data.dispatch('core/preferences').set('core/edit-post','welcomeGuide',false);}});"
		);
	}
}
