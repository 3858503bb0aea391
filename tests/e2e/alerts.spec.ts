// Saved searches with e-mail alerts end to end: a signed-in buyer saves the explore filters under a
// name and finds the search on /account/alerts; a guest's "Alert me" opens the sign-in dialog, as a
// heart tap does.
import { test } from './support/cars';
import { expect } from './support/fixtures';
import { hydrated, signInByRequest, signInDialog } from './support/session';

const FILTERED = '/explore-cars?bodyType=SUV&maxPrice=30000';

test('a signed-in buyer saves the explore filters and sees the search on /account/alerts', async ({ page, account }) => {
  await signInByRequest(page, account.username, account.password);
  await page.goto(FILTERED);
  await page.getByTestId('alert-me').click();

  await expect(page).toHaveURL(/\/account\/alerts\/new\?/);
  await expect(page.getByRole('heading', { level: 1, name: 'Alert me about new matches' })).toBeVisible();
  await expect(page.getByTestId('alert-filters')).toHaveText('Body Type: SUV, Price: Up to $30,000');
  const name = page.getByLabel('Name');
  await expect(name).toHaveValue('SUV · Up to $30,000');
  await name.fill('Family SUVs');
  await page.getByRole('button', { name: 'Save' }).click();

  await expect(page).toHaveURL(/\/account\/alerts\?saved=1$/);
  const item = page.getByTestId('saved-searches').getByRole('listitem');
  await expect(item).toHaveCount(1);
  await expect(item.getByRole('heading', { name: 'Family SUVs' })).toBeVisible();
  await expect(item).toContainText('Body Type: SUV, Price: Up to $30,000');
  await expect(item).toContainText('E-mails on');
  await expect(item.getByRole('link', { name: 'See matches' })).toHaveAttribute('href', FILTERED);

  await item.getByRole('button', { name: 'Pause e-mails' }).click();
  await expect(item).toContainText('E-mails paused');
  await item.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('No saved searches yet.')).toBeVisible();
});

test('a saved search is named exactly as typed, "<" and "&" included', async ({ page, account }) => {
  const typed = '<30k & "cheap" <b>SUVs</b>';
  await signInByRequest(page, account.username, account.password);
  await page.goto(FILTERED);
  await page.getByTestId('alert-me').click();
  await page.getByLabel('Name').fill(typed);
  await page.getByRole('button', { name: 'Save' }).click();

  await expect(page).toHaveURL(/\/account\/alerts\?saved=1$/);
  const item = page.getByTestId('saved-searches').getByRole('listitem');
  await expect(item.getByRole('heading', { level: 2 })).toHaveText(typed);
  await item.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('No saved searches yet.')).toBeVisible();
});

test('a guest tapping "Alert me" gets the sign-in dialog', async ({ page }) => {
  await page.goto(FILTERED);
  const link = page.getByTestId('alert-me');
  await hydrated(link);
  await link.click();
  await expect(signInDialog(page)).toBeVisible();
  await expect(page).toHaveURL(FILTERED);
});

test('without JavaScript a guest is sent to sign in and back to the naming page', async ({ newContext }) => {
  const context = await newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(FILTERED);
  await page.getByTestId('alert-me').click();
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Faccount%2Falerts%2Fnew%3FbodyType%3DSUV%26maxPrice%3D30000$/);
  await context.close();
});
