<?php
declare(strict_types=1);

namespace CarExport\Import;

use CarExport\Cars\CarFields;
use CarExport\Cars\MainImage;
use CarExport\Cars\StockNumbers;
use CarExport\History\ChangeHistory;
use CarExport\History\HistoryEntry;
use CarExport\Purge\PurgeNotifier;
use CarExport\Search\LookupSync;
use CarExport\Search\SearchCache;

/**
 * Imports cars from a CSV file: a new stock number makes a car, a known one updates that car
 * (only the columns the file has), and a row that changes nothing writes nothing.
 *
 * Rows are written in batches, each in one database transaction (one disk flush per batch instead
 * of one per query). The lookup table row of each car is written with it. The website is not told
 * about each car: purges are suspended during the import and finish() sends one for everything.
 *
 * @phpstan-import-type ParsedRow from CarRowParser
 * @phpstan-type Plan array{header: list<string>, columns: list<string|null>, rows: list<ParsedRow>, errors: list<string>}
 * @phpstan-type Report array{created: int, updated: int, unchanged: int, failed: int, problems: list<array{row: int, stockNumber: string, errors: list<string>}>}
 */
final class CarImporter {

	/** Source address of an image fetched by URL, so re-importing the row does not fetch it again. */
	public const SOURCE_URL_META = '_car_export_source_url';

	/** @var array<string, int> Image reference => attachment id (0: not found), for this request. */
	private array $image_ids = array();

	/**
	 * Reads and checks the whole file: header, every row's values, stock numbers repeated in the file.
	 *
	 * @return Plan
	 */
	public function plan( string $path ): array {
		$file = CsvReader::read_file( $path );
		if ( null !== $file['error'] ) {
			return array(
				'header'  => array(),
				'columns' => array(),
				'rows'    => array(),
				'errors'  => array( $file['error'] ),
			);
		}
		$columns = CarCsv::map_header( $file['header'] );
		$parser  = new CarRowParser( $columns, null, KnownValues::from_catalogue() );
		$errors  = $parser->header_errors();
		$rows    = array();
		$first   = array();
		foreach ( $file['rows'] as $row ) {
			$parsed = $parser->parse( $row['row'], $row['cells'] );
			$stock  = strtolower( $parsed['stockNumber'] );
			if ( '' !== $stock ) {
				if ( isset( $first[ $stock ] ) ) {
					/* translators: %d: row number of the first row with this stock number. */
					$parsed['errors'][] = sprintf( __( 'Stock number repeats row %d.', 'car-export' ), $first[ $stock ] );
				} else {
					$first[ $stock ] = $row['row'];
				}
			}
			$rows[] = $parsed;
		}
		return array(
			'header'  => $file['header'],
			'columns' => $columns,
			'rows'    => $rows,
			'errors'  => $errors,
		);
	}

	/**
	 * Imports (or with $dry_run only checks) the given rows. Rows with problems are skipped and
	 * reported; the others are written.
	 *
	 * @param list<ParsedRow> $rows
	 * @return Report
	 */
	public function import( array $rows, bool $dry_run ): array {
		global $wpdb;
		$report   = array(
			'created'   => 0,
			'updated'   => 0,
			'unchanged' => 0,
			'failed'    => 0,
			'problems'  => array(),
		);
		$existing = StockNumbers::owners( array_column( $rows, 'stockNumber' ) );
		if ( ! $dry_run ) {
			PurgeNotifier::suspend();
			SearchCache::bulk();
			wp_defer_term_counting( true );
			$wpdb->query( 'START TRANSACTION' );
		}
		foreach ( $rows as $row ) {
			$owners = $existing[ strtolower( $row['stockNumber'] ) ] ?? array();
			$car_id = $owners[0] ?? 0;
			$errors = $row['errors'];
			if ( count( $owners ) > 1 ) {
				$errors[] = sprintf(
					/* translators: %s: ids of the cars. */
					__( 'Stock number is used by more than one car (IDs %s), so this row could update the wrong one. Give each of them its own stock number, then import again.', 'car-export' ),
					implode( ', ', $owners )
				);
			}
			$no_title = 0 === $car_id ? CarRowParser::missing_title( $row ) : null;
			if ( null !== $no_title ) {
				$errors[] = $no_title;
			}
			$fetches   = false;
			$image_ids = null === $row['images'] ? null : $this->resolve_images( $row['images'], $errors, $dry_run, $fetches );
			if ( array() !== $errors ) {
				++$report['failed'];
				$report['problems'][] = array(
					'row'         => $row['row'],
					'stockNumber' => $row['stockNumber'],
					'errors'      => $errors,
				);
				continue;
			}
			if ( $dry_run ) {
				// The import's own comparison, so the dry run's counts are the import's: a row that
				// would write nothing is unchanged here too. An image still to be fetched is a change.
				++$report[ 0 === $car_id ? 'created' : ( $fetches || array() !== $this->changes( $car_id, $row, $image_ids ) ? 'updated' : 'unchanged' ) ];
				continue;
			}
			try {
				$outcome = 0 === $car_id ? $this->create( $row, $image_ids ) : $this->update( $car_id, $row, $image_ids );
			} catch ( \RuntimeException $error ) {
				++$report['failed'];
				$report['problems'][] = array(
					'row'         => $row['row'],
					'stockNumber' => $row['stockNumber'],
					'errors'      => array( $error->getMessage() ),
				);
				continue;
			}
			++$report[ $outcome ];
		}
		if ( ! $dry_run ) {
			$wpdb->query( 'COMMIT' );
			// After the commit, so no answer computed from the rows before it is kept.
			SearchCache::bump();
			wp_defer_term_counting( false );
		}
		return $report;
	}

