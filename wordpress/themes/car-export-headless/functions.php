<?php
/**
 * WordPress serves no pages here (index.php sends visitors to the site), so canonical redirects
 * have nothing to correct; left on, they answer some front-end URLs with a redirect to themselves.
 */

defined( 'ABSPATH' ) || exit;

remove_action( 'template_redirect', 'redirect_canonical' );
