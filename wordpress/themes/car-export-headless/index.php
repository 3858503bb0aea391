<?php
/**
 * Any front-end page of WordPress sends the visitor to the matching page of the public site, so
 * crawlers never index a second, unstyled copy of the catalogue and staff following a WordPress
 * link ("View post", an old bookmark) land on the page they meant: a published car on /car/<id>,
 * a published news post on /news/<slug>, anything else on the home page.
 */

defined( 'ABSPATH' ) || exit;

/** The site's path for what WordPress was asked for; '/' when it has no page of its own. */
function car_export_headless_path(): string {
	$post = get_queried_object();
	if ( ! $post instanceof WP_Post ) {
		// Cars are not publicly queryable, so WordPress's link to one (?post_type=car&p=<id>) finds nothing; read the id itself.
		// phpcs:ignore WordPress.Security.NonceVerification.Recommended -- a read-only redirect target.
		$id   = isset( $_GET['p'] ) ? absint( $_GET['p'] ) : 0;
		$post = $id > 0 ? get_post( $id ) : null;
	}
	if ( ! $post instanceof WP_Post || 'publish' !== $post->post_status ) {
		return '/';
	}
	if ( 'car' === $post->post_type ) {
		return '/car/' . $post->ID;
	}
	if ( 'post' === $post->post_type ) {
		return '/news/' . rawurlencode( $post->post_name );
	}
	return '/';
}

$car_export_frontend = defined( 'CAR_EXPORT_FRONTEND_URL' ) ? rtrim( (string) CAR_EXPORT_FRONTEND_URL, '/' ) : '';
if ( '' !== $car_export_frontend ) {
	$car_export_path = car_export_headless_path();
	// A page that exists moved for good; the home page is only a stand-in (for a draft, say), which may change.
	wp_redirect( esc_url_raw( $car_export_frontend . $car_export_path ), '/' === $car_export_path ? 302 : 301, 'Car Export' );
	exit;
}
status_header( 404 );
nocache_headers();
header( 'Content-Type: text/plain; charset=utf-8' );
echo esc_html__( 'This WordPress serves the catalogue API only.', 'car-export' );
