<?php
declare(strict_types=1);

namespace CarExport\Import;

use CarExport\Admin\CarImportPage;
use CarExport\Cli\CsvCommands;
use CarExport\Rest\Routes;
use CarExport\Service;
use WP_Error;
use WP_REST_Request;
use WP_REST_Response;

/**
 * POST /car-export/v1/import/batch {token, offset}: imports the next batch of rows of a file
 * uploaded on the import screen (one transaction per batch, so a 5,000-row file is 20 short requests
 * with progress in between instead of one request that outlives PHP's time limit). The last batch
 * purges the website once and removes the file.
 */
final class CarImportController implements Service {

	public function register(): void {
		add_action( 'rest_api_init', array( $this, 'register_routes' ) );
	}

	public function register_routes(): void {
		register_rest_route(
			Routes::NAMESPACE,
			'/import/batch',
			array(
				'methods'             => 'POST',
				'callback'            => array( $this, 'batch' ),
				'permission_callback' => array( $this, 'permission' ),
				'args'                => array(
					'token'  => array(
						'type'              => 'string',
						'required'          => true,
						'pattern'           => ImportUploads::TOKEN_PATTERN,
						'sanitize_callback' => 'sanitize_key',
						'validate_callback' => 'rest_validate_request_arg',
					),
					'offset' => array(
						'type'              => 'integer',
						'required'          => true,
						'minimum'           => 0,
						'maximum'           => CsvReader::MAX_ROWS,
						'sanitize_callback' => 'absint',
						'validate_callback' => 'rest_validate_request_arg',
					),
				),
			)
		);
	}

	public function permission(): true | WP_Error {
		if ( current_user_can( CarImportPage::CAPABILITY ) ) {
			return true;
		}
		return new WP_Error( 'rest_forbidden', __( 'You are not allowed to import cars.', 'car-export' ), array( 'status' => rest_authorization_required_code() ) );
	}

	/**
	 * @param WP_REST_Request<array<string, mixed>> $request
	 */
	public function batch( WP_REST_Request $request ): WP_REST_Response|WP_Error {
		$token = (string) $request->get_param( 'token' );
		$path  = ImportUploads::find( $token );
		if ( null === $path ) {
			return new WP_Error( 'car_export_import_expired', __( 'That upload has expired or is not yours. Upload the file again.', 'car-export' ), array( 'status' => 404 ) );
		}
		$importer = new CarImporter();
		$plan     = $importer->plan( $path );
		if ( array() !== $plan['errors'] ) {
			return new WP_Error( 'car_export_import_invalid', implode( ' ', $plan['errors'] ), array( 'status' => 422 ) );
		}
		$offset = (int) $request->get_param( 'offset' );
		$total  = count( $plan['rows'] );
		$report = $importer->import( array_slice( $plan['rows'], $offset, CsvCommands::BATCH ), false );
		ImportLog::add( $report, 0 === $offset );
		$next = min( $total, $offset + CsvCommands::BATCH );
		$done = $next >= $total;
		if ( $done ) {
			$importer->finish();
			ImportUploads::forget( $token );
		}
		return new WP_REST_Response(
			array(
				'report' => $report,
				'next'   => $next,
				'total'  => $total,
				'done'   => $done,
			)
		);
	}
}
