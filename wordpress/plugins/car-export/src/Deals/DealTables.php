<?php
declare(strict_types=1);

namespace CarExport\Deals;

/**
 * The deal tables, created and brought up to date by the installer (dbDelta adds what is missing).
 *
 * The holds table is what makes a reservation exclusive: its primary key is the car, and a deal
 * reserves a car by inserting that row in the transaction that accepts the deal, so two buyers
 * accepting the same car at the same moment get exactly one row; the other's transaction is refused
 * and rolled back. The sequences table hands out deal and proforma numbers with one atomic upsert,
 * and the UNIQUE keys on the numbers refuse a duplicate should anything else ever write one.
 */
final class DealTables {

	public static function deals(): string {
		return self::name( 'deals' );
	}

	public static function events(): string {
		return self::name( 'deal_events' );
	}

	public static function messages(): string {
		return self::name( 'deal_messages' );
	}

	public static function files(): string {
		return self::name( 'deal_files' );
	}

	public static function holds(): string {
		return self::name( 'deal_holds' );
	}

	public static function sequences(): string {
		return self::name( 'deal_sequences' );
	}

	private static function name( string $table ): string {
		global $wpdb;
		return $wpdb->prefix . 'car_export_' . $table;
	}

	public static function install(): void {
		global $wpdb;
		require_once ABSPATH . 'wp-admin/includes/upgrade.php';
		$collate = $wpdb->get_charset_collate();
		$deals   = self::deals();
		$events  = self::events();
		$msgs    = self::messages();
		$files   = self::files();
		$holds   = self::holds();
		$seqs    = self::sequences();
		// Public ids are random, binary-compared ASCII: the buyer's links carry them, so they must
		// not be guessable from one another, and case matters.
		dbDelta(
			"CREATE TABLE {$deals} (
  id bigint(20) unsigned NOT NULL AUTO_INCREMENT,
  public_id varchar(32) CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
  number varchar(20) NOT NULL,
  buyer_id bigint(20) unsigned NOT NULL,
  car_id bigint(20) unsigned NOT NULL,
  state varchar(20) NOT NULL,
  country varchar(80) NOT NULL DEFAULT '',
  port_id bigint(20) unsigned NOT NULL DEFAULT 0,
  port_name varchar(120) NOT NULL DEFAULT '',
  trade_term varchar(3) NOT NULL DEFAULT 'FOB',
  shipping_method varchar(10) NOT NULL DEFAULT 'roro',
  inspection tinyint(1) NOT NULL DEFAULT 0,
  price_lines longtext NOT NULL,
  total int(10) unsigned NOT NULL DEFAULT 0,
  deposit int(10) unsigned NOT NULL DEFAULT 0,
  paid int(10) unsigned NOT NULL DEFAULT 0,
  valid_until datetime NULL DEFAULT NULL,
  hold_until datetime NULL DEFAULT NULL,
  reminded tinyint(1) NOT NULL DEFAULT 0,
  proforma_number varchar(40) NULL DEFAULT NULL,
  proforma_date datetime NULL DEFAULT NULL,
  shipment longtext NOT NULL,
  created_at datetime NOT NULL,
  updated_at datetime NOT NULL,
  PRIMARY KEY  (id),
  UNIQUE KEY public_id (public_id),
  UNIQUE KEY number (number),
  UNIQUE KEY proforma_number (proforma_number),
  KEY buyer_id (buyer_id),
  KEY car_id (car_id),
  KEY state_hold (state,hold_until),
  KEY state_valid (state,valid_until)
) {$collate};"
		);
		dbDelta(
			"CREATE TABLE {$events} (
  id bigint(20) unsigned NOT NULL AUTO_INCREMENT,
  deal_id bigint(20) unsigned NOT NULL,
  actor_id bigint(20) unsigned NOT NULL DEFAULT 0,
  actor varchar(10) NOT NULL,
  action varchar(30) NOT NULL,
  from_state varchar(20) NOT NULL DEFAULT '',
  to_state varchar(20) NOT NULL,
  staff_note text NOT NULL,
  buyer_note text NOT NULL,
  created_at datetime NOT NULL,
  PRIMARY KEY  (id),
  KEY deal_id (deal_id)
) {$collate};"
		);
		dbDelta(
			"CREATE TABLE {$msgs} (
  id bigint(20) unsigned NOT NULL AUTO_INCREMENT,
  deal_id bigint(20) unsigned NOT NULL,
  author_id bigint(20) unsigned NOT NULL DEFAULT 0,
  from_staff tinyint(1) NOT NULL DEFAULT 0,
  body text NOT NULL,
  created_at datetime NOT NULL,
  PRIMARY KEY  (id),
  KEY deal_id (deal_id)
) {$collate};"
		);
		dbDelta(
			"CREATE TABLE {$files} (
  id bigint(20) unsigned NOT NULL AUTO_INCREMENT,
  public_id varchar(32) CHARACTER SET ascii COLLATE ascii_bin NOT NULL,
  deal_id bigint(20) unsigned NOT NULL,
  kind varchar(20) NOT NULL,
  for_buyer tinyint(1) NOT NULL DEFAULT 0,
  name varchar(200) NOT NULL,
  mime varchar(40) NOT NULL,
  size int(10) unsigned NOT NULL,
  stored_name varchar(80) NOT NULL,
  uploaded_by bigint(20) unsigned NOT NULL DEFAULT 0,
  created_at datetime NOT NULL,
  PRIMARY KEY  (id),
  UNIQUE KEY public_id (public_id),
  KEY deal_id (deal_id)
) {$collate};"
		);
		dbDelta(
			"CREATE TABLE {$holds} (
  car_id bigint(20) unsigned NOT NULL,
  deal_id bigint(20) unsigned NOT NULL,
  buyer_id bigint(20) unsigned NOT NULL,
  created_at datetime NOT NULL,
  PRIMARY KEY  (car_id),
  UNIQUE KEY deal_id (deal_id),
  KEY buyer_id (buyer_id)
) {$collate};"
		);
		dbDelta(
			"CREATE TABLE {$seqs} (
  name varchar(60) NOT NULL,
  value bigint(20) unsigned NOT NULL,
  PRIMARY KEY  (name)
) {$collate};"
		);
	}
}