	/**
	 * After the last batch: one purge of the whole site for every car the import changed.
	 */
	public function finish(): void {
		ImportLog::finish();
		PurgeNotifier::purge_everything( 'import' );
	}

	/**
	 * @param ParsedRow       $row
	 * @param list<int>|null $image_ids
	 * @return 'created'
	 * @throws \RuntimeException With the reason when WordPress refused the car.
	 */
	private function create( array $row, ?array $image_ids ): string {
		$meta = array();
		foreach ( $row['fields'] as $key => $value ) {
			if ( ! $this->is_empty( $key, $value ) ) {
				$meta[ CarFields::meta_key( $key ) ] = $value;
			}
		}
		if ( null !== $image_ids && array() !== $image_ids ) {
			$meta[ CarFields::meta_key( 'gallery' ) ] = $image_ids;
			$meta['_thumbnail_id']                    = $image_ids[0];
		}
		// Core unslashes what it is given, so every text goes in slashed.
		$car_id = wp_insert_post(
			array(
				'post_type'    => CarFields::POST_TYPE,
				'post_title'   => wp_slash( (string) $row['title'] ),
				'post_content' => wp_slash( (string) $row['description'] ),
				'post_status'  => $row['status'] ?? 'publish',
			),
			true
		);
		if ( is_wp_error( $car_id ) ) {
			throw new \RuntimeException( esc_html( $car_id->get_error_message() ) );
		}
		$this->add_meta( $car_id, $meta );
		LookupSync::sync( $car_id );
		return 'created';
	}

	/**
	 * @param ParsedRow       $row
	 * @param list<int>|null $image_ids
	 * @return 'updated'|'unchanged'
	 * @throws \RuntimeException With the reason when WordPress refused the change.
	 */
	private function update( int $car_id, array $row, ?array $image_ids ): string {
		$changes = $this->changes( $car_id, $row, $image_ids );
		if ( array() === $changes ) {
			return 'unchanged';
		}
		$post_fields = array_intersect_key( $changes, array_flip( array( 'post_title', 'post_content', 'post_status' ) ) );
		if ( array() !== $post_fields ) {
			// Core unslashes what it is given, so every text goes in slashed.
			$post_fields       = array_map( static fn ( $value ) => wp_slash( $value ), $post_fields );
			$post_fields['ID'] = $car_id;
			$result            = wp_update_post( $post_fields, true );
			if ( is_wp_error( $result ) ) {
				throw new \RuntimeException( esc_html( $result->get_error_message() ) );
			}
		}
		ChangeHistory::through(
			HistoryEntry::VIA_CSV_IMPORT,
			static function () use ( $car_id, $changes ): void {
				foreach ( $changes['meta'] ?? array() as $meta_key => $value ) {
					if ( null === $value ) {
						delete_post_meta( $car_id, $meta_key );
					} else {
						update_post_meta( $car_id, $meta_key, wp_slash( $value ) );
					}
				}
			}
		);
		LookupSync::sync( $car_id );
		return 'updated';
	}

