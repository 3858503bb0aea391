<?php
declare(strict_types=1);

namespace CarExport\Cars;

use CarExport\Service;

/**
 * A car with gallery photos and no main (featured) image gets its first photo as the main image,
 * whichever way it was saved (the car form, Quick Edit, the REST API, the CSV import): the site
 * already shows photo 1 for such a car, and the Cars list's image column and anything else that
 * reads the main image were blank. A main image staff chose is never replaced.
 */
final class MainImage implements Service {

	public function register(): void {
		// After the car form has stored the gallery (CarAdmin saves at 10).
		add_action( 'save_post_' . CarFields::POST_TYPE, array( self::class, 'on_save' ), 20 );
	}

	public static function on_save( int $car_id ): void {
		if ( wp_is_post_revision( $car_id ) || wp_is_post_autosave( $car_id ) ) {
			return;
		}
		self::ensure( $car_id );
	}

	/** Sets the car's first gallery photo as its main image when it has none. */
	public static function ensure( int $car_id ): void {
		$gallery = get_post_meta( $car_id, CarFields::meta_key( 'gallery' ), true );
		$first   = self::pick( (int) get_post_meta( $car_id, '_thumbnail_id', true ), is_array( $gallery ) ? $gallery : array(), 'wp_attachment_is_image' );
		if ( null !== $first ) {
			set_post_thumbnail( $car_id, $first );
		}
	}

	/**
	 * The photo to make the main image, or null to leave the car as it is: when it has no main
	 * image, its first gallery entry that is an image.
	 *
	 * @param array<mixed>        $gallery  The gallery's attachment ids, in order.
	 * @param callable(int): bool $is_image Whether an attachment id is an image that exists.
	 */
	public static function pick( int $thumbnail_id, array $gallery, callable $is_image ): ?int {
		if ( $thumbnail_id > 0 ) {
			return null;
		}
		foreach ( $gallery as $id ) {
			if ( is_numeric( $id ) && (int) $id > 0 && $is_image( (int) $id ) ) {
				return (int) $id;
			}
		}
		return null;
	}
}
