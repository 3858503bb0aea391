<?php
declare(strict_types=1);

namespace CarExport\Admin;

use CarExport\Cars\CarFields;
use CarExport\Import\CarCsv;
use CarExport\Import\CarCsvSample;
use CarExport\Import\KnownValues;
use CarExport\Messages\Csv;
use CarExport\Import\CarImporter;
use CarExport\Import\DryRunSummary;
use CarExport\Import\ImportUploads;
use CarExport\Rest\Routes;
use CarExport\Service;

/**
 * Cars → Import / export: upload a CSV, see how its columns map and what every row would do (the
 * dry run, with each problem's row number as a spreadsheet shows it), then import it in batches with a progress bar
 * (assets/admin-import.js calls CarImportController). Also the catalogue's CSV export.
 */
final class CarImportPage implements Service {

	public const SLUG          = 'car-export-import';
	public const CAPABILITY    = 'publish_posts';
	private const UPLOAD       = 'car_export_import_upload';
	private const EXPORT       = 'car_export_export_cars';
	private const SAMPLE       = 'car_export_sample_csv';
	private const MAX_BYTES    = 20971520;
	private const PREVIEW_ROWS = 5;

	public function register(): void {
		add_action( 'admin_menu', array( $this, 'add_page' ) );
		add_action( 'admin_post_' . self::UPLOAD, array( $this, 'handle_upload' ) );
		add_action( 'admin_post_' . self::EXPORT, array( $this, 'handle_export' ) );
		add_action( 'admin_post_' . self::SAMPLE, array( $this, 'handle_sample' ) );
		add_action( 'admin_enqueue_scripts', array( $this, 'enqueue' ) );
	}

	public function add_page(): void {
		add_submenu_page(
			'edit.php?post_type=' . CarFields::POST_TYPE,
			__( 'Import / export cars', 'car-export' ),
			__( 'Import / export', 'car-export' ),
			self::CAPABILITY,
			self::SLUG,
			array( $this, 'render' )
		);
	}

	/**
	 * @param array<string, string> $args
	 */
	public static function url( array $args = array() ): string {
		return add_query_arg(
			array_merge(
				array(
					'post_type' => CarFields::POST_TYPE,
					'page'      => self::SLUG,
				),
				$args
			),
			admin_url( 'edit.php' )
		);
	}

	public function enqueue( string $hook_suffix ): void {
		if ( CarFields::POST_TYPE . '_page_' . self::SLUG !== $hook_suffix ) {
			return;
		}
		Assets::style( 'admin-import.css' );
		wp_localize_script(
			Assets::script( 'admin-import.js' ),
			'carExportImport',
			array(
				'url'   => rest_url( Routes::NAMESPACE . '/import/batch' ),
				'nonce' => wp_create_nonce( 'wp_rest' ),
				'texts' => array(
					/* translators: 1: rows done, 2: all rows. */
					'progress' => __( '%1$d of %2$d rows', 'car-export' ),
					/* translators: 1: created, 2: updated, 3: unchanged, 4: rows with problems. */
					'done'     => __( 'Import finished: %1$d created, %2$d updated, %3$d unchanged, %4$d with problems (skipped).', 'car-export' ),
					'failed'   => __( 'The import stopped: ', 'car-export' ),
					'row'      => __( 'Row', 'car-export' ),
				),
			)
		);
	}

