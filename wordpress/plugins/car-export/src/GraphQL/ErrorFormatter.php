<?php
declare(strict_types=1);

namespace CarExport\GraphQL;

use GraphQL\Error\ClientAware;
use GraphQL\Error\DebugFlag;
use GraphQL\Error\FormattedError;

/**
 * Turns errors into the response's "errors" entries. Client-safe errors (syntax, validation, our
 * UserError) keep their message; anything else reads "Internal server error" and its real
 * message goes to the PHP error log only, so SQL, paths and PHP messages never reach a client.
 */
final class ErrorFormatter {

	public const INTERNAL_MESSAGE = 'Internal server error';

	/**
	 * @return array<string, mixed>
	 */
	public static function format( \Throwable $error ): array {
		if ( ! ( $error instanceof ClientAware && $error->isClientSafe() ) ) {
			self::report( $error->getPrevious() ?? $error );
		}
		$formatted = FormattedError::createFromException( $error, DebugFlag::NONE, self::INTERNAL_MESSAGE );
		// Extensions could carry internals from third-party errors; ours never need them.
		unset( $formatted['extensions'] );
		return $formatted;
	}

	public static function report( \Throwable $error ): void {
		error_log( sprintf( 'car-export GraphQL: %s: %s in %s:%d', get_class( $error ), $error->getMessage(), $error->getFile(), $error->getLine() ) );
	}
}
