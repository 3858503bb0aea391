// The plugin brings an older database up to date by itself: a lookup table as version 1.0.0 left it
// (single-column filter indexes) gets the status-led indexes and the covering sort indexes on the
// next request, its rows untouched; and deactivating and activating the plugin (as staff do from Plugins) keeps the table
// and the catalogue. Both run inside the real WordPress; npm test's PHP log check covers them too.
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { phpLogEnd, phpLoggedSince, wpPhp } from './support/local';
import { gqlData, WP } from './support/wordpress';

const NEW_INDEXES = [
  'PRIMARY',
  'status_body_type',
  'status_brand_model',
  'status_date_order',
  'status_drive_type',
  'status_facets',
  'status_featured',
  'status_fuel_type',
  'status_model',
  'status_price_order',
  'status_sale_status',
  'status_search',
  'status_transmission',
  'status_year',
  'stock_number',
];
const HEADER_VERSION = /^ \* Version: (\S+)$/m.exec(
  fs.readFileSync(fileURLToPath(new URL('../../wordpress/plugins/car-export/car-export.php', import.meta.url)), 'utf8'),
)?.[1];
const LEGACY_INDEXES = ['body_type', 'brand_model', 'drive_type', 'fuel_type', 'transmission', 'year'];

/** Index names of the lookup table, its row count and the stored schema version (PHP, after setUp). */
const STATE_PHP = `
    global $wpdb;
    $t = \\CarExport\\Search\\LookupTable::name();
    $names = array_values( array_unique( $wpdb->get_col( "SHOW INDEX FROM {$t}", 2 ) ) );
    sort( $names );
    echo json_encode( array( 'indexes' => $names, 'rows' => (int) $wpdb->get_var( "SELECT COUNT(*) FROM {$t}" ),
      'version' => (string) get_option( 'car_export_db_version' ), 'current' => \\CarExport\\Plugin::VERSION,
      'searchText' => (string) $wpdb->get_var( $wpdb->prepare( 'SELECT COLUMN_TYPE FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = %s AND COLUMN_NAME = %s', $t, 'search_text' ) ) ) );
  `;

type LookupState = { indexes: string[]; rows: number; version: string; current: string; searchText: string };
const lookupState = (): LookupState => wpPhp<LookupState>(STATE_PHP);

const electricTotal = async () =>
  (await gqlData<{ cars: { total: number } }>('{ cars(filter: { fuelType: "electric" }) { total } }')).cars.total;

/** The seeded sold 2023 Changan UNI-V Sport, listed only with includeSold. */
const uniVTotal = async (includeSold: boolean) =>
  (
    await gqlData<{ cars: { total: number } }>(
      'query($s: Boolean) { cars(filter: { search: "UNI-V Sport", includeSold: $s }) { total } }',
      { s: includeSold },
    )
  ).cars.total;