	public function render(): void {
		if ( ! current_user_can( self::CAPABILITY ) ) {
			wp_die( esc_html__( 'You are not allowed to import cars.', 'car-export' ), '', array( 'response' => 403 ) );
		}
		// phpcs:ignore WordPress.Security.NonceVerification.Recommended -- the token is checked against the user's own uploads.
		$token = isset( $_GET['token'] ) ? sanitize_key( wp_unslash( $_GET['token'] ) ) : '';
		// phpcs:ignore WordPress.Security.NonceVerification.Recommended -- read-only message code from our own redirect.
		$error = isset( $_GET['import_error'] ) ? sanitize_key( wp_unslash( $_GET['import_error'] ) ) : '';

		echo '<div class="wrap car-import">';
		printf( '<h1>%s</h1>', esc_html__( 'Import / export cars', 'car-export' ) );
		if ( '' !== $error ) {
			printf( '<div class="notice notice-error"><p>%s</p></div>', esc_html( $this->upload_error( $error ) ) );
		}
		$path = '' === $token ? null : ImportUploads::find( $token );
		if ( '' !== $token && null === $path ) {
			printf( '<div class="notice notice-error"><p>%s</p></div>', esc_html__( 'That upload has expired or is not yours. Upload the file again.', 'car-export' ) );
		}
		if ( null !== $path ) {
			$this->render_dry_run( $token, $path );
		}
		$this->render_upload_form();
		$this->render_export();
		echo '</div>';
	}

	public function handle_upload(): void {
		check_admin_referer( self::UPLOAD );
		if ( ! current_user_can( self::CAPABILITY ) ) {
			wp_die( esc_html__( 'You are not allowed to import cars.', 'car-export' ), '', array( 'response' => 403 ) );
		}
		// phpcs:ignore WordPress.Security.ValidatedSanitizedInput.InputNotSanitized, WordPress.Security.ValidatedSanitizedInput.MissingUnslash -- a file upload array (PHP does not slash it); each part is checked below.
		$file = isset( $_FILES['car_export_csv'] ) && is_array( $_FILES['car_export_csv'] ) ? $_FILES['car_export_csv'] : array();
		$code = $this->check_upload( $file );
		if ( '' === $code ) {
			$token = ImportUploads::keep( (string) $file['tmp_name'] );
			$code  = null === $token ? 'unreadable' : '';
		}
		wp_safe_redirect( '' === $code ? self::url( array( 'token' => $token ?? '' ) ) : self::url( array( 'import_error' => $code ) ) );
		exit;
	}

