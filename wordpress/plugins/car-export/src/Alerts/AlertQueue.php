<?php
declare(strict_types=1);

namespace CarExport\Alerts;

use CarExport\Cars\CarFields;
use CarExport\Service;

/**
 * Marks a car for the alert run when it is published or its price is reduced. The mark is the car's
 * own meta, not a list in one option, so two saves at once never lose each other's car, and the
 * cron run that deletes a mark is the one that matches that car (see AlertDigest::claim_queued).
 */
final class AlertQueue implements Service {

	// Outside the `_car_` keys on purpose: a change of one of those rewrites the car's search row and
	// drops every kept search the car is in, and this mark changes nothing a search shows.
	public const META_KEY = '_ce_alert_queued';

	/** The mark of a newly published car; a reduced price is marked "drop:<the price before>". */
	public const NEW = 'new';

	private const PRICE_META = '_car_price';

	public function register(): void {
		add_action( 'transition_post_status', array( $this, 'on_status' ), 10, 3 );
		add_filter( 'update_post_metadata', array( $this, 'on_price_update' ), 10, 4 );
	}

	public function on_status( mixed $new_status, mixed $old_status, mixed $post ): void {
		if ( $post instanceof \WP_Post && CarFields::POST_TYPE === $post->post_type && 'publish' === $new_status && 'publish' !== $old_status ) {
			update_post_meta( $post->ID, self::META_KEY, self::NEW );
		}
	}

	/**
	 * Runs before a price is written, while the old one can still be read; changes nothing itself.
	 */
	public function on_price_update( mixed $check, mixed $object_id, mixed $meta_key, mixed $meta_value ): mixed {
		if ( self::PRICE_META !== $meta_key || ! is_numeric( $object_id ) || ! is_numeric( $meta_value ) ) {
			return $check;
		}
		$car_id = (int) $object_id;
		$post   = get_post( $car_id );
		$before = get_post_meta( $car_id, self::PRICE_META, true );
		if ( ! $post instanceof \WP_Post || CarFields::POST_TYPE !== $post->post_type || 'publish' !== $post->post_status ) {
			return $check;
		}
		if ( ! is_numeric( $before ) || (int) $meta_value <= 0 || (int) $meta_value >= (int) $before ) {
			return $check;
		}
		$queued = (string) get_post_meta( $car_id, self::META_KEY, true );
		// A car already waiting keeps its mark: "new" says more than a drop, and an earlier drop
		// keeps the price the buyers last saw.
		if ( '' === $queued ) {
			update_post_meta( $car_id, self::META_KEY, 'drop:' . (int) $before );
		}
		return $check;
	}

	/**
	 * The price before a reduction, from a mark; null for a newly published car.
	 */
	public static function dropped_from( string $mark ): ?int {
		return str_starts_with( $mark, 'drop:' ) ? (int) substr( $mark, 5 ) : null;
	}
}