describe('plugin database upgrade', () => {
  it('turns a 1.0.0 lookup table into the current schema on the next request, keeping every row', async () => {
    const before = lookupState();
    expect(before.indexes).toEqual(NEW_INDEXES);
    // The stored schema version is the released plugin's, the Version its header announces to
    // WordPress (an upgrade step that forgets to record itself, or a release that forgets the
    // constant, would run again on every request or never).
    expect(before.current).toBe(HEADER_VERSION);
    expect(before.version).toBe(HEADER_VERSION);

    // Put the table back the way 1.0.0 made it: the single-column indexes, none led by status, and no
    // sale status or stock number column (1.3.0 and 1.7.0 added them). (Read back in the same PHP run: loading WordPress again
    // would already upgrade it.)
    const old = wpPhp<LookupState>(`
      global $wpdb;
      $t = \\CarExport\\Search\\LookupTable::name();
      foreach ( array( 'status_date_order', 'status_price_order', 'status_featured', 'status_brand_model', 'status_model', 'status_body_type',
        'status_fuel_type', 'status_transmission', 'status_drive_type', 'status_year', 'status_sale_status', 'status_facets', 'status_search' ) as $i ) {
        $wpdb->query( "ALTER TABLE {$t} DROP INDEX {$i}" );
      }
      $wpdb->query( "ALTER TABLE {$t} DROP COLUMN sale_status, DROP COLUMN stock_number, MODIFY search_text text NOT NULL" );
      $wpdb->query( "ALTER TABLE {$t} ADD KEY brand_model (brand,model), ADD KEY body_type (body_type),
        ADD KEY fuel_type (fuel_type), ADD KEY transmission (transmission), ADD KEY drive_type (drive_type), ADD KEY year (year),
        ADD KEY status_date (status,post_date)" );
      update_option( 'car_export_db_version', '1.0.0', true );
      ${STATE_PHP}
    `);
    expect(old.indexes).toEqual(['PRIMARY', ...LEGACY_INDEXES, 'status_date'].sort());
    expect(old.version).toBe('1.0.0');
    expect(old.searchText).toBe('text');

    // Any request to WordPress runs the upgrade check (plugins_loaded).
    expect(await electricTotal()).toBe(31);
    const after = lookupState();
    expect(after.indexes).toEqual(NEW_INDEXES);
    expect(after.version).toBe(HEADER_VERSION);
    // The search text became a column the search index can hold, and a keyword finds its car again.
    expect(after.searchText).toBe('varchar(255)');
    expect(after.rows).toBe(before.rows);
    expect(await electricTotal()).toBe(31);
    // The new column was filled from each car's meta: the seeded sold car is hidden again.
    expect(await uniVTotal(false)).toBe(0);
    expect(await uniVTotal(true)).toBe(1);
  });

  it('an upgrade from 1.6.0 fills the new stock number column of every row from its car', async () => {
    // Rows whose stock number is not their car's (oldest) stored one, and rows that have one at all.
    const STOCK_PHP = `echo json_encode( array(
      'wrong' => (int) $wpdb->get_var( "SELECT COUNT(*) FROM {$t} l WHERE l.stock_number <> COALESCE(( SELECT TRIM(m.meta_value) FROM {$wpdb->postmeta} m
        WHERE m.post_id = l.car_id AND m.meta_key = '_car_stock_number' ORDER BY m.meta_id LIMIT 1 ), '')" ),
      'filled' => (int) $wpdb->get_var( "SELECT COUNT(*) FROM {$t} WHERE stock_number <> ''" ) ) );`;
    type Stock = { wrong: number; filled: number };
    const before = wpPhp<Stock>(`global $wpdb; $t = \\CarExport\\Search\\LookupTable::name(); ${STOCK_PHP}`);
    // Every seeded car has a stock number, and a save wrote each one to its row.
    expect(before.wrong).toBe(0);
    expect(before.filled).toBeGreaterThan(50);

    const old = wpPhp<{ columns: string[] }>(`
      global $wpdb;
      $t = \\CarExport\\Search\\LookupTable::name();
      $wpdb->query( "ALTER TABLE {$t} DROP COLUMN stock_number" );
      update_option( 'car_export_db_version', '1.6.0', true );
      echo json_encode( array( 'columns' => $wpdb->get_col( "SHOW COLUMNS FROM {$t}" ) ) );
    `);
    expect(old.columns).not.toContain('stock_number');

    expect(await electricTotal()).toBe(31);
    expect(wpPhp<Stock>(`global $wpdb; $t = \\CarExport\\Search\\LookupTable::name(); ${STOCK_PHP}`)).toEqual(before);
    expect(lookupState().indexes).toEqual(NEW_INDEXES);
    expect(lookupState().version).toBe(HEADER_VERSION);
  });

  it('an upgrade from 1.5.0 rewrites from its car only a search text the indexed column would cut', async () => {
    type Texts = { ids: number[]; texts: string[] };
    const TEXTS_PHP = `echo json_encode( array( 'ids' => $ids, 'texts' => array_map( static fn ( $id ) => (string) $wpdb->get_var(
      $wpdb->prepare( "SELECT search_text FROM {$t} WHERE car_id = %d", $id ) ), $ids ) ) );`;
    const before = wpPhp<Texts>(`
      global $wpdb;
      $t = \\CarExport\\Search\\LookupTable::name();
      $wpdb->query( "ALTER TABLE {$t} DROP INDEX status_search, MODIFY search_text text NOT NULL" );
      $ids = array_map( 'intval', $wpdb->get_col( "SELECT car_id FROM {$t} WHERE status = 'publish' ORDER BY car_id LIMIT 2" ) );
      $wpdb->update( $t, array( 'search_text' => str_repeat( 'long subtitle words ', 20 ) . 'lasttailword' ), array( 'car_id' => $ids[0] ) );
      $wpdb->update( $t, array( 'search_text' => 'a short text left as it was' ), array( 'car_id' => $ids[1] ) );
      update_option( 'car_export_db_version', '1.5.0', true );
      ${TEXTS_PHP}
    `);
    expect(before.texts[0]).toHaveLength(20 * 20 + 'lasttailword'.length);

    expect(await electricTotal()).toBe(31);
    const after = wpPhp<Texts>(`
      global $wpdb;
      $t = \\CarExport\\Search\\LookupTable::name();
      $ids = array( ${before.ids.join(', ')} );
      ${TEXTS_PHP}
    `);
    // The long one is written again from its car: its own words, make first, within the column.
    const [rewritten = ''] = after.texts;
    expect(rewritten).not.toContain('long subtitle words');
    expect(rewritten.length).toBeGreaterThan(0);
    expect(rewritten.length).toBeLessThanOrEqual(255);
    // A row the column holds whole is not rewritten (at 100,000 cars that would not finish in a request).
    expect(after.texts[1]).toBe('a short text left as it was');
    expect(lookupState().indexes).toEqual(NEW_INDEXES);

    wpPhp(`\\CarExport\\Search\\LookupSync::sync( ${before.ids[1]} ); echo 1;`);
    expect(await uniVTotal(true)).toBe(1);
  });

  it('many requests arriving together upgrade once: every one is answered, the counts are right, nothing is logged', async () => {
    const logEnd = phpLogEnd();
    const current = lookupState().current;
    // 1.3.5 recounts the filter values on upgrade: the step that collided when two requests ran it.
    wpPhp(`update_option( 'car_export_db_version', '1.3.5', true ); echo 1;`);
    const answers = await Promise.all(Array.from({ length: 8 }, () => electricTotal()));
    expect(answers).toEqual(answers.map(() => 31));
    expect(lookupState().version).toBe(current);
    expect(await electricTotal()).toBe(31);
    expect(phpLoggedSince(logEnd)).not.toMatch(/database error|Fatal|Warning/i);
  });

  it('deactivating and activating the plugin keeps the table, its rows and the catalogue', async () => {
    const before = lookupState();
    const result = wpPhp<{ deactivated: boolean; activated: string | null }>(`
      require_once ABSPATH . 'wp-admin/includes/plugin.php';
      $plugin = 'car-export/car-export.php';
      deactivate_plugins( $plugin );
      $deactivated = ! is_plugin_active( $plugin );
      $result = activate_plugin( $plugin );
      echo json_encode( array( 'deactivated' => $deactivated, 'activated' => is_wp_error( $result ) ? $result->get_error_message() : null ) );
    `);
    expect(result).toEqual({ deactivated: true, activated: null });
    expect(lookupState()).toEqual(before);
    expect(await electricTotal()).toBe(31);
    // The /graphql address survives the rewrite rules being rebuilt.
    const res = await fetch(`${WP}/graphql?query=${encodeURIComponent('{ carFilters { brands } }')}`);
    expect(res.status).toBe(200);
  });
});
