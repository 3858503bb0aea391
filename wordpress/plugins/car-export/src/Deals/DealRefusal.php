<?php
declare(strict_types=1);

namespace CarExport\Deals;

use CarExport\Rest\Refusal;
use WP_Error;

/**
 * Why a deal step was refused: a sentence for the person who asked and the HTTP status it maps to
 * (400 for bad input, 404 for a deal that is not theirs, 409 for a step the deal's state forbids).
 */
final class DealRefusal {

	public function __construct( public readonly string $message, public readonly int $status ) {
	}

	public static function bad( string $message ): self {
		return new self( $message, 400 );
	}

	public static function conflict( string $message ): self {
		return new self( $message, 409 );
	}

	public static function not_found(): self {
		return new self( __( 'The requested deal could not be found.', 'car-export' ), 404 );
	}

	/** The database failed: nothing was changed and the same request may be sent again. */
	public static function unavailable(): self {
		return new self( __( 'We could not save this just now. Nothing was changed; please try again.', 'car-export' ), 503 );
	}

	public function to_error(): WP_Error {
		return Refusal::make( 404 === $this->status ? 'car_export_deal_not_found' : 'car_export_deal_refused', $this->message, $this->status );
	}
}
