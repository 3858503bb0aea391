// The explore page (filters, state in the query string, sort, views, pagination, the price slider) against the seeded
// catalogue, at 1280 and 390 px, with and without JavaScript.
import type { Locator, Page } from '@playwright/test';
import { expect, expectNoAxeViolations, isMobile, test, bothWidths } from './support/fixtures';
import { hydrated } from './support/session';

const cards = (page: Page) => page.getByTestId('car-results').getByTestId('car-card');
const count = (page: Page) => page.getByTestId('result-count');

/**
 * Waits until the results of the current URL are on screen: not loading, and the list shown is the
 * one for this very query. The count alone is not enough: the URL changes when the data has arrived,
 * and a busy browser can still paint the "Loading..." state of that same navigation a moment later.
 */
async function settled(page: Page): Promise<void> {
  const results = page.locator('#results');
  await expect
    .poll(
      async () => {
        const url = new URL(page.url());
        const [busy, loaded] = await Promise.all([results.getAttribute('aria-busy'), results.getAttribute('data-loaded')]);
        return busy === 'false' && loaded === url.pathname + url.search;
      },
      { message: 'the results of the current URL are shown' },
    )
    .toBe(true);
  await expect(count(page)).toHaveText(/\d+ cars? found/);
}

/**
 * The filter panel: the sidebar on a wide screen; on a phone the Filters button opens it as a
 * dialog. `close` puts the phone's sheet away again.
 */
async function filterPanel(page: Page): Promise<{ panel: Locator; close: () => Promise<void> }> {
  if (isMobile(page)) {
    await page.getByRole('button', { name: /^Filters/ }).click();
    const panel = page.getByRole('dialog', { name: 'Filters' });
    await expect(panel).toBeVisible();
    // The sheet's Show button stays wholly on screen while the lists scroll behind it.
    const show = panel.getByRole('button', { name: /^(Show \d+ cars?|Loading\.\.\.)$/ });
    const bottom = async () => {
      const box = await show.boundingBox();
      return box ? box.y + box.height : Infinity;
    };
    // Polled: the sheet may still be sliding into place.
    await expect.poll(bottom, { message: 'bottom of the Show button' }).toBeLessThanOrEqual(page.viewportSize()!.height);
    return {
      panel,
      close: async () => {
        await show.click();
        await expect(panel).toBeHidden();
      },
    };
  }
  return { panel: page.getByRole('complementary', { name: 'Filters' }), close: async () => {} };
}

// The seeded catalogue has 31 SUVs (no test adds or removes one): the first page, newest first, and
// the twelve prices at each end.
const SUV_PAGE_1 = [
  '2023 Great Wall Tank 300 Frontier',
  '2023 Changan CS75 Plus Flagship',
  '2024 XPeng G6 Long Range',
  '2024 Li Auto L9 Max',
  '2024 Chery Omoda 5 EX',
  '2023 BYD Atto 3 Extended Range',
  '2024 NIO ES8 Signature',
  '2024 Changan UNI-K iDD',
  '2024 BYD Seal U DM-i Boost',
  '2024 Haval H9 2.4 Diesel 4WD',
  '2023 Chery Tiggo 8 Pro Max',
  '2024 Zeekr X Long Range',
];
const SUV_CHEAPEST = [9800, 11400, 12900, 13200, 17400, 18600, 18900, 19900, 21300, 21900, 22800, 24500];
const SUV_DEAREST = [152000, 68500, 63500, 62800, 46200, 45900, 42500, 41800, 39900, 38900, 36800, 32500];

const titles = (page: Page) => cards(page).getByRole('heading').allTextContents();

async function prices(page: Page): Promise<number[]> {
  const texts = await cards(page).getByTestId('car-price').allTextContents();
  return texts.filter((t) => t.startsWith('$')).map((t) => Number(t.replace(/[^0-9]/g, '')));
}

