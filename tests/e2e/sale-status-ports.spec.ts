// Sale status, "Price to your port" and similar cars in the browser, at 1280 and 390 px, against
// the seeded catalogue (two sold cars, two reserved ones, nine ports), with and without JavaScript.
import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, isMobile, test, bothWidths } from './support/fixtures';
import { gqlData, randomIp, unique } from '../integration/support/wordpress';
import { deleteStoredMessages, storedMessages } from '../integration/support/local';
import type { Port } from '../../app/lib/wordpress/types';

type SeededCar = { databaseId: number; title: string; price: number | null; saleStatus: string };
/** A port as GraphQL lists it (the site's Port, with WordPress's databaseId for its id). */
type SeededPort = Omit<Port, 'id'> & { databaseId: number };

async function seededCar(search: string): Promise<SeededCar> {
  const { cars } = await gqlData<{ cars: { nodes: SeededCar[] } }>(
    'query($f: CarFilter) { cars(filter: $f) { nodes { databaseId title price saleStatus } } }',
    { f: { search, includeSold: true } },
  );
  expect(cars.nodes, `the seeded "${search}"`).toHaveLength(1);
  return cars.nodes[0]!;
}

async function seededPort(name: string): Promise<SeededPort> {
  const { ports } = await gqlData<{ ports: SeededPort[] }>(
    '{ ports { databaseId name country roroFreight containerFreight insuranceRate transitDays } }',
  );
  const port = ports.find((p) => p.name === name);
  expect(port, `the seeded port ${name}`).toBeTruthy();
  return port!;
}

/** The arithmetic the page states: insurance on FOB + freight, rounded up to whole dollars. */
function cif(fob: number, freight: number, rate: number): number {
  return fob + freight + Math.ceil(((fob + freight) * Math.round(rate * 100)) / 10_000);
}

const money = (n: number) => `$${n.toLocaleString('en-US')}`;
const cards = (page: Page) => page.getByTestId('car-results').getByTestId('car-card');
const emails: string[] = [];

test.afterAll(() => {
  deleteStoredMessages(emails);
});

test.describe('sale status', () => {
  test('a sold car keeps its page (200) with the notice, the badge, similar available cars and SoldOut', bothWidths, async ({ page }) => {
    const sold = await seededCar('UNI-V Sport');
    expect(sold.saleStatus).toBe('SOLD');
    const res = await page.goto(`/car/${sold.databaseId}`);
    expect(res?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: sold.title })).toBeVisible();
    await expect(page.getByTestId('sale-notice')).toContainText('This car has been sold');
    await expect(page.getByTestId('car-summary').filter({ visible: true }).getByTestId('sale-status-badge')).toHaveText('Sold');

    const similar = page.getByTestId('similar-cars');
    await expect(similar.getByRole('heading', { name: 'Similar cars' })).toBeVisible();
    const similarCards = similar.getByTestId('car-card');
    expect(await similarCards.count()).toBeGreaterThan(0);
    expect(await similarCards.count()).toBeLessThanOrEqual(4);
    // Available only: no card there carries a status badge.
    await expect(similar.getByTestId('sale-status-badge')).toHaveCount(0);

    const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}');
    expect(ld.offers.availability).toBe('https://schema.org/SoldOut');
    await expect(page.getByTestId('inquiry-notice')).toContainText('This car has been sold');
    // No landed price for a car nobody can buy.
    await expect(page.getByTestId('port-estimator')).toHaveCount(0);
    await expectNoAxeViolations(page);
  });

  test('a reserved car says so on its page and on its card, and stays in the list', async ({ page }) => {
    const reserved = await seededCar('Arrizo 8');
    expect(reserved.saleStatus).toBe('RESERVED');
    await page.goto(`/car/${reserved.databaseId}`);
    await expect(page.getByTestId('sale-notice')).toContainText('This car is reserved');
    const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}');
    expect(ld.offers.availability).toBe('https://schema.org/Reserved');

    await page.goto('/explore-cars?search=Arrizo');
    await expect(cards(page)).toHaveCount(1);
    await expect(cards(page).getByTestId('sale-status-badge')).toHaveText('Reserved');
  });

  test('Explore hides sold cars until "Include sold cars" is ticked', bothWidths, async ({ page }) => {
    await page.goto('/explore-cars?search=UNI-V');
    await expect(page.getByTestId('result-count')).toHaveText('0 cars found');
    const box = isMobile(page)
      ? (await page.getByRole('button', { name: /^Filters/ }).click(),
        page.getByRole('dialog', { name: 'Filters' }).getByLabel('Include sold cars'))
      : page.getByRole('complementary', { name: 'Filters' }).getByLabel('Include sold cars');
    await expect(box).not.toBeChecked();
    // The box follows the URL: it shows ticked once the search it started is under way.
    await box.click();
    await expect(page).toHaveURL(/[?&]includeSold=1\b/);
    await expect(box).toBeChecked();
    if (isMobile(page))
      await page
        .getByRole('dialog', { name: 'Filters' })
        .getByRole('button', { name: /^Show 1 car$/ })
        .click();
    await expect(page.getByTestId('result-count')).toHaveText('1 car found');
    await expect(cards(page).getByTestId('sale-status-badge')).toHaveText('Sold');
    await expectNoAxeViolations(page);
  });
});

