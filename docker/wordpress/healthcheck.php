<?php
/**
 * The WordPress image's health check, with the image's own PHP (it has no curl): 0 when the URL given
 * answers 2xx or 3xx within 4 s, 1 otherwise. Redirects are not followed: before the setup service has
 * installed WordPress its pages redirect to the installer, and nginx and php-fpm are up all the same.
 *
 * Usage: php healthcheck.php URL
 */

$car_export_context = stream_context_create(
	array(
		'http' => array(
			'timeout'         => 4,
			'follow_location' => 0,
			'ignore_errors'   => true,
		),
	)
);
$car_export_body    = @file_get_contents( (string) ( $argv[1] ?? '' ), false, $car_export_context );
$car_export_status  = 0;
if ( isset( $http_response_header[0] ) && preg_match( '{^HTTP/\S+ (\d{3})}', $http_response_header[0], $car_export_match ) ) {
	$car_export_status = (int) $car_export_match[1];
}
if ( $car_export_status < 200 || $car_export_status >= 400 ) {
	fwrite( STDERR, 'unhealthy: ' . ( $car_export_status ? "HTTP $car_export_status" : 'no answer' ) . "\n" );
	exit( 1 );
}
exit( 0 );
