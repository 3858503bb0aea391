<?php
/**
 * Any front-end page of WordPress sends the visitor to the public site, so crawlers never
 * index a second, unstyled copy of the catalogue.
 */

defined( 'ABSPATH' ) || exit;

$car_export_frontend = defined( 'CAR_EXPORT_FRONTEND_URL' ) ? (string) CAR_EXPORT_FRONTEND_URL : '';
if ( '' !== $car_export_frontend ) {
	wp_redirect( esc_url_raw( $car_export_frontend ), 301, 'Car Export' );
	exit;
}
status_header( 404 );
nocache_headers();
header( 'Content-Type: text/plain; charset=utf-8' );
echo esc_html__( 'This WordPress serves the catalogue API only.', 'car-export' );
