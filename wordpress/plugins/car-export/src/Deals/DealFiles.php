<?php
declare(strict_types=1);

namespace CarExport\Deals;

/**
 * The deal's files (proofs of payment, the B/L copy, invoices, export papers) on disk. They hold
 * bank and identity details, so they live outside the public uploads folder, in a folder the web
 * server never serves (CAR_EXPORT_PRIVATE_DIR, or car-export-private beside wp-content/uploads), and
 * are read only through the deal's download routes. A file's kind is decided by its first bytes,
 * never by its name, and it is written under a temporary name and renamed into place, so a failed
 * upload leaves no half-written file behind.
 *
 * @phpstan-import-type Deal from DealStore
 * @phpstan-import-type File from DealStore
 */
final class DealFiles {

	public const MAX_BYTES = 10 * 1024 * 1024;

	/** @var array<string, array{magic: string, ext: string}> */
	private const TYPES = array(
		'application/pdf' => array(
			'magic' => '%PDF-',
			'ext'   => 'pdf',
		),
		'image/jpeg'      => array(
			'magic' => "\xFF\xD8\xFF",
			'ext'   => 'jpg',
		),
		'image/png'       => array(
			'magic' => "\x89PNG\r\n\x1A\n",
			'ext'   => 'png',
		),
	);

	public static function root(): string {
		if ( defined( 'CAR_EXPORT_PRIVATE_DIR' ) ) {
			return rtrim( (string) constant( 'CAR_EXPORT_PRIVATE_DIR' ), '/' );
		}
		$uploads = wp_upload_dir( null, false );
		return dirname( (string) $uploads['basedir'] ) . '/car-export-private';
	}

	/** The type of a file's content, or null when it is not a PDF, JPEG or PNG. */
	public static function sniff( string $head ): ?string {
		foreach ( self::TYPES as $mime => $type ) {
			if ( str_starts_with( $head, $type['magic'] ) ) {
				return $mime;
			}
		}
		return null;
	}

	/**
	 * Checks an uploaded file and moves it into the deal's folder.
	 *
	 * @param Deal $deal
	 * @return array{name: string, mime: string, size: int, stored_name: string, public_id: string}|DealRefusal
	 */
	public static function store( array $deal, string $tmp_path, string $name ): array|DealRefusal {
		$size = is_file( $tmp_path ) ? (int) filesize( $tmp_path ) : 0;
		if ( $size <= 0 ) {
			return DealRefusal::bad( __( 'The file is empty. Please choose the file again.', 'car-export' ) );
		}
		if ( $size > self::MAX_BYTES ) {
			return self::too_large();
		}
		$handle = fopen( $tmp_path, 'rb' ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_read_fopen -- reads the first bytes only.
		$head   = false === $handle ? '' : (string) fread( $handle, 16 ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_read_fread
		if ( false !== $handle ) {
			fclose( $handle ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_read_fclose
		}
		$mime = self::sniff( $head );
		if ( null === $mime ) {
			return DealRefusal::bad( __( 'Please send a PDF, JPEG or PNG file; this file is none of them.', 'car-export' ) );
		}
		$dir = self::folder( $deal );
		if ( null === $dir ) {
			return DealRefusal::unavailable();
		}
		$public_id = DealStore::random_id();
		$stored    = $public_id . '.' . self::TYPES[ $mime ]['ext'];
		$partial   = $dir . '/.partial-' . $stored;
		// Copied, not moved: the upload's temporary file belongs to PHP, which removes it at the end.
		if ( ! @copy( $tmp_path, $partial ) || (int) filesize( $partial ) !== $size || ! @rename( $partial, $dir . '/' . $stored ) ) { // phpcs:ignore WordPress.PHP.NoSilencedErrors.Discouraged, WordPress.WP.AlternativeFunctions.rename_rename -- a failure is answered, not logged.
			wp_delete_file( $partial );
			return DealRefusal::unavailable();
		}
		return array(
			'name'        => self::clean_name( $name, self::TYPES[ $mime ]['ext'] ),
			'mime'        => $mime,
			'size'        => $size,
			'stored_name' => $stored,
			'public_id'   => $public_id,
		);
	}

	public static function too_large(): DealRefusal {
		return new DealRefusal( __( 'The file is larger than 10 MB. Please send a smaller scan or photo.', 'car-export' ), 413 );
	}

	/**
	 * @param Deal $deal
	 */
	public static function path( array $deal, string $stored_name ): string {
		return self::root() . '/' . $deal['public_id'] . '/' . basename( $stored_name );
	}

	/**
	 * @param Deal $deal
	 */
	public static function delete( array $deal, string $stored_name ): void {
		wp_delete_file( self::path( $deal, $stored_name ) );
	}

	/**
	 * The deal's folder, made on first use with a deny-all rule for servers that would list or
	 * serve it if it were ever placed under the web root.
	 *
	 * @param Deal $deal
	 */
	private static function folder( array $deal ): ?string {
		$root = self::root();
		if ( ! is_dir( $root ) && ! wp_mkdir_p( $root ) ) {
			return null;
		}
		if ( ! file_exists( $root . '/.htaccess' ) ) {
			file_put_contents( $root . '/.htaccess', "Require all denied\n" ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_read_file_put_contents
			file_put_contents( $root . '/index.php', "<?php\n// Silence.\n" ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_read_file_put_contents
		}
		$dir = $root . '/' . $deal['public_id'];
		return is_dir( $dir ) || wp_mkdir_p( $dir ) ? $dir : null;
	}

	/** The name shown to people: the uploaded name without its path, with the extension its content has. */
	private static function clean_name( string $name, string $ext ): string {
		$base = sanitize_file_name( pathinfo( basename( $name ), PATHINFO_FILENAME ) );
		return ( '' === $base ? 'file' : mb_substr( $base, 0, 150 ) ) . '.' . $ext;
	}

	/**
	 * Sends a stored file as a download and ends the request.
	 *
	 * @param Deal $deal
	 * @param File $file
	 */
	public static function send( array $deal, array $file ): never {
		$path = self::path( $deal, $file['stored_name'] );
		nocache_headers();
		header( 'Content-Type: ' . $file['mime'] );
		header( 'Content-Length: ' . (string) filesize( $path ) );
		header( 'Content-Disposition: attachment; filename="' . str_replace( '"', '', $file['name'] ) . '"' );
		header( 'X-Content-Type-Options: nosniff' );
		readfile( $path ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_read_readfile
		exit;
	}
}
