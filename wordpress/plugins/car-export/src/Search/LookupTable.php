<?php
declare(strict_types=1);

namespace CarExport\Search;

/**
 * A typed row per car for filtering and sorting, kept in step with the car's post and meta
 * (the same idea as WooCommerce's wc_product_meta_lookup): one indexed table instead of a
 * postmeta join per filter.
 */
final class LookupTable {

	public static function name(): string {
		global $wpdb;
		return $wpdb->prefix . 'car_lookup';
	}

	public static function install(): void {
		global $wpdb;
		require_once ABSPATH . 'wp-admin/includes/upgrade.php';
		$table   = self::name();
		$collate = $wpdb->get_charset_collate();
		// dbDelta wants two spaces after PRIMARY KEY and one definition per line.
		dbDelta(
			"CREATE TABLE {$table} (
  car_id bigint(20) unsigned NOT NULL,
  status varchar(20) NOT NULL DEFAULT 'publish',
  post_date datetime NOT NULL DEFAULT '0000-00-00 00:00:00',
  title varchar(255) NOT NULL DEFAULT '',
  search_text text NOT NULL,
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
  PRIMARY KEY  (car_id),
  KEY status_date (status,post_date),
  KEY status_price (status,price),
  KEY status_featured (status,featured,post_date),
  KEY brand_model (brand,model),
  KEY body_type (body_type),
  KEY fuel_type (fuel_type),
  KEY transmission (transmission),
  KEY drive_type (drive_type),
  KEY year (year)
) {$collate};"
		);
	}
}
