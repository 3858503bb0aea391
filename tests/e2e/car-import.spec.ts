// Staff import cars in wp-admin (Cars → Import / export): upload a CSV, read the dry run (column
// mapping, every problem with its row number as a spreadsheet shows it, what would change, nothing
// saved yet), press Import, watch the progress
// and get the totals; the cars are then in the catalogue. Signed in with the stack's admin account.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { expect, test } from './support/fixtures';
import { WP, gqlData } from '../integration/support/wordpress';
import { signInToWpAdmin } from './support/wp-admin';
import { wpPhp } from '../integration/support/local';

// Letters only, so the brand is one search word; one per test run and width.
const brandFor = () =>
  `Qe${randomBytes(5)
    .toString('hex')
    .replace(/\d/g, (d) => 'abcdefghij'[Number(d)] ?? 'k')}`;

function removeCars(stockPrefix: string): void {
  wpPhp(
    `$ids = get_posts( array( 'post_type' => 'car', 'post_status' => 'any', 'numberposts' => -1, 'fields' => 'ids', 'meta_query' => array( array( 'key' => '_car_stock_number', 'value' => $argv[1], 'compare' => 'LIKE' ) ) ) );
     foreach ( $ids as $id ) { wp_delete_post( $id, true ); } echo count( $ids );`,
    stockPrefix,
  );
}

test('the import screen checks a file, lists its problems by spreadsheet row, then imports it with progress', async ({ page }) => {
  test.setTimeout(120_000);
  const brand = brandFor();
  const stock = `E2E-${brand}`;
  const file = path.join(os.tmpdir(), `${brand}.csv`);
  fs.writeFileSync(
    file,
    [
      'Stock number,Title,Price (USD),Brand,Body type,Featured,Colour code,Description',
      // A description on two lines of the file: the next car is still row 3 of a spreadsheet.
      `${stock}-1,2024 ${brand} One,"$25,000",${brand},SUV,yes,X1,"One owner.\nFull history."`,
      `${stock}-2,2023 ${brand} Two,cheap,${brand},Tank,no,X2,`,
      `${stock}-3,2022 ${brand} Three,18000,${brand},Sedan,no,X3,`,
    ].join('\r\n') + '\r\n',
  );

  // The import takes brands the catalogue has; a new brand's first car comes from the car form.
  wpPhp(
    `wp_insert_post( array( 'post_type' => 'car', 'post_status' => 'draft', 'post_title' => $argv[1], 'meta_input' => array( '_car_stock_number' => $argv[2], '_car_brand' => $argv[1] ) ) ); echo 1;`,
    brand,
    `${stock}-seed`,
  );

  try {
    await signInToWpAdmin(page);

    await page.goto(`${WP}/wp-admin/edit.php?post_type=car&page=car-export-import`);
    await expect(page.getByRole('heading', { name: 'Import / export cars', level: 1 })).toBeVisible();
    await page.getByLabel('CSV file').setInputFiles(file);
    await page.getByRole('button', { name: 'Upload and check' }).click();

    // The dry run: how the columns map, what would change, and every problem with its row; nothing is saved yet.
    const mapping = page.locator('.car-import-mapping');
    await expect(mapping.getByRole('row', { name: /Body type bodyType/ })).toBeVisible();
    await expect(mapping.getByRole('row', { name: /Colour code ignored/ })).toBeVisible();
    await expect(page.locator('.car-import-summary')).toHaveText(
      'Dry run of 3 rows: 2 would change the catalogue (2 new cars, 0 updates of existing cars); 0 unchanged; 1 with problems.',
    );
    const problem = page.locator('.car-import-problems tbody tr');
    await expect(problem).toHaveCount(1);
    await expect(problem.locator('td').nth(0)).toHaveText('3');
    await expect(problem.locator('td').nth(2)).toContainText('Price (USD) must be a whole number.');
    await expect(problem.locator('td').nth(2)).toContainText('Body type must be one of');
    const before = await gqlData<{ cars: { total: number } }>('query($f: CarFilter) { cars(filter: $f) { total } }', { f: { brand } });
    expect(before.cars.total).toBe(0);

    // The import, in batches, with progress and totals.
    await page.getByRole('button', { name: 'Import 2 changed rows' }).click();
    await expect(page.locator('.car-import-done')).toHaveText(
      'Import finished: 2 created, 0 updated, 0 unchanged, 1 with problems (skipped).',
      { timeout: 60_000 },
    );
    await expect(page.locator('.car-import-progress')).toHaveAttribute('value', '3');
    await expect(page.locator('.car-import-result li')).toContainText(`Row 3 (${stock}-2)`);
    await expect(page.getByRole('link', { name: 'Go to the cars' })).toBeVisible();

    const after = await gqlData<{ cars: { total: number; nodes: Array<{ title: string; price: number; featured: boolean }> } }>(
      'query($f: CarFilter) { cars(filter: $f, orderBy: PRICE, order: DESC) { total nodes { title price featured } } }',
      { f: { brand } },
    );
    expect(after.cars.total).toBe(2);
    expect(after.cars.nodes).toEqual([
      { title: `2024 ${brand} One`, price: 25000, featured: true },
      { title: `2022 ${brand} Three`, price: 18000, featured: false },
    ]);
  } finally {
    removeCars(stock);
    fs.rmSync(file, { force: true });
  }
});