test.describe('explore cars', () => {
  test('server-renders the catalogue with its controls', async ({ page }) => {
    await page.goto('/explore-cars');
    await expect(page).toHaveTitle('Explore Cars | Car Export');
    await expect(page.getByRole('heading', { level: 1, name: 'Explore Cars' })).toBeVisible();
    await settled(page);
    await expect(cards(page)).toHaveCount(12);
    await expect(page.getByRole('combobox', { name: 'Sort by' })).toHaveValue('recent-desc');
    await expect(page.getByRole('navigation', { name: 'Pagination' })).toBeVisible();
    // No filter yet: no chips, no Clear All Filters in the results.
    await expect(page.getByTestId('active-filters')).toHaveCount(0);
  });

  test('filters by body type from the panel: page back to 1, every card matches', async ({ page }) => {
    await page.goto('/explore-cars?page=2');
    await settled(page);
    const { panel, close } = await filterPanel(page);
    await panel.getByRole('group', { name: 'Body Type' }).getByRole('radio', { name: 'SUV' }).check();
    await expect(page).toHaveURL(/\/explore-cars\?bodyType=SUV$/);
    await close();
    await settled(page);
    await expect(page).toHaveTitle('SUV cars for export | Car Export');
    await expect(count(page)).toHaveText('31 cars found');
    expect(await titles(page)).toEqual(SUV_PAGE_1);
    for (let i = 0; i < 12; i++) {
      await expect(cards(page).nth(i).getByRole('list', { name: 'Key facts' })).toContainText('SUV');
    }
    await expect(page.getByRole('list', { name: 'Active filters' })).toContainText('Body Type: SUV');
  });

  test('each option shows how many cars it leads to, and the counts follow a filter change', async ({ page }) => {
    /** The count an option shows, "SUV (31)" → 31, read from its radio's accessible name. */
    const shown = async (group: Locator, label: RegExp) => {
      const name = await group.getByRole('radio', { name: label }).evaluate((el) => el.closest('label')?.textContent ?? '');
      const match = /\(([\d,]+)\)\s*$/.exec(name);
      expect(match, `a count in "${name}"`).not.toBeNull();
      return Number(match![1]!.replace(/,/g, ''));
    };
    await page.goto('/explore-cars');
    await settled(page);
    let { panel, close } = await filterPanel(page);
    // The seeded catalogue has 31 SUVs; the count is part of the option's name.
    await expect(panel.getByRole('group', { name: 'Body Type' }).getByRole('radio', { name: 'SUV (31)' })).toBeVisible();
    const electric = await shown(panel.getByRole('group', { name: 'Fuel Type' }), /^Electric \(/);
    const sedans = await shown(panel.getByRole('group', { name: 'Body Type' }), /^Sedan \(/);

    await panel
      .getByRole('group', { name: 'Fuel Type' })
      .getByRole('radio', { name: /^Electric \(/ })
      .check();
    await expect(page).toHaveURL(/\/explore-cars\?fuelType=electric$/);
    await close();
    await settled(page);
    await expect(count(page)).toHaveText(`${electric} cars found`);

    // Electric chosen: the body types count electric cars only, and picking one lists exactly that many.
    ({ panel, close } = await filterPanel(page));
    const bodies = panel.getByRole('group', { name: 'Body Type' });
    const electricSuvs = await shown(bodies, /^SUV \(/);
    expect(electricSuvs).toBeLessThan(31);
    expect(await shown(bodies, /^Sedan \(/)).toBeLessThanOrEqual(sedans);
    // The fuel list still counts every fuel (its own choice set aside): Electric keeps its number.
    expect(await shown(panel.getByRole('group', { name: 'Fuel Type' }), /^Electric \(/)).toBe(electric);
    await bodies.getByRole('radio', { name: /^SUV \(/ }).check();
    await expect(page).toHaveURL(/\/explore-cars\?bodyType=SUV&fuelType=electric$/);
    await close();
    await settled(page);
    await expect(count(page)).toHaveText(`${electricSuvs} ${electricSuvs === 1 ? 'car' : 'cars'} found`);
  });

  test('shows six skeletons and Loading... while results load', async ({ page }) => {
    await page.goto('/explore-cars');
    await settled(page);
    // Hold the next data request until the loading state has been seen.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/_data=routes%2Fexplore-cars/, async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole('combobox', { name: 'Sort by' }).selectOption({ label: 'Price: High to Low' });
    await expect(count(page)).toHaveText('Loading...');
    await expect(page.getByTestId('car-skeleton')).toHaveCount(6);
    release();
    await settled(page);
    await expect(page.getByTestId('car-skeleton')).toHaveCount(0);
  });

  test('a failed search shows the error panel; Retry loads the results', async ({ page }) => {
    await page.goto('/explore-cars');
    await settled(page);
    // The next data request answers as the loader does when WordPress fails (an empty list + message).
    await page.route(
      /_data=routes%2Fexplore-cars/,
      async (route) => {
        const response = await route.fetch();
        const data = await response.json();
        await route.fulfill({
          response,
          json: { ...data, error: 'Failed to fetch cars', result: { cars: [], total: 0, page: 1, limit: 0, totalPages: 0 } },
        });
      },
      { times: 1 },
    );
    await page.getByRole('combobox', { name: 'Sort by' }).selectOption({ label: 'Price: Low to High' });
    const panel = page.getByRole('alert').filter({ hasText: 'An error occurred' });
    await expect(panel).toContainText('Failed to fetch cars');
    await expect(cards(page)).toHaveCount(0);
    await panel.getByRole('link', { name: 'Retry' }).click();
    await settled(page);
    await expect(page.getByRole('alert').filter({ hasText: 'An error occurred' })).toHaveCount(0);
    await expect(cards(page)).toHaveCount(12);
  });

  test(
    'a dropped connection during a change keeps the page and its filters: the error panel with Retry',
    bothWidths,
    async ({ page, browserErrors }) => {
      browserErrors.expect(/net::ERR_INTERNET_DISCONNECTED \(\S+\/explore-cars\?bodyType=SUV&sortBy=price/); // the aborted data request
      await page.goto('/explore-cars?bodyType=SUV');
      await settled(page);
      await page.route(/_data=routes%2Fexplore-cars/, (route) => route.abort('internetdisconnected'));
      await page.getByRole('combobox', { name: 'Sort by' }).selectOption({ label: 'Price: Low to High' });

      const panel = page.getByRole('alert').filter({ hasText: 'An error occurred' });
      await expect(panel).toContainText('Failed to fetch cars');
      await expect(page.getByText('Something went wrong')).toHaveCount(0);
      // The page and the visitor's choices stay: the address, the chip, the sort picked.
      await expect(page).toHaveURL(/\/explore-cars\?bodyType=SUV&sortBy=price&sortOrder=asc$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Explore Cars' })).toBeVisible();
      await expect(page.getByRole('list', { name: 'Active filters' }).getByRole('listitem')).toHaveText([/Body Type: SUV/]);
      await expect(page.getByRole('combobox', { name: 'Sort by' })).toHaveValue('price-asc');
      // The panel's heading is in view, clear of the sticky header.
      const heading = panel.getByRole('heading', { name: 'An error occurred' });
      await expect(heading).toBeInViewport();
      const header = await page.getByRole('banner').boundingBox();
      await expect.poll(async () => (await heading.boundingBox())!.y).toBeGreaterThanOrEqual(header!.y + header!.height);

      // Back online, Retry loads the same query in place.
      await page.unroute(/_data=routes%2Fexplore-cars/);
      await panel.getByRole('link', { name: 'Retry' }).click();
      await settled(page);
      await expect(page).toHaveURL(/\/explore-cars\?bodyType=SUV&sortBy=price&sortOrder=asc$/);
      expect(await prices(page)).toEqual(SUV_CHEAPEST);
    },
  );

  test('Retry while still offline keeps the page and its filters and says so; back online it loads', async ({ page, browserErrors }) => {
    browserErrors.expect(/net::ERR_INTERNET_DISCONNECTED \(\S+\/explore-cars\?bodyType=SUV&sortBy=price/); // the data request made offline
    await page.goto('/explore-cars?bodyType=SUV');
    await settled(page);
    // Offline as the page sees it: its data requests fail, and the browser says it is offline. (The
    // whole context offline would also fail the favicon and the parts loaded later, not the subject.)
    const setOnline = (online: boolean) =>
      page.evaluate((on) => {
        Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => on });
        window.dispatchEvent(new Event(on ? 'online' : 'offline'));
      }, online);
    // Every data request, the root's too: a reload of the whole page's data offline fails at the root.
    await page.route(/[?&]_data=/, (route) => route.abort('internetdisconnected'));
    await setOnline(false);
    await page.getByRole('combobox', { name: 'Sort by' }).selectOption({ label: 'Price: Low to High' });
    const panel = page.getByRole('alert').filter({ hasText: 'An error occurred' });
    await expect(panel).toContainText('Failed to fetch cars');

    await panel.getByRole('link', { name: 'Retry' }).click();
    await expect(panel).toContainText('You are still offline. Check your connection, then press Retry.');
    await expect(page.getByText('Something went wrong')).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1, name: 'Explore Cars' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Active filters' }).getByRole('listitem')).toHaveText([/Body Type: SUV/]);
    await expect(page).toHaveURL(/\/explore-cars\?bodyType=SUV&sortBy=price&sortOrder=asc$/);

    await page.unroute(/[?&]_data=/);
    await setOnline(true);
    await panel.getByRole('link', { name: 'Retry' }).click();
    await settled(page);
    expect(await prices(page)).toEqual(SUV_CHEAPEST);
  });

  test('on a phone, Back with the filter sheet open closes the sheet and keeps the filters', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/explore-cars?fuelType=electric');
    await settled(page);
    const open = page.getByRole('button', { name: /^Filters/ });
    await hydrated(open);
    await open.click();
    const sheet = page.getByRole('dialog', { name: 'Filters' });
    await sheet.getByRole('group', { name: 'Body Type' }).getByRole('radio', { name: 'SUV' }).check();
    await expect(page).toHaveURL(/\/explore-cars\?bodyType=SUV&fuelType=electric$/);
    await settled(page);

    await page.goBack();
    await expect(sheet).toBeHidden();
    await expect(page).toHaveURL(/\/explore-cars\?bodyType=SUV&fuelType=electric$/);
    await expect(page.getByRole('list', { name: 'Active filters' }).getByRole('listitem')).toHaveText([
      /Body Type: SUV/,
      /Fuel Type: Electric/,
    ]);
    // With the sheet closed, Back is the browser's own again.
    await page.goBack();
    await expect(page).toHaveURL(/\/explore-cars\?fuelType=electric$/);
  });

  test('arriving from another page when the connection drops: the explore page with its error panel, the filter kept, Retry', async ({
    page,
    browserErrors,
  }) => {
    browserErrors.expect(/net::ERR_INTERNET_DISCONNECTED \(\S+\/explore-cars\?bodyType=SUV/); // the aborted data request
    await page.goto('/');
    const suv = page.getByTestId('body-type-tile').filter({ hasText: 'SUV' });
    await hydrated(suv);
    await page.route(/_data=routes%2Fexplore-cars/, (route) => route.abort('internetdisconnected'));
    await suv.click();

    const panel = page.getByRole('alert').filter({ hasText: 'An error occurred' });
    await expect(panel).toContainText('Failed to fetch cars');
    await expect(page.getByText('Something went wrong')).toHaveCount(0);
    await expect(page).toHaveURL(/\/explore-cars\?bodyType=SUV$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Explore Cars' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Active filters' }).getByRole('listitem')).toHaveText([/Body Type: SUV/]);

    await page.unroute(/_data=routes%2Fexplore-cars/);
    await panel.getByRole('link', { name: 'Retry' }).click();
    await settled(page);
    await expect(page).toHaveURL(/\/explore-cars\?bodyType=SUV$/);
    await expect(cards(page)).toHaveCount(12);
  });

  test('chips remove their own filter; the price chip clears both bounds', async ({ page }) => {
    await page.goto('/explore-cars?bodyType=SUV&fuelType=electric&minPrice=20000&maxPrice=90000&page=2');
    const chips = page.getByRole('list', { name: 'Active filters' });
    await expect(chips.getByRole('listitem')).toHaveText([/Body Type: SUV/, /Fuel Type: Electric/, /Price: \$20,000 – \$90,000/]);

    await chips.getByRole('link', { name: /Remove filter Price/ }).click();
    await expect(page).toHaveURL(/\/explore-cars\?bodyType=SUV&fuelType=electric$/);
    await expect(chips.getByRole('listitem')).toHaveCount(2);

    await chips.getByRole('link', { name: 'Remove filter Body Type: SUV' }).click();
    await expect(page).toHaveURL(/\/explore-cars\?fuelType=electric$/);
    await settled(page);
    await expect(chips.getByRole('listitem')).toHaveText([/Fuel Type: Electric/]);
  });

  test('arrow keys move through a filter list without searching; Space searches for the option and the focus stays on it', async ({
    page,
  }) => {
    await page.goto('/explore-cars');
    await settled(page);
    const { panel } = await filterPanel(page);
    const group = panel.getByRole('group', { name: 'Body Type' });
    const all = group.getByRole('radio', { name: 'All' });
    await hydrated(all);
    const searches: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('_data=routes%2Fexplore-cars')) searches.push(request.url());
    });
    await all.focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    const settledOn = group.getByRole('radio').nth(2);
    await expect(settledOn).toBeChecked();
    await expect(settledOn).toBeFocused();
    // The options passed over are not searched for (nothing is, until the visitor settles).
    await page.waitForTimeout(600);
    expect(searches).toEqual([]);
    await expect(page).toHaveURL(/\/explore-cars$/);

    const value = await settledOn.getAttribute('value');
    await page.keyboard.press('Space');
    await expect.poll(() => new URL(page.url()).searchParams.get('bodyType')).toBe(value);
    await settled(page);
    expect(searches).toHaveLength(1);
    await expect(settledOn).toBeFocused();
    await expect(settledOn).toBeChecked();
  });

  test('removing a chip with Enter moves the focus to the next chip, and to the results heading after the last', async ({ page }) => {
    await page.goto('/explore-cars?bodyType=SUV&fuelType=electric');
    await settled(page);
    const chips = page.getByRole('list', { name: 'Active filters' });
    const first = chips.getByRole('link', { name: 'Remove filter Body Type: SUV' });
    await hydrated(first);
    await first.focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/explore-cars\?fuelType=electric$/);
    await expect(chips.getByRole('link', { name: 'Remove filter Fuel Type: Electric' })).toBeFocused();
    await settled(page);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/explore-cars$/);
    await expect(page.getByRole('heading', { level: 2, name: 'Cars', exact: true })).toBeFocused();
  });

  test('Clear All Filters removes every filter and keeps the sort', async ({ page }) => {
    await page.goto('/explore-cars?search=a&bodyType=SUV&brand=BYD&year=2024&minPrice=10000&sortBy=price&sortOrder=asc&page=2');
    await page.getByTestId('active-filters').getByRole('link', { name: 'Clear All Filters' }).click();
    await expect(page).toHaveURL(/\/explore-cars\?sortBy=price&sortOrder=asc$/);
    await settled(page);
    await expect(page.getByTestId('active-filters')).toHaveCount(0);
    await expect(page.getByRole('combobox', { name: 'Sort by' })).toHaveValue('price-asc');
  });

  test('a sort change before the filter panel code has arrived keeps the panel and raises no error', async ({ page }) => {
    // The panel's code (with the chips') comes after the page's own; a visitor can change the sort
    // first. Its arrival is held until a second after the new address is in place: long enough for
    // React to have thrown the panel's server HTML away, had the navigation's updates not all been
    // transitions (the page's error check then fails the test on React's error 421).
    let addressChanged: () => void = () => {};
    const changed = new Promise<void>((resolve) => (addressChanged = resolve));
    let held = 0;
    await page.route(/\/deferred-sections-[^/]*\.js$/, async (route) => {
      held += 1;
      await changed;
      await new Promise((resolve) => setTimeout(resolve, 1000));
      await route.continue();
    });
    await page.goto('/explore-cars?search=a&bodyType=SUV&sortBy=price&sortOrder=asc');
    const sort = page.getByRole('combobox', { name: 'Sort by' });
    await hydrated(sort);
    const keyword = page.locator('#filters input[name="search"]');
    await expect(keyword).toHaveValue('a');
    // The panel carries a non-default sort with the filters it submits.
    const carriedSort = page.locator('#filters input[type="hidden"][name="sortBy"]');
    await expect(carriedSort).toHaveCount(1);

    await sort.selectOption({ label: 'Most Recent' });
    await expect(page).toHaveURL(/\/explore-cars\?search=a&bodyType=SUV$/);
    addressChanged();
    expect(held, 'the panel code was held back').toBe(1);

    await settled(page);
    // The panel never left the page, and now follows the new address: same filters, default sort.
    await expect(keyword).toHaveValue('a');
    await expect(carriedSort).toHaveCount(0);
    await expect(page.getByRole('list', { name: 'Active filters' })).toContainText('Body Type: SUV');
    await expect(sort).toHaveValue('recent-desc');
  });

  test('price slider: arrow keys move by 1000 and the handles cannot cross', async ({ page }) => {
    await page.goto('/explore-cars');
    await settled(page);
    const { panel, close } = await filterPanel(page);
    const lower = panel.getByRole('slider', { name: 'Minimum price' });
    const min = Number(await lower.getAttribute('min'));
    expect(min % 1000).toBe(0);

    await lower.focus();
    await page.keyboard.press('ArrowRight');
    await expect(lower).toHaveValue(String(min + 1000));
    await expect(page).toHaveURL(new RegExp(`\\?minPrice=${min + 1000}$`));
    await close();
    await settled(page);
    await expect(page.getByRole('list', { name: 'Active filters' })).toContainText(`From $${(min + 1000).toLocaleString('en-US')}`);

    // Handles two steps apart: the upper one stops one step above the lower one.
    await page.goto('/explore-cars?minPrice=30000&maxPrice=32000');
    await settled(page);
    const again = await filterPanel(page);
    const upper2 = again.panel.getByRole('slider', { name: 'Maximum price' });
    await upper2.focus();
    for (let i = 0; i < 4; i++) await page.keyboard.press('ArrowLeft');
    await expect(upper2).toHaveValue('31000');
    await expect(again.panel.getByTestId('price-range-label')).toHaveText('$30,000 – $31,000');
    await expect(page).toHaveURL(/\?minPrice=30000&maxPrice=31000$/);
    // And the lower one stops one step below the upper one.
    const lower2 = again.panel.getByRole('slider', { name: 'Minimum price' });
    await lower2.focus();
    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');
    await expect(lower2).toHaveValue('30000');
  });

  test('keyword search runs on Enter, not while typing', async ({ page }) => {
    await page.goto('/explore-cars');
    await settled(page);
    const { panel, close } = await filterPanel(page);
    const box = panel.getByRole('searchbox', { name: 'Keyword' });
    await box.fill('Seal');
    // Typing alone does not search.
    await expect(page).toHaveURL(/\/explore-cars$/);
    await box.press('Enter');
    await expect(page).toHaveURL(/\/explore-cars\?search=Seal$/);
    await close();
    await settled(page);
    // Two seeded cars have "Seal" in their names.
    expect(await titles(page)).toEqual(['2024 BYD Seal Performance AWD', '2024 BYD Seal U DM-i Boost']);
    await expect(page.getByRole('list', { name: 'Active filters' })).toContainText('Keyword: “Seal”');
  });

  test('sorting by price puts the cheapest first', async ({ page }) => {
    await page.goto('/explore-cars?bodyType=SUV&page=3');
    await settled(page);
    await page.getByRole('combobox', { name: 'Sort by' }).selectOption({ label: 'Price: Low to High' });
    await expect(page).toHaveURL(/\/explore-cars\?bodyType=SUV&sortBy=price&sortOrder=asc$/);
    await settled(page);
    expect(await prices(page)).toEqual(SUV_CHEAPEST);

    await page.getByRole('combobox', { name: 'Sort by' }).selectOption({ label: 'Price: High to Low' });
    await expect(page).toHaveURL(/\/explore-cars\?bodyType=SUV&sortBy=price$/);
    await settled(page);
    expect(await prices(page)).toEqual(SUV_DEAREST);
  });

  test('pagination goes to page 2 and back', bothWidths, async ({ page }) => {
    // SUVs: three pages of seeded cars that no other test adds to or removes from meanwhile.
    await page.goto('/explore-cars?bodyType=SUV');
    await settled(page);
    const nav = page.getByRole('navigation', { name: 'Pagination' });
    const firstOnPage1 = await cards(page).first().getAttribute('data-car-id');
    await expect(nav.getByRole('link', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
    await expect(nav.getByRole('link', { name: /^Last Page/ })).toHaveAttribute('aria-disabled', 'true');
    // The exact words buyers see, on a phone too, each fully on screen.
    await expect(nav.getByRole('link', { name: /^Last Page/ })).toHaveText('Last Page');
    await expect(nav.getByRole('link', { name: 'Next Page' })).toHaveText('Next Page');
    const next = await nav.getByRole('link', { name: 'Next Page' }).boundingBox();
    expect(next!.x + next!.width).toBeLessThanOrEqual(page.viewportSize()!.width);

    await nav.getByRole('link', { name: 'Page 2' }).click();
    await expect(page).toHaveURL(/\/explore-cars\?bodyType=SUV&page=2$/);
    await settled(page);
    await expect(nav.getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    expect(await cards(page).first().getAttribute('data-car-id')).not.toBe(firstOnPage1);
    // The results, not the page top, are in view.
    await expect(page.getByTestId('car-results')).toBeInViewport();

    await nav.getByRole('link', { name: 'Last Page (the previous page)' }).click();
    await expect(page).toHaveURL(/\/explore-cars\?bodyType=SUV$/);
    await settled(page);
    expect(await cards(page).first().getAttribute('data-car-id')).toBe(firstOnPage1);
    expect(await nav.getByRole('link', { name: /^Page \d+$/ }).count()).toBeLessThanOrEqual(7);
  });

  test('grid or list view, remembered in this browser', async ({ page }) => {
    await page.goto('/explore-cars');
    await settled(page);
    const results = page.getByTestId('car-results');
    await expect(results).toHaveAttribute('data-view', 'grid');
    await page.getByRole('button', { name: 'List view' }).click();
    await expect(results).toHaveAttribute('data-view', 'list');
    await expect(page.getByRole('button', { name: 'List view' })).toHaveAttribute('aria-pressed', 'true');
    await page.reload();
    await expect(page.getByTestId('car-results')).toHaveAttribute('data-view', 'list');
  });

  test('a search without matches shows the empty state', async ({ page }) => {
    await page.goto('/explore-cars?search=zzqx-no-such-car-9f3');
    await expect(count(page)).toHaveText('0 cars found');
    await expect(page.getByRole('heading', { name: 'No Cars Found' })).toBeVisible();
    await expect(page.getByText('Try adjusting your search criteria or filters')).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Pagination' })).toHaveCount(0);
  });

  test('card links carry the list location for Back to Cars', async ({ page }) => {
    await page.goto('/explore-cars?bodyType=Sedan&page=1');
    // Explicit defaults are dropped: the clean query string.
    await expect(page).toHaveURL(/\/explore-cars\?bodyType=Sedan$/);
    const href = await cards(page)
      .first()
      .getByRole('link', { name: /View Details/ })
      .getAttribute('href');
    expect(href).toMatch(/^\/car\/\d+\?from=%2Fexplore-cars%3FbodyType%3DSedan$/);
  });

  test('has no accessibility violations, with the filters open', bothWidths, async ({ page }) => {
    await page.goto('/explore-cars?bodyType=SUV&minPrice=20000');
    await settled(page);
    await expectNoAxeViolations(page);
    if (isMobile(page)) {
      await filterPanel(page);
      await expectNoAxeViolations(page);
    }
  });
});

test.describe('explore cars before their code has run', () => {
  // The page's JavaScript held back (its stylesheet not): what a visitor on a slow phone has between
  // the first paint and hydration. Whatever they pick then must still apply.
  test.beforeEach(async ({ page }) => {
    await page.route('**/build/**/*.js', () => undefined);
  });

  test('a sort picked then still applies', async ({ page }) => {
    await page.goto('/explore-cars?bodyType=SUV&page=3', { waitUntil: 'commit' });
    await page.getByRole('combobox', { name: 'Sort by' }).selectOption({ label: 'Price: Low to High' });
    await expect(page).toHaveURL(/\/explore-cars\?bodyType=SUV&sortBy=price&sortOrder=asc$/);
    await expect(cards(page)).toHaveCount(12);
    expect(await prices(page)).toEqual(SUV_CHEAPEST);
  });

  test('a filter picked then still applies, from page 1', bothWidths, async ({ page }) => {
    await page.goto('/explore-cars?page=2', { waitUntil: 'commit' });
    // On a phone the Filters link shows the panel in the page until the sheet's code is there.
    if (isMobile(page)) await page.getByRole('link', { name: /^Filters/ }).click();
    const panel = page.getByRole('complementary', { name: 'Filters' });
    // Not waiting for the next page's load event: its scripts are held too, so it never comes.
    await panel.getByRole('group', { name: 'Body Type' }).getByRole('radio', { name: /^SUV/ }).click({ noWaitAfter: true });
    await expect(page).toHaveURL(/\/explore-cars\?bodyType=SUV$/);
    await expect(count(page)).toHaveText('31 cars found');
    expect(await titles(page)).toEqual(SUV_PAGE_1);
  });
});

test.describe('explore cars while their code takes the page over', () => {
  test('a sort picked during hydration is the one applied', async ({ page }) => {
    // A slow phone: the page's code arrives, and React takes the page over while the visitor already
    // picks. The render that follows hydration must not put the served sort back over the pick.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
    await page.goto('/explore-cars?bodyType=SUV&page=3');
    const sort = page.getByRole('combobox', { name: 'Sort by' });
    await sort.selectOption({ label: 'Price: Low to High' });
    await expect(page).toHaveURL(/\/explore-cars\?bodyType=SUV&sortBy=price&sortOrder=asc$/);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    await settled(page);
    await expect(sort).toHaveValue('price-asc');
    expect(await prices(page)).toEqual(SUV_CHEAPEST);
  });
});

test.describe('explore cars without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the filter form and sort work as plain GET forms', bothWidths, async ({ page }) => {
    await page.goto('/explore-cars?page=2');
    await expect(cards(page)).toHaveCount(12);
    if (isMobile(page)) {
      // The Filters link shows the panel in the page.
      await page.getByRole('link', { name: /^Filters/ }).click();
    }
    const panel = page.getByRole('complementary', { name: 'Filters' });
    await panel.getByRole('group', { name: 'Body Type' }).getByRole('radio', { name: 'SUV' }).check();
    await panel.getByRole('button', { name: 'Apply filters' }).click();
    // The loader turns the form's fields (empty lists, untouched slider) into the clean query.
    await expect(page).toHaveURL(/\/explore-cars\?bodyType=SUV$/);
    // The URL is the new document's before its body has arrived.
    await settled(page);
    await expect(count(page)).toHaveText('31 cars found');
    expect(await titles(page)).toEqual(SUV_PAGE_1);
    await expect(page.getByRole('list', { name: 'Active filters' })).toContainText('Body Type: SUV');
    // The counts are in the server's HTML: with SUV chosen, SUV still counts its 31 cars (on a phone
    // the panel is folded away until the Filters link is followed).
    await expect(page.locator('#filters').getByRole('radio', { name: 'SUV (31)', includeHidden: true })).toBeChecked();

    await page.getByRole('combobox', { name: 'Sort by' }).selectOption({ label: 'Price: Low to High' });
    await page.getByRole('button', { name: 'Sort', exact: true }).click();
    await expect(page).toHaveURL(/\/explore-cars\?bodyType=SUV&sortBy=price&sortOrder=asc$/);
    await settled(page);
    expect(await prices(page)).toEqual(SUV_CHEAPEST);
  });

  test('pagination and chips are links', async ({ page }) => {
    await page.goto('/explore-cars?fuelType=electric');
    await expect(count(page)).toHaveText(/\d+ cars found/);
    await page.getByRole('navigation', { name: 'Pagination' }).getByRole('link', { name: 'Page 2' }).click();
    await expect(page).toHaveURL(/\/explore-cars\?fuelType=electric&page=2$/);
    await expect(cards(page).first()).toBeVisible();
    await page.getByRole('link', { name: 'Remove filter Fuel Type: Electric' }).click();
    await expect(page).toHaveURL(/\/explore-cars$/);
    await expect(cards(page)).toHaveCount(12);
  });
});
