// One staff path through wp-admin as a member of staff clicks it: open a published car, change its
// price, Preview Changes shows the new price on the site (marked as unsaved changes) while the live
// page keeps the old one, Update, and the site's page shows the new price. Signed in with the
// stack's admin account.
import { expect, test } from './support/fixtures';
import { WP, createCar, deleteCar, unique } from '../integration/support/wordpress';
import { signInToWpAdmin } from './support/wp-admin';
import { wpPhp } from '../integration/support/local';
import { frontendUrl } from '../integration/support/site';

test('a published car edited in wp-admin: Preview Changes shows the edit, Update puts it on the site', async ({ page, baseURL }) => {
  test.setTimeout(90_000);
  const title = unique('E2E Staff edit');
  const id = await createCar({ title, _car_brand: 'Toyota', _car_price: 20500, _car_stock_number: unique('E2E-STAFF') });
  // Saved an hour ago, as a car staff come back to is: the edits previewed now are newer than it.
  wpPhp(
    `global $wpdb; $t = gmdate( 'Y-m-d H:i:s', time() - 3600 ); $wpdb->update( $wpdb->posts, array( 'post_modified_gmt' => $t, 'post_modified' => get_date_from_gmt( $t ) ), array( 'ID' => (int) $argv[1] ) ); clean_post_cache( (int) $argv[1] ); echo 1;`,
    String(id),
  );
  // WordPress links to the site it is set up for; while the tests run that may be another copy of
  // the same site, so a page opened there is sent on to the same address on the site under test.
  const frontend = frontendUrl();
  const site = (baseURL ?? '').replace(/\/+$/, '');
  if (site && frontend !== site) {
    await page
      .context()
      .route(`${frontend}/**`, (route) =>
        route.request().isNavigationRequest()
          ? route.fulfill({ status: 302, headers: { location: route.request().url().replace(frontend, site) } })
          : route.continue(),
      );
  }

  try {
    await signInToWpAdmin(page);

    await page.goto(`${WP}/wp-admin/post.php?post=${id}&action=edit`);
    const price = page.getByLabel('Price (USD)');
    await expect(price).toHaveValue('20500');
    await price.fill('31500');

    const [preview] = await Promise.all([page.waitForEvent('popup'), page.getByRole('link', { name: /^Preview Changes/ }).click()]);
    await preview.waitForURL(/\/preview\/car\/\d+\?token=/, { timeout: 30_000 });
    await expect(preview.getByTestId('preview-notice')).toContainText('Preview of unsaved changes');
    await expect(preview.getByTestId('car-price')).toHaveText('$31,500');
    await preview.close();
    // Nothing is published by a preview.
    const live = await page.request.get(`${site}/car/${id}`);
    expect(await live.text()).toContain('$20,500');

    await page.getByRole('button', { name: 'Update' }).click();
    await expect(page.locator('#message')).toContainText('updated');
    // The save purges the site: its page shows the new price within seconds.
    await expect.poll(async () => (await page.request.get(`${site}/car/${id}`)).text(), { timeout: 15_000 }).toContain('$31,500');
    await page.goto(`${site}/car/${id}`);
    await expect(page.getByTestId('car-price').first()).toHaveText('$31,500');
  } finally {
    await deleteCar(id);
  }
});