	public function handle_export(): void {
		check_admin_referer( self::EXPORT );
		if ( ! current_user_can( self::CAPABILITY ) ) {
			wp_die( esc_html__( 'You are not allowed to export cars.', 'car-export' ), '', array( 'response' => 403 ) );
		}
		nocache_headers();
		header( 'Content-Type: text/csv; charset=utf-8' );
		header( 'Content-Disposition: attachment; filename="cars-' . gmdate( 'Y-m-d' ) . '.csv"' );
		// The file streams batch by batch: PHP's and nginx's buffers would hold it back (and PHP's
		// would grow with it), so rows leave as they are written. Nothing buffered so far belongs in a CSV.
		header( 'X-Accel-Buffering: no' );
		while ( ob_get_level() > 0 ) {
			ob_end_clean();
		}
		$out = fopen( 'php://output', 'wb' ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_read_fopen -- streaming the download.
		if ( false !== $out ) {
			( new \CarExport\Import\CarCsvExport() )->write( $out );
			fclose( $out ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_read_fclose -- pairs with fopen above.
		}
		exit;
	}

	/**
	 * A file in the import's columns with one example row, whose brand and model are ones the
	 * catalogue has, so it imports as it is (as a draft).
	 */
	public function handle_sample(): void {
		check_admin_referer( self::SAMPLE );
		if ( ! current_user_can( self::CAPABILITY ) ) {
			wp_die( esc_html__( 'You are not allowed to import cars.', 'car-export' ), '', array( 'response' => 403 ) );
		}
		list( $brand, $model, $specs ) = $this->sample_car();
		nocache_headers();
		header( 'Content-Type: text/csv; charset=utf-8' );
		header( 'Content-Disposition: attachment; filename="cars-sample.csv"' );
		foreach ( CarCsvSample::rows( $brand, $model, $specs ) as $row ) {
			echo Csv::row( $row ); // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- a CSV download, quoted and formula-guarded by Csv::row.
		}
		exit;
	}

	/**
	 * The brand, model and specifications of a petrol car of the catalogue, so the sample row's
	 * figures fit its model (the sample's 4 cylinders and 2.0L would not fit an electric one); else
	 * the first brand and model the catalogue has, with the sample's own specifications.
	 *
	 * @return array{0: string, 1: string, 2: array<string, string>}
	 */
	private function sample_car(): array {
		$ids    = get_posts(
			array(
				'post_type'   => CarFields::POST_TYPE,
				'post_status' => 'publish',
				'numberposts' => 1,
				'fields'      => 'ids',
				'orderby'     => 'ID',
				'order'       => 'ASC',
				'meta_key'    => CarFields::meta_key( 'fuelType' ), // phpcs:ignore WordPress.DB.SlowDBQuery.slow_db_query_meta_key -- one indexed lookup when the sample is downloaded.
				'meta_value'  => 'petrol', // phpcs:ignore WordPress.DB.SlowDBQuery.slow_db_query_meta_value -- as above.
			)
		);
		$car_id = (int) ( $ids[0] ?? 0 );
		$brand  = $car_id > 0 ? (string) get_post_meta( $car_id, CarFields::meta_key( 'brand' ), true ) : '';
		$model  = $car_id > 0 ? (string) get_post_meta( $car_id, CarFields::meta_key( 'model' ), true ) : '';
		if ( '' !== $brand && '' !== $model ) {
			$specs = array();
			foreach ( CarCsvSample::SPECS as $key ) {
				$value         = get_post_meta( $car_id, CarFields::meta_key( $key ), true );
				$specs[ $key ] = is_scalar( $value ) ? (string) $value : '';
			}
			return array( $brand, $model, $specs );
		}
		$known = KnownValues::from_catalogue();
		$first = reset( $known['brands'] );
		$brand = false === $first ? 'Toyota' : $first;
		$model = '';
		foreach ( $known['models'] as $key => $spelling ) {
			if ( str_starts_with( $key, KnownValues::key( $brand ) . "\n" ) ) {
				$model = $spelling;
				break;
			}
		}
		return array( $brand, $model, array() );
	}

	/**
	 * @param array<string, mixed> $file
	 * @return string '' when the upload can be used, else a code for upload_error().
	 */
	private function check_upload( array $file ): string {
		$error = (int) ( $file['error'] ?? UPLOAD_ERR_NO_FILE );
		if ( UPLOAD_ERR_NO_FILE === $error ) {
			return 'nofile';
		}
		if ( in_array( $error, array( UPLOAD_ERR_INI_SIZE, UPLOAD_ERR_FORM_SIZE ), true ) || (int) ( $file['size'] ?? 0 ) > self::MAX_BYTES ) {
			return 'toobig';
		}
		if ( UPLOAD_ERR_OK !== $error || ! is_uploaded_file( (string) ( $file['tmp_name'] ?? '' ) ) ) {
			return 'unreadable';
		}
		if ( ! preg_match( '/\.(csv|txt)$/i', (string) ( $file['name'] ?? '' ) ) ) {
			return 'notcsv';
		}
		return '';
	}

	private function upload_error( string $code ): string {
		switch ( $code ) {
			case 'nofile':
				return __( 'Choose a CSV file to upload.', 'car-export' );
			case 'toobig':
				/* translators: %s: maximum file size, e.g. 20 MB. */
				return sprintf( __( 'The file is larger than %s. Split it into smaller files.', 'car-export' ), size_format( self::MAX_BYTES ) );
			case 'notcsv':
				return __( 'The file must be a .csv file (in a spreadsheet: Save as → CSV UTF-8).', 'car-export' );
			default:
				return __( 'The upload could not be read. Try again.', 'car-export' );
		}
	}

	private function render_upload_form(): void {
		printf( '<h2>%s</h2>', esc_html__( 'Import a CSV file', 'car-export' ) );
		printf(
			'<p>%s</p><p class="car-import-columns"><code>%s</code></p>',
			esc_html__( 'The first line names the columns, in any order; columns you leave out are not changed on existing cars. A row whose stock number already exists updates that car; a new stock number adds a car. Separate features and images with "|". Images are file names from the media library or https:// addresses. Uploading only checks the file: nothing is saved until you press Import.', 'car-export' ),
			esc_html( implode( ', ', CarCsv::header() ) )
		);
		$sample = wp_nonce_url( add_query_arg( 'action', self::SAMPLE, admin_url( 'admin-post.php' ) ), self::SAMPLE );
		printf( '<p><a class="button" href="%s">%s</a></p>', esc_url( $sample ), esc_html__( 'Download a sample CSV', 'car-export' ) );
		echo '<details class="car-import-allowed"><summary>' . esc_html__( 'What each column accepts', 'car-export' ) . '</summary>';
		echo '<table class="widefat striped"><tbody>';
		foreach ( CarCsvSample::allowed() as $column => $rule ) {
			printf( '<tr><th scope="row"><code>%s</code></th><td>%s</td></tr>', esc_html( $column ), esc_html( $rule ) );
		}
		echo '</tbody></table></details>';
		printf( '<form method="post" enctype="multipart/form-data" action="%s" class="car-import-upload">', esc_url( admin_url( 'admin-post.php' ) ) );
		printf( '<input type="hidden" name="action" value="%s">', esc_attr( self::UPLOAD ) );
		wp_nonce_field( self::UPLOAD );
		printf( '<label for="car-export-csv">%s</label> ', esc_html__( 'CSV file', 'car-export' ) );
		echo '<input type="file" id="car-export-csv" name="car_export_csv" accept=".csv,text/csv" required> ';
		submit_button( __( 'Upload and check', 'car-export' ), 'secondary', 'submit', false );
		echo '</form>';
	}

	private function render_export(): void {
		printf( '<h2>%s</h2>', esc_html__( 'Export the catalogue', 'car-export' ) );
		printf( '<p>%s</p>', esc_html__( 'Every car (published, draft, pending and private) in the same columns. Edit the file and import it again to update cars in bulk.', 'car-export' ) );
		$url = wp_nonce_url( add_query_arg( 'action', self::EXPORT, admin_url( 'admin-post.php' ) ), self::EXPORT );
		printf( '<p><a class="button" href="%s">%s</a></p>', esc_url( $url ), esc_html__( 'Download CSV', 'car-export' ) );
	}

	private function render_dry_run( string $token, string $path ): void {
		$importer = new CarImporter();
		$plan     = $importer->plan( $path );
		printf( '<h2>%s</h2>', esc_html__( 'Check of the uploaded file', 'car-export' ) );
		if ( array() !== $plan['errors'] ) {
			echo '<div class="notice notice-error inline car-import-file-errors"><ul>';
			foreach ( $plan['errors'] as $error ) {
				printf( '<li>%s</li>', esc_html( $error ) );
			}
			echo '</ul></div>';
			if ( array() === $plan['header'] ) {
				return;
			}
		}
		$this->render_mapping( $plan['header'], $plan['columns'], array_slice( $plan['rows'], 0, self::PREVIEW_ROWS ) );
		if ( array() !== $plan['errors'] ) {
			return;
		}
		$report = $importer->import( $plan['rows'], true );
		$total  = count( $plan['rows'] );
		printf( '<p class="car-import-summary"><strong>%s</strong></p>', esc_html( DryRunSummary::sentence( $total, $report ) ) );
		if ( array() !== $report['problems'] ) {
			printf( '<h3>%s</h3>', esc_html__( 'Problems (these rows will be skipped; fix them and upload the file again)', 'car-export' ) );
			echo '<table class="widefat striped car-import-problems"><thead><tr>';
			printf( '<th scope="col">%s</th><th scope="col">%s</th><th scope="col">%s</th>', esc_html__( 'Row', 'car-export' ), esc_html__( 'Stock number', 'car-export' ), esc_html__( 'Problem', 'car-export' ) );
			echo '</tr></thead><tbody>';
			foreach ( $report['problems'] as $problem ) {
				printf(
					'<tr><td>%d</td><td>%s</td><td>%s</td></tr>',
					(int) $problem['row'],
					esc_html( $problem['stockNumber'] ),
					esc_html( implode( ' ', $problem['errors'] ) )
				);
			}
			echo '</tbody></table>';
		}
		$button = DryRunSummary::button( $report );
		if ( null === $button ) {
			printf( '<p class="car-import-nothing">%s</p>', esc_html__( 'Nothing to import: no row would change a car.', 'car-export' ) );
			return;
		}
		printf( '<div class="car-import-run" data-token="%s" data-total="%d">', esc_attr( $token ), (int) $total );
		printf(
			'<p><button type="button" class="button button-primary car-import-start">%s</button></p>',
			esc_html( $button )
		);
		printf( '<p><label for="car-import-progress">%s</label> <progress id="car-import-progress" class="car-import-progress" max="%d" value="0"></progress> <span class="car-import-count" aria-live="polite"></span></p>', esc_html__( 'Progress', 'car-export' ), (int) $total );
		printf( '<div class="car-import-result" role="status"></div><p class="car-import-next" hidden><a class="button" href="%s">%s</a></p>', esc_url( admin_url( 'edit.php?post_type=' . CarFields::POST_TYPE ) ), esc_html__( 'Go to the cars', 'car-export' ) );
		echo '</div>';
	}

	/**
	 * @param list<string>      $header
	 * @param list<string|null> $columns
	 * @param list<array{row: int, stockNumber: string, title: string|null, status: string|null, description: string|null, fields: array<string, mixed>, images: list<string>|null, errors: list<string>, refused: list<string>}> $preview
	 */
	private function render_mapping( array $header, array $columns, array $preview ): void {
		printf( '<h3>%s</h3>', esc_html__( 'Columns', 'car-export' ) );
		echo '<table class="widefat striped car-import-mapping"><thead><tr>';
		printf( '<th scope="col">%s</th><th scope="col">%s</th><th scope="col">%s</th>', esc_html__( 'Column in the file', 'car-export' ), esc_html__( 'Imported as', 'car-export' ), esc_html__( 'First rows', 'car-export' ) );
		echo '</tr></thead><tbody>';
		foreach ( $header as $index => $name ) {
			$column  = $columns[ $index ] ?? null;
			$samples = array();
			foreach ( $preview as $row ) {
				$samples[] = $this->preview_value( $row, $column );
			}
			printf(
				'<tr class="%s"><td>%s</td><td>%s</td><td>%s</td></tr>',
				esc_attr( null === $column ? 'car-import-ignored' : '' ),
				esc_html( $name ),
				wp_kses(
					null === $column ? '<em>' . esc_html__( 'ignored (unknown column)', 'car-export' ) . '</em>' : '<code>' . esc_html( $column ) . '</code>',
					array(
						'em'   => array(),
						'code' => array(),
					)
				),
				esc_html( implode( ' · ', array_filter( $samples, static fn ( string $sample ): bool => '' !== $sample ) ) )
			);
		}
		echo '</tbody></table>';
	}

	/**
	 * @param array{stockNumber: string, title: string|null, status: string|null, description: string|null, fields: array<string, mixed>, images: list<string>|null} $row
	 */
	private function preview_value( array $row, ?string $column ): string {
		if ( null === $column ) {
			return '';
		}
		$value = match ( $column ) {
			'title', 'status', 'description', 'stockNumber' => $row[ $column ],
			'images' => $row['images'],
			default => $row['fields'][ $column ] ?? '',
		};
		$text = is_array( $value ) ? implode( ' | ', array_map( 'strval', $value ) ) : (string) $value;
		return mb_strlen( $text ) > 40 ? mb_substr( $text, 0, 40 ) . '…' : $text;
	}
}