	/**
	 * What importing the row would write to an existing car, read without writing: the post fields
	 * that differ, and under 'meta' each meta key to store (null: to remove). Empty when the row
	 * matches the car. The dry run counts with it too, so both count the same rows as unchanged.
	 *
	 * @param ParsedRow       $row
	 * @param list<int>|null $image_ids
	 * @return array{post_title?: string, post_content?: string, post_status?: string, meta?: array<string, mixed>}
	 * @throws \RuntimeException When the car cannot be read.
	 */
	private function changes( int $car_id, array $row, ?array $image_ids ): array {
		$post = get_post( $car_id );
		if ( ! $post instanceof \WP_Post ) {
			throw new \RuntimeException( esc_html__( 'The car to update could not be read.', 'car-export' ) );
		}
		$changes = array();
		if ( null !== $row['title'] && '' !== $row['title'] && $row['title'] !== $post->post_title ) {
			$changes['post_title'] = $row['title'];
		}
		if ( null !== $row['description'] && $row['description'] !== $post->post_content ) {
			$changes['post_content'] = $row['description'];
		}
		if ( null !== $row['status'] && $row['status'] !== $post->post_status ) {
			$changes['post_status'] = $row['status'];
		}
		$fields = $row['fields'];
		if ( null !== $image_ids ) {
			$fields['gallery'] = $image_ids;
		}
		$meta = array();
		foreach ( $fields as $key => $value ) {
			$meta_key = CarFields::meta_key( $key );
			if ( $this->differs( $key, $value, get_post_meta( $car_id, $meta_key, true ) ) ) {
				$meta[ $meta_key ] = $this->is_empty( $key, $value ) ? null : $value;
			}
		}
		if ( null !== $image_ids && array() !== $image_ids ) {
			// The main image is kept when it is one of the images; otherwise the first image becomes it.
			if ( ! in_array( (int) get_post_meta( $car_id, '_thumbnail_id', true ), $image_ids, true ) ) {
				$meta['_thumbnail_id'] = $image_ids[0];
			}
		} else {
			// A car with photos and no main image gets photo 1, as a save of the car form gives it.
			$gallery = null === $image_ids ? get_post_meta( $car_id, CarFields::meta_key( 'gallery' ), true ) : array();
			$first   = MainImage::pick( (int) get_post_meta( $car_id, '_thumbnail_id', true ), is_array( $gallery ) ? $gallery : array(), 'wp_attachment_is_image' );
			if ( null !== $first ) {
				$meta['_thumbnail_id'] = $first;
			}
		}
		if ( array() !== $meta ) {
			$changes['meta'] = $meta;
		}
		return $changes;
	}

	/**
	 * Whether the row's value of a field differs from the stored one. Empty values count as no value,
	 * as the edit form removes them instead of storing them.
	 */
	private function differs( string $key, mixed $value, mixed $stored ): bool {
		// A choice left unset reads as its default (no sale status is "available"), as the export writes it.
		$default = CarFields::get( $key )['default'] ?? null;
		if ( null !== $default && in_array( $value, array( '', $default ), true ) ) {
			return ! in_array( $stored, array( '', $default ), true );
		}
		if ( $this->is_empty( $key, $value ) ) {
			return '' !== $stored && array() !== $stored;
		}
		return ! ( is_array( $value ) ? ( is_array( $stored ) && array_values( $stored ) == $value ) : (string) $value === $stored ); // phpcs:ignore WordPress.PHP.StrictComparisons.LooseComparison -- stored lists come back with string or int items.
	}

	/**
	 * All meta of a new car in one INSERT. update_post_meta() would cost two queries per field
	 * (a look for an existing value, then the write), which made a 5,000-car import take minutes.
	 * A new car has no meta to look for; its cache entry is dropped so readers see the rows.
	 *
	 * @param array<string, mixed> $meta
	 */
	private function add_meta( int $car_id, array $meta ): void {
		global $wpdb;
		if ( array() === $meta ) {
			return;
		}
		$values = array();
		$params = array();
		foreach ( $meta as $key => $value ) {
			$values[] = '(%d, %s, %s)';
			array_push( $params, $car_id, $key, maybe_serialize( $value ) );
		}
		// One placeholder group per meta row, built above.
		$wpdb->query( $wpdb->prepare( "INSERT INTO {$wpdb->postmeta} (post_id, meta_key, meta_value) VALUES " . implode( ', ', $values ), $params ) ); // phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared, WordPress.DB.PreparedSQLPlaceholders.UnfinishedPrepare -- the placeholder groups are built above.
		wp_cache_delete( $car_id, 'post_meta' );
	}

