<?php
declare(strict_types=1);

namespace CarExport\Import;

/**
 * Uploaded import files between the dry run and the import's batches: kept outside the web root
 * (PHP's temporary folder) under a random token, and reachable only by the user who uploaded them,
 * for one hour.
 */
final class ImportUploads {

	private const TTL = 3600;

	/** The token's form; anything else is refused before it reaches a file name. */
	public const TOKEN_PATTERN = '^[a-f0-9]{32}$';

	public static function keep( string $uploaded_path ): ?string {
		$token = bin2hex( random_bytes( 16 ) );
		$path  = self::path( $token );
		if ( ! move_uploaded_file( $uploaded_path, $path ) ) {
			return null;
		}
		set_transient( self::key( $token ), $path, self::TTL );
		return $token;
	}

	/** The file of this token when the current user uploaded it and it has not expired. */
	public static function find( string $token ): ?string {
		if ( 1 !== preg_match( '/' . self::TOKEN_PATTERN . '/', $token ) ) {
			return null;
		}
		$path = get_transient( self::key( $token ) );
		return is_string( $path ) && is_readable( $path ) ? $path : null;
	}

	public static function forget( string $token ): void {
		$path = self::find( $token );
		if ( null !== $path ) {
			wp_delete_file( $path );
		}
		delete_transient( self::key( $token ) );
	}

	private static function path( string $token ): string {
		return trailingslashit( get_temp_dir() ) . 'car-export-import-' . $token . '.csv';
	}

	private static function key( string $token ): string {
		return 'car_export_import_' . get_current_user_id() . '_' . $token;
	}
}
