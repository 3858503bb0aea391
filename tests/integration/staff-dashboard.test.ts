// wp-admin's front door as staff see it: the Car Export dashboard in place of WordPress's own, and
// no Comments, Customizer or theme screens (they change nothing on this site).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminSession, linkHref, type AdminSession } from './support/admin';
import { createCar, deleteCar, unique } from './support/wordpress';
import { frontendUrl } from './support/site';

let admin: AdminSession;
const cars: number[] = [];

beforeAll(async () => {
  admin = await adminSession();
});

afterAll(async () => {
  for (const id of cars) await deleteCar(id);
});

async function dashboard(): Promise<string> {
  const res = await admin.get('/wp-admin/index.php');
  expect(res.status).toBe(200);
  return res.text();
}

/** The number beside a sale-status badge in the Cars box. */
function soldCount(html: string): number {
  const count = /car-status-sold">Sold<\/span> <strong>([\d,]+)<\/strong>/.exec(html)?.[1];
  expect(count, 'the Cars box counts sold cars').toBeDefined();
  return Number(count!.replace(/,/g, ''));
}

describe('the dashboard', () => {
  it("shows leads, cars by sale status, the last import and purge and the site's links, and none of WordPress's boxes", async () => {
    const before = await dashboard();
    for (const box of ['Leads', 'Cars', 'Last import', 'Website']) expect(before).toMatch(new RegExp(`<h2 class="hndle[^"]*">${box}</h2>`));
    for (const stock of [
      'welcome-panel',
      'dashboard_quick_press',
      'dashboard_primary',
      'dashboard_right_now',
      'dashboard_activity',
      'dashboard_site_health',
    ]) {
      expect(before).not.toContain(`id="${stock}"`);
    }
    expect(before).not.toContain('Quick Draft');
    expect(before).toMatch(/Car inquiries<\/a><\/th><td><a href="[^"]*lead_status=new/);
    expect(before).toMatch(/Last purge: [^<]+/);
    expect(linkHref(before, 'Catalogue')).toBe(`${frontendUrl()}/explore-cars`);

    // A sold car published now is counted at once.
    cars.push(await createCar({ title: unique('QA Dash sold'), _car_sale_status: 'sold' }));
    expect(soldCount(await dashboard())).toBe(soldCount(before) + 1);
  });
});

describe('screens that do nothing for this site', () => {
  it('are not in the menu, and their addresses lead to the dashboard', async () => {
    const html = await dashboard();
    expect(html).not.toMatch(/<div class=['"]wp-menu-name['"]>(Comments|Appearance)/);
    expect(html).not.toContain('customize.php');
    for (const screen of ['edit-comments.php', 'customize.php', 'themes.php', 'widgets.php', 'options-discussion.php']) {
      const res = await admin.get(`/wp-admin/${screen}`);
      expect(res.status, screen).toBe(302);
      expect(res.headers.get('location'), screen).toMatch(/\/wp-admin\/(index\.php)?$/);
    }
  });
});
