// The sale end to end, as buyers and the sales desk meet it: buyer 1 requests a quote on the car page,
// staff quote it (staff REST API), buyer 1 accepts and gets the proforma PDF, buyer 2 finds the car
// Reserved with no Buy Now, buyer 1 uploads a proof, staff confirm full payment, book and ship, the
// document appears for the buyer once paid, and the deal completes. Another buyer opening buyer 1's
// deal, or a guest, gets no deal. Behaviour only: it runs at 1280 px (playwright.config.ts).
import { test } from './support/cars';
import { expect } from './support/fixtures';
import { hydrated, signInByRequest, submitSignIn } from './support/session';
import { adminToken, rest, suiteUsers, WP } from '../integration/support/wordpress';

const users = suiteUsers();
test.afterAll(() => users.removeAll());

/** A 1×1 PNG: the smallest proof of payment WordPress takes by its content. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

async function staff(path: string, body: unknown) {
  const res = await rest(`/car-export/v1/staff/deals/${path}`, { method: 'POST', token: await adminToken(), body });
  expect(res.status, res.text).toBe(200);
  return res.body;
}

test('a quote becomes a shipped, completed sale; others never see the deal', async ({ page, car, newContext, browserErrors }) => {
  test.setTimeout(120_000);
  // The other buyer's browser logs the 404 of buyer 1's deal page.
  browserErrors.expect(/status of 404 \(Not Found\) \(\S+\/account\/deals\/[0-9a-f]{24}\b/);
  const buyer1 = await users.create();
  const buyer2 = await users.create();

  // Buyer 1 asks for a FOB quote with an inspection from the car page.
  await signInByRequest(page, buyer1.username, buyer1.password);
  await page.goto(`/car/${car.id}`);
  const form = page.getByTestId('deal-form');
  await form.getByLabel(/Destination country/).fill('Kenya');
  await form.getByLabel('FOB').check();
  await form.getByLabel('RoRo').check();
  await form.getByLabel(/Pre-shipment inspection/).check();
  await form.getByLabel(/Message/).fill('Please ship before March.');
  await form.getByRole('button', { name: 'Request a quote' }).click();
  await expect(page).toHaveURL(/\/account\/deals\/[0-9a-f]{24}\?done=requested$/);
  await expect(page.getByText('Your quote request is sent.')).toBeVisible();
  await expect(page.getByTestId('deal-state')).toHaveText('Quote requested');
  const dealUrl = new URL(page.url()).pathname;
  const dealId = dealUrl.split('/').pop()!;

  // The list shows it with the next step in words.
  await page.goto('/account/deals');
  await expect(page.getByTestId('deal-row')).toHaveCount(1);
  await expect(page.getByTestId('deal-next')).toHaveText('We are preparing your quote.');

  // Staff quote it.
  await staff(`${dealId}/quote`, {
    lines: [
      { kind: 'car', amount: 45000 },
      { kind: 'inspection', label: 'Pre-shipment inspection', amount: 300 },
    ],
    validDays: 5,
  });

  await page.goto(dealUrl);
  await expect(page.getByTestId('next-action')).toContainText('Your quote is ready: accept or decline it.');
  await expect(page.getByTestId('deal-deadline')).toContainText('The quote is valid until');
  await expect(page.getByTestId('deal-total')).toHaveText('$45,300');
  await page.getByRole('button', { name: 'Accept the quote' }).click();
  await expect(page.getByText('You accepted the quote')).toBeVisible();
  await expect(page.getByTestId('deal-deadline')).toContainText('The car is held for you until');
  const proformaLink = page.getByTestId('proforma-link');
  const proformaNumber = /Proforma invoice (\S+)/.exec((await proformaLink.textContent()) ?? '')![1]!;

  // The proforma is a PDF, private to the buyer, naming its number on the deal page.
  const pdf = await page.request.get(`${dealUrl}/invoice.pdf`);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toContain('application/pdf');
  expect(pdf.headers()['cache-control']).toBe('private, no-store');
  expect(pdf.headers()['content-disposition']).toMatch(/^attachment; filename="/);
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
  await expect(proformaLink).toContainText(proformaNumber);

  // Buyer 2 finds the car reserved: no Buy Now, no quote form; buyer 1's deal and invoice are not theirs.
  const other = await (await newContext()).newPage();
  await signInByRequest(other, buyer2.username, buyer2.password);
  await other.goto(`/car/${car.id}`);
  await expect(other.getByText('Reserved').first()).toBeVisible();
  await expect(other.getByTestId('deal-form')).toHaveCount(0);
  await expect(other.getByRole('button', { name: 'Buy Now' })).toHaveCount(0);
  // Buy Now sent from a page drawn before the car was reserved: WordPress's 409 sentence, no deal.
  const stale = await other.request.post(`/car/${car.id}`, {
    form: { intent: 'deal-buy', formKey: 'stale', portId: '', country: 'Kenya', tradeTerm: 'FOB', shipping: 'roro' },
    maxRedirects: 0,
  });
  expect(stale.status()).toBe(409);
  expect(await stale.text()).toMatch(/role="alert"[\s\S]*?<p>This car is already reserved by another buyer.<\/p>/);
  expect((await rest('/car-export/v1/deals', { token: buyer2.token })).body.deals).toEqual([]);
  const stranger = await other.goto(dealUrl);
  expect(stranger?.status()).toBe(404);
  await expect(other.getByTestId('deal-not-found')).toBeVisible();
  expect((await other.request.get(`${dealUrl}/invoice.pdf`)).status()).toBe(404);
  // A guest is sent to sign in, never shown the deal.
  const guest = await (await newContext()).newPage();
  await guest.goto(dealUrl);
  await expect(guest).toHaveURL(/\/login\?redirectTo=/);

  // Buyer 1 uploads a proof of payment.
  await page.getByLabel(/Upload proof of payment/).setInputFiles({ name: 'transfer.png', mimeType: 'image/png', buffer: PNG });
  await page.getByRole('button', { name: 'Upload proof', exact: true }).click();
  await expect(page.getByText('your proof of payment is uploaded')).toBeVisible();
  await expect(page.getByTestId('next-action')).toContainText('We are checking your payment.');

  // No document for the buyer before everything is paid.
  await expect(page.getByTestId('deal-files')).not.toContainText('export-certificate');

  await staff(`${dealId}/confirm-payment`, { amount: 45300, date: new Date().toISOString().slice(0, 10) });
  await staff(`${dealId}/book-shipping`, { vessel: 'MV Test Carrier', etd: '2027-01-10', eta: '2027-02-05' });
  await staff(`${dealId}/ship`, { blNumber: 'BL-E2E-1' });
  const doc = new FormData();
  doc.append('file', new Blob([PNG], { type: 'image/png' }), 'export-certificate.png');
  doc.append('forBuyer', 'true');
  const uploaded = await fetch(`${WP}/wp-json/car-export/v1/staff/deals/${dealId}/documents`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${await adminToken()}` },
    body: doc,
  });
  expect(uploaded.status, await uploaded.text()).toBe(200);

  await page.goto(dealUrl);
  await expect(page.getByTestId('deal-balance')).toHaveText('$0');
  await expect(page.getByText('MV Test Carrier', { exact: true })).toBeVisible();
  const certificate = page.getByTestId('deal-files').getByRole('link', { name: 'export-certificate.png' });
  await expect(certificate).toBeVisible();
  const file = await page.request.get((await certificate.getAttribute('href'))!);
  expect(file.status()).toBe(200);
  expect(file.headers()['content-type']).toContain('image/png');
  expect(file.headers()['cache-control']).toBe('private, no-store');

  await staff(`${dealId}/send-documents`, { tracking: 'DHL 123' });
  await staff(`${dealId}/complete`, {});
  await page.goto(dealUrl);
  await expect(page.getByTestId('deal-state')).toHaveText(/Completed/);
  await expect(page.getByTestId('deal-timeline').getByRole('listitem').last()).toContainText(/Completed/);
});

test('a guest who asks for a quote signs in and comes back to the car with the choices kept', async ({ page, car, account }) => {
  await page.goto(`/car/${car.id}`);
  const form = page.getByTestId('deal-form');
  await form.getByLabel(/Destination country/).fill('Tanzania');
  await form.getByLabel('CFR').check();
  await form.getByLabel('Container').check();
  await form.getByLabel(/Message/).fill('Left-hand drive?');
  await form.getByRole('button', { name: 'Request a quote' }).click();

  await expect(page).toHaveURL(/\/login\?redirectTo=/);
  const main = page.getByRole('main');
  await hydrated(main.getByRole('button', { name: 'Sign In', exact: true }));
  await submitSignIn(main, account.username, account.password);

  await expect(page).toHaveURL(new RegExp(`/car/${car.id}\\?deal=1`));
  const back = page.getByTestId('deal-form');
  await expect(back.getByLabel(/Destination country/)).toHaveValue('Tanzania');
  await expect(back.getByLabel('CFR')).toBeChecked();
  await expect(back.getByLabel('Container')).toBeChecked();
  await expect(back.getByLabel(/Message/)).toHaveValue('Left-hand drive?');
  // Nothing was requested on the guest's behalf.
  const deals = await rest('/car-export/v1/deals', { token: account.token });
  expect(deals.body.deals).toEqual([]);
});