test.describe('price to your port', () => {
  test('estimates CIF for the chosen port and method, remembers the port on the next car and on Explore', bothWidths, async ({ page }) => {
    const car = await seededCar('Seal Performance');
    const lagos = await seededPort('Lagos (Tin Can Island)');
    await page.goto(`/car/${car.databaseId}`);
    const estimator = page.getByTestId('port-estimator');
    await estimator.getByLabel('Destination port').selectOption({ label: 'Lagos (Tin Can Island), Nigeria' });
    await estimator.getByLabel('Container').check();
    await estimator.getByRole('button', { name: 'Show price' }).click();
    await expect(page).toHaveURL(new RegExp(`/car/${car.databaseId}\\?port=${lagos.databaseId}&shipping=container$`));
    await expect(estimator.getByTestId('port-estimate-cif')).toHaveText(
      money(cif(car.price!, lagos.containerFreight, lagos.insuranceRate)),
    );
    await expect(estimator).toContainText(`about ${lagos.transitDays} days`);
    await expect(estimator).toContainText('This is an estimate');
    await expect(page.getByTestId('inquiry-port')).toContainText('Lagos (Tin Can Island), Nigeria, Container');
    await expectNoAxeViolations(page);

    // Another car: the port and method are already chosen (the server read the cookie).
    const other = await seededCar('Tank 300');
    await page.goto(`/car/${other.databaseId}`);
    await expect(page.getByTestId('port-estimator').getByLabel('Destination port')).toHaveValue(String(lagos.databaseId));
    await expect(page.getByTestId('port-estimate-cif')).toHaveText(money(cif(other.price!, lagos.containerFreight, lagos.insuranceRate)));

    await page.goto('/explore-cars?search=Seal+Performance');
    await expect(cards(page).getByTestId('car-price-to-port')).toContainText(
      `${money(cif(car.price!, lagos.containerFreight, lagos.insuranceRate))} to Lagos (Tin Can Island)`,
    );
  });

  test(
    '"My port is not listed" shows no estimate and leads to an inquiry asking for a quote, with and without JavaScript',
    bothWidths,
    async ({ page }) => {
      const car = await seededCar('Seal Performance');
      const lagos = await seededPort('Lagos (Tin Can Island)');
      // A remembered port first: choosing "not listed" must forget it, on the inquiry too.
      await page.goto(`/car/${car.databaseId}?port=${lagos.databaseId}`);
      await expect(page.getByTestId('inquiry-port')).toBeVisible();
      const estimator = page.getByTestId('port-estimator');
      await estimator.getByLabel('Destination port').selectOption({ label: 'My port is not listed' });
      await estimator.getByRole('button', { name: 'Show price' }).click();
      await expect(page).toHaveURL(new RegExp(`/car/${car.databaseId}\\?port=other&shipping=roro$`));
      await expect(estimator.getByTestId('port-unlisted')).toContainText('We ship to other ports too');
      await expect(estimator.getByTestId('port-estimate')).toHaveCount(0);
      await expect(estimator.getByRole('alert')).toHaveCount(0);
      await estimator.getByRole('link', { name: 'Ask for a quote to your port' }).click();
      const form = page.getByRole('form', { name: 'Send an Inquiry for this Car' });
      await expect(form.getByLabel('Message')).toBeInViewport();
      await expect(form.getByLabel('Message')).toHaveValue('Please quote shipping to my port: ');
      await expect(form.getByTestId('inquiry-port')).toHaveCount(0);
      await expectNoAxeViolations(page);

      // The page as a browser without JavaScript gets it: the choice selected, the message written.
      const html = await (await page.request.get(`/car/${car.databaseId}?port=other&shipping=roro`)).text();
      expect(html).toMatch(/<option value="other" selected="">My port is not listed<\/option>/);
      expect(html).toMatch(/<textarea[^>]*name="message"[^>]*>Please quote shipping to my port: <\/textarea>/);
    },
  );

  test('Show price keeps the list Back to Cars leads to, and without a port asks for one', async ({ page, browserErrors }) => {
    browserErrors.expect(/status of 400 \(Bad Request\) \(\S+\/car\/\d+\?from=\S*&port=&/); // no port answers 400: the browser logs the document's status
    const car = await seededCar('Seal Performance');
    const mombasa = await seededPort('Mombasa');
    const from = '/explore-cars?fuelType=electric';
    await page.goto(`/car/${car.databaseId}?${new URLSearchParams({ from })}`);
    const estimator = page.getByTestId('port-estimator');
    await estimator.getByRole('button', { name: 'Show price' }).click();
    await expect(estimator.getByRole('alert')).toHaveText('Please choose your destination port, then press Show price.');
    await expect(estimator.getByTestId('port-estimate')).toHaveCount(0);

    await estimator.getByLabel('Destination port').selectOption({ label: 'Mombasa, Kenya' });
    await estimator.getByRole('button', { name: 'Show price' }).click();
    await expect(estimator.getByTestId('port-estimate-cif')).toHaveText(money(cif(car.price!, mombasa.roroFreight, mombasa.insuranceRate)));
    await expect(estimator.getByRole('alert')).toHaveCount(0);
    await page.getByRole('link', { name: 'Back to Cars' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/explore-cars' && url.searchParams.get('fuelType') === 'electric');

    // Without JavaScript the form's GET gets the same page: the sentence, and ?from= kept in the form.
    const res = await page.request.get(`/car/${car.databaseId}?${new URLSearchParams({ from, port: '', shipping: 'roro' })}`);
    expect(res.status()).toBe(400);
    const html = await res.text();
    expect(html).toContain('Please choose your destination port, then press Show price.');
    expect(html).toMatch(/<input type="hidden" name="from" value="\/explore-cars\?fuelType=electric"\/>/);
  });

  test('a car without a price shows no estimate', async ({ page }) => {
    const car = await seededCar('Mega Ultra');
    expect(car.price).toBeNull();
    await page.goto(`/car/${car.databaseId}`);
    await expect(page.getByTestId('port-estimate-none')).toBeVisible();
    await expect(page.getByTestId('port-estimator').getByRole('button', { name: 'Show price' })).toHaveCount(0);
  });

  test('an unknown port is refused with 400 and a message', async ({ page, browserErrors }) => {
    browserErrors.expect(/status of 400 \(Bad Request\) \(\S+\/car\/\d+\?port=999999999\b/); // the unknown port answers 400: the browser logs the document's status
    const car = await seededCar('Seal Performance');
    const res = await page.goto(`/car/${car.databaseId}?port=999999999`);
    expect(res?.status()).toBe(400);
    await expect(page.getByTestId('port-estimator').getByRole('alert')).toHaveText(
      'That destination port is not in our list. Please choose one from the list.',
    );
    await expect(page.getByTestId('port-estimate')).toHaveCount(0);
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the estimator is a GET form, and the inquiry carries the chosen port to the stored lead', async ({ page }) => {
    await page.setExtraHTTPHeaders({ 'X-Forwarded-For': randomIp() });
    const car = await seededCar('Seal Performance');
    const mombasa = await seededPort('Mombasa');
    await page.goto(`/car/${car.databaseId}`);
    const estimator = page.getByTestId('port-estimator');
    await estimator.getByLabel('Destination port').selectOption({ label: 'Mombasa, Kenya' });
    await estimator.getByRole('button', { name: 'Show price' }).click();
    await expect(page).toHaveURL(new RegExp(`\\?port=${mombasa.databaseId}&shipping=roro$`));
    await expect(page.getByTestId('port-estimate-cif')).toHaveText(money(cif(car.price!, mombasa.roroFreight, mombasa.insuranceRate)));

    const email = `${unique('porte2e')}@example.com`;
    emails.push(email);
    const form = page.getByRole('form', { name: 'Send an Inquiry for this Car' });
    await expect(form.getByTestId('inquiry-port')).toContainText('Mombasa, Kenya, RoRo');
    await form.getByLabel('Name').fill('Wanjiru Kamau');
    await form.getByLabel('Phone').fill('+254 700 000 000');
    await form.getByLabel('Email').fill(email);
    // Without the page's script, the spam guard holds back (keeps for staff to check) a form sent
    // within 3 s of the page loading; a person who takes longer is an ordinary lead.
    await page.waitForTimeout(3_100);
    await form.getByRole('button', { name: 'Send Inquiry' }).click();
    await expect(page.getByTestId('inquiry-success')).toBeVisible();
    await expect.poll(() => storedMessages(email)[0]?.meta._inquiry_port).toBe('Mombasa, Kenya (RoRo)');
    expect(storedMessages(email)[0]?.status).toBe('private');
  });

  test('"Include sold cars" is a checkbox of the filter form', bothWidths, async ({ page }) => {
    await page.goto('/explore-cars?search=UNI-V');
    await expect(page.getByTestId('result-count')).toHaveText('0 cars found');
    if (isMobile(page)) await page.getByRole('link', { name: /^Filters/ }).click();
    const panel = page.getByRole('complementary', { name: 'Filters' });
    await panel.getByLabel('Include sold cars').check();
    await panel.getByRole('button', { name: 'Apply filters' }).click();
    await expect(page).toHaveURL(/\/explore-cars\?search=UNI-V&includeSold=1$/);
    await expect(page.getByTestId('result-count')).toHaveText('1 car found');
    await expect(cards(page).getByTestId('sale-status-badge')).toHaveText('Sold');
  });
});
