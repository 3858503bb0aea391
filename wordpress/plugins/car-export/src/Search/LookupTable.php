<?php
declare(strict_types=1);

namespace CarExport\Search;

use CarExport\Cars\CarFields;

/**
 * A typed row per car for filtering and sorting, kept in step with the car's post and meta
 * (the same idea as WooCommerce's wc_product_meta_lookup): one indexed table instead of a
 * postmeta join per filter.
 */
final class LookupTable {

	/** Characters of search text a row keeps: the length of its indexed column. */
	public const SEARCH_TEXT_LENGTH = 255;

	/** Characters of stock number a row keeps: the length of its column. */
	public const STOCK_NUMBER_LENGTH = 100;

	public static function name(): string {
		global $wpdb;
		return $wpdb->prefix . 'car_lookup';
	}

	/** Creates or updates the search tables: this one, the facet counts and the kept search answers. */
	public static function install(): void {
		// Every filter column is indexed behind status, as every query asks for published cars: equality
		// filters seek straight to their rows, and a GROUP BY per column reads only the index (a loose
		// index scan). status_facets holds every column the filter counts read, so counting a filtered
		// search reads that index alone (body type and brand, the usual first choices, lead it)
		// instead of fetching each row. The two sort orders (date, price) are indexes in the exact
		// ORDER BY of a result page, car_id included, and end with sale_status: a page and its count
		// read the index alone and never sort. status_search holds the search text beside every column
		// a keyword search counts, so a keyword is matched (and its filter counts tallied) in that one
		// narrow index instead of in every table row: the text is a varchar, which an index can hold,
		// and the rows, which also carry the title, are several times wider. stock_number is indexed
		// alone: staff look a car up by it (or a part of it) whatever the car's status, and that
		// narrow index is read instead of every car's meta.
		self::create(
			self::name(),
			"  car_id bigint(20) unsigned NOT NULL,
  status varchar(20) NOT NULL DEFAULT 'publish',
  post_date datetime NOT NULL DEFAULT '0000-00-00 00:00:00',
  title varchar(255) NOT NULL DEFAULT '',
  stock_number varchar(100) NOT NULL DEFAULT '',
  search_text varchar(255) NOT NULL DEFAULT '',
  price bigint(20) unsigned NULL DEFAULT NULL,
  brand varchar(100) NOT NULL DEFAULT '',
  model varchar(100) NOT NULL DEFAULT '',
  year smallint(5) unsigned NULL DEFAULT NULL,
  mileage int(10) unsigned NULL DEFAULT NULL,
  body_type varchar(50) NOT NULL DEFAULT '',
  fuel_type varchar(50) NOT NULL DEFAULT '',
  transmission varchar(50) NOT NULL DEFAULT '',
  drive_type varchar(20) NOT NULL DEFAULT '',
  featured tinyint(1) NOT NULL DEFAULT 0,
  sale_status varchar(20) NOT NULL DEFAULT 'available',
  PRIMARY KEY  (car_id),
  KEY status_date_order (status,post_date,car_id,sale_status),
  KEY status_price_order (status,price,car_id,sale_status),
  KEY status_featured (status,featured,post_date),
  KEY status_brand_model (status,brand,model),
  KEY status_model (status,model),
  KEY status_body_type (status,body_type),
  KEY status_fuel_type (status,fuel_type),
  KEY status_transmission (status,transmission),
  KEY status_drive_type (status,drive_type),
  KEY status_year (status,year),
  KEY status_sale_status (status,sale_status),
  KEY status_facets (status,body_type,brand,model,fuel_type,transmission,drive_type,year,sale_status,price),
  KEY stock_number (stock_number),
  KEY status_search (status,search_text,sale_status,body_type,brand,model,fuel_type,transmission,drive_type,year,price)"
		);
		self::drop_legacy_indexes();
		self::create(
			FacetCounts::name(),
			'  facet varchar(20) NOT NULL,
  value varchar(100) NOT NULL,
  sold tinyint(1) NOT NULL DEFAULT 0,
  cars int(10) NOT NULL DEFAULT 0,
  PRIMARY KEY  (facet,value,sold)'
		);
		self::create(
			SearchCache::name(),
			'  cache_key char(40) NOT NULL,
  payload mediumtext NOT NULL,
  expires bigint(20) unsigned NOT NULL,
  tags mediumtext NULL,
  PRIMARY KEY  (cache_key),
  KEY expires (expires)'
		);
	}

	/**
	 * Cars whose stored search text is longer than the indexed column keeps.
	 *
	 * @return list<int>
	 */
	public static function long_search_texts(): array {
		global $wpdb;
		$table = self::name();
		if ( null === $wpdb->get_var( $wpdb->prepare( 'SHOW TABLES LIKE %s', $wpdb->esc_like( $table ) ) ) ) {
			return array();
		}
		// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table name is ours.
		$ids = $wpdb->get_col( $wpdb->prepare( "SELECT car_id FROM {$table} WHERE CHAR_LENGTH(search_text) > %d", self::SEARCH_TEXT_LENGTH ) );
		return array_map( 'intval', $ids );
	}

	/**
	 * Fills every row's stock number from its car's meta in one statement (a car's oldest value, the
	 * one get_post_meta() reads), for rows written before the table had the column.
	 */
	public static function fill_stock_numbers(): void {
		global $wpdb;
		$wpdb->query(
			$wpdb->prepare(
				"UPDATE {$wpdb->prefix}car_lookup AS l SET l.stock_number = COALESCE((SELECT LEFT(TRIM(m.meta_value), %d) FROM {$wpdb->postmeta} AS m WHERE m.post_id = l.car_id AND m.meta_key = %s ORDER BY m.meta_id ASC LIMIT 1), '')",
				self::STOCK_NUMBER_LENGTH,
				CarFields::meta_key( 'stockNumber' )
			)
		);
	}

	/**
	 * dbDelta creates a missing table and adds missing columns and indexes to an existing one; it
	 * wants two spaces after PRIMARY KEY and one definition per line.
	 */
	private static function create( string $table, string $definitions ): void {
		global $wpdb;
		require_once ABSPATH . 'wp-admin/includes/upgrade.php';
		dbDelta( "CREATE TABLE {$table} (\n{$definitions}\n) " . $wpdb->get_charset_collate() . ';' );
	}

	/**
	 * Indexes replaced by the ones above (dbDelta only adds): version 1.0.0's single-column ones, and
	 * the sort indexes that left each row to be read for its sale status.
	 */
	private static function drop_legacy_indexes(): void {
		global $wpdb;
		$table = self::name();
		foreach ( array( 'brand_model', 'body_type', 'fuel_type', 'transmission', 'drive_type', 'year', 'status_date', 'status_price' ) as $index ) {
			// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- table name is ours.
			$exists = $wpdb->get_var( $wpdb->prepare( "SHOW INDEX FROM {$table} WHERE Key_name = %s", $index ) );
			if ( null !== $exists ) {
				// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- names are ours, from the list above.
				$wpdb->query( "ALTER TABLE {$table} DROP INDEX `{$index}`" );
			}
		}
	}
}