	private function is_empty( string $key, mixed $value ): bool {
		return '' === $value || array() === $value || ( 'bool' === CarFields::get( $key )['type'] && '1' !== $value );
	}

	/**
	 * Attachment ids of the row's images: a file name is looked up in the media library, an http(s)
	 * address is fetched once (a dry run only checks its form).
	 *
	 * @param list<string> $refs
	 * @param list<string> $errors  Problems are added here.
	 * @param bool         $fetches Set when a dry run meets an address the import would fetch.
	 * @return list<int>
	 */
	private function resolve_images( array $refs, array &$errors, bool $dry_run, bool &$fetches ): array {
		$ids = array();
		foreach ( $refs as $ref ) {
			$is_url = (bool) preg_match( '#^https?://#i', $ref );
			if ( $is_url && false === wp_http_validate_url( $ref ) ) {
				/* translators: %s: image address. */
				$errors[] = sprintf( __( 'Image "%s" is not an address WordPress may fetch.', 'car-export' ), $ref );
				continue;
			}
			$id = $is_url ? $this->image_by_url( $ref, $dry_run ) : $this->image_by_name( $ref );
			if ( is_string( $id ) ) {
				$errors[] = $id;
				continue;
			}
			$fetches = $fetches || 0 === $id;
			if ( $id > 0 && ! in_array( $id, $ids, true ) ) {
				$ids[] = $id;
			}
		}
		return $ids;
	}

	private function image_by_name( string $name ): int|string {
		if ( ! isset( $this->image_ids[ $name ] ) ) {
			global $wpdb;
			$like                     = '%/' . $wpdb->esc_like( $name );
			$id                       = $wpdb->get_var(
				$wpdb->prepare(
					"SELECT pm.post_id FROM {$wpdb->postmeta} pm INNER JOIN {$wpdb->posts} p ON p.ID = pm.post_id AND p.post_type = 'attachment'"
					. " WHERE pm.meta_key = '_wp_attached_file' AND ( pm.meta_value = %s OR pm.meta_value LIKE %s ) ORDER BY pm.post_id ASC LIMIT 1",
					$name,
					$like
				)
			);
			$this->image_ids[ $name ] = (int) $id;
		}
		if ( 0 === $this->image_ids[ $name ] ) {
			/* translators: %s: file name. */
			return sprintf( __( 'Image "%s" is not in the media library.', 'car-export' ), $name );
		}
		return $this->image_ids[ $name ];
	}

	private function image_by_url( string $url, bool $dry_run ): int|string {
		if ( isset( $this->image_ids[ $url ] ) ) {
			return $this->image_ids[ $url ];
		}
		$known = get_posts(
			array(
				'post_type'      => 'attachment',
				'post_status'    => 'inherit',
				'posts_per_page' => 1,
				'fields'         => 'ids',
				'meta_key'       => self::SOURCE_URL_META, // phpcs:ignore WordPress.DB.SlowDBQuery.slow_db_query_meta_key -- one indexed lookup per distinct address.
				'meta_value'     => $url, // phpcs:ignore WordPress.DB.SlowDBQuery.slow_db_query_meta_value -- as above.
			)
		);
		if ( array() !== $known ) {
			$this->image_ids[ $url ] = (int) $known[0];
			return $this->image_ids[ $url ];
		}
		if ( $dry_run ) {
			return 0;
		}
		require_once ABSPATH . 'wp-admin/includes/media.php';
		require_once ABSPATH . 'wp-admin/includes/file.php';
		require_once ABSPATH . 'wp-admin/includes/image.php';
		$id = media_sideload_image( $url, 0, null, 'id' );
		if ( is_wp_error( $id ) ) {
			/* translators: 1: image address, 2: reason. */
			return sprintf( __( 'Image "%1$s" could not be fetched: %2$s', 'car-export' ), $url, $id->get_error_message() );
		}
		update_post_meta( (int) $id, self::SOURCE_URL_META, esc_url_raw( $url ) );
		$this->image_ids[ $url ] = (int) $id;
		return (int) $id;
	}
}
