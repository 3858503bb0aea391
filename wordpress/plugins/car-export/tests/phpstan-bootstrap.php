<?php
// Constants that WordPress defines at run time (or wp-config.php does) and the stubs do not.
define( 'ABSPATH', '/tmp/wordpress/' );
define( 'WPINC', 'wp-includes' );
define( 'JWT_AUTH_SECRET_KEY', 'phpstan-only' );
define( 'WP_CONTENT_DIR', '/tmp/wordpress/wp-content' );
define( 'ARRAY_A', 'ARRAY_A' );
define( 'OBJECT', 'OBJECT' );
