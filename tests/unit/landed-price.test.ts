// The "Price to your port" estimate and the remembered port: the arithmetic (whole dollars,
// insurance rounded up), the GET form's and the cookie's parsing, and what the car page does with
// a good, a cleared, an unlisted and a refused choice, and the seeded ports' figures.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { useUnitEnv } from './support/unit-env';
import { portEstimate } from '~/routes/car.$id/shipping-model.server';
import { insuranceFor, landedPrice, portLabel } from '~/lib/shipping/landed-price';
import { priceLabel } from '~/lib/wordpress/labels';
import { CHOOSE_PORT_MESSAGE, shipToCookie, shipToFromCookie, shipToFromQuery, UNKNOWN_PORT_MESSAGE } from '~/lib/shipping/ship-to.server';
import type { Port } from '~/lib/wordpress/types';

const lagos: Port = {
  id: 430,
  name: 'Lagos (Tin Can Island)',
  country: 'Nigeria',
  roroFreight: 1850,
  containerFreight: 2400,
  insuranceRate: 1.5,
  transitDays: 42,
  route: 'sea',
};
const jebelAli: Port = {
  id: 434,
  name: 'Jebel Ali',
  country: 'United Arab Emirates',
  roroFreight: 950,
  containerFreight: 1300,
  insuranceRate: 0.8,
  transitDays: 18,
  route: 'sea',
};
const almaty: Port = {
  id: 436,
  name: 'Almaty (overland via Khorgos)',
  country: 'Kazakhstan',
  roroFreight: 1500,
  containerFreight: 1700,
  insuranceRate: 1,
  transitDays: 18,
  route: 'overland',
};

// The cookie's Secure flag follows the site's environment, as the session cookie's does.
useUnitEnv({ scope: 'file', unset: ['COOKIE_SECURE'] });

describe('landed price', () => {
  it('adds freight and insurance on FOB + freight to make the CIF estimate', () => {
    // 15,800 + 2,400 = 18,200; 1.5 % of it is exactly 273.
    expect(landedPrice(15_800, lagos, 'container')).toEqual({
      fob: 15_800,
      freight: 2_400,
      insurance: 273,
      cif: 18_473,
      method: 'container',
      transitDays: 42,
    });
    // RoRo uses the RoRo figure: 17,900 + 1,850 = 19,750; 1.5 % = 296.25, rounded up to 297.
    expect(landedPrice(17_900, lagos, 'roro')).toMatchObject({ freight: 1_850, insurance: 297, cif: 20_047 });
  });

  it('rounds insurance up to the next whole dollar, never down, and exactly on whole amounts', () => {
    expect(insuranceFor(10_000, 1.5)).toBe(150);
    expect(insuranceFor(10_001, 1.5)).toBe(151); // 150.015
    expect(insuranceFor(12_345, 0.8)).toBe(99); // 98.76
    // 0.1 + 0.2 style binary fractions do not add a dollar: 0.29 % of 100,000 is exactly 290.
    expect(insuranceFor(100_000, 0.29)).toBe(290);
    expect(insuranceFor(50_000, 0)).toBe(0);
  });

  it('gives no estimate for a car without a price (Contact for Price)', () => {
    expect(landedPrice(null, lagos, 'roro')).toBeNull();
    expect(landedPrice(0, lagos, 'roro')).toBeNull();
  });

  it('formats dollars and names the port with its country', () => {
    expect(priceLabel(121_648)).toBe('$121,648');
    expect(portLabel(jebelAli)).toBe('Jebel Ali, United Arab Emirates');
  });
});

describe('remembered port', () => {
  const q = (s: string) => shipToFromQuery(new URLSearchParams(s));

  it('reads the GET form: a port with RoRo by default, container when named, empty as no port chosen', () => {
    expect(q('')).toEqual({ kind: 'none' });
    expect(q('port=430')).toEqual({ kind: 'set', choice: { portId: 430, method: 'roro' } });
    expect(q('port=430&shipping=container')).toEqual({ kind: 'set', choice: { portId: 430, method: 'container' } });
    expect(q('port=')).toEqual({ kind: 'missing', message: CHOOSE_PORT_MESSAGE });
  });

  it('reads "My port is not listed" as its own choice, and nothing like it', () => {
    expect(q('port=other&shipping=roro')).toEqual({ kind: 'unlisted' });
    expect(q('port=%20other%20')).toEqual({ kind: 'unlisted' });
    expect(q('port=others')).toEqual({ kind: 'invalid', message: UNKNOWN_PORT_MESSAGE });
    expect(q('port=Other')).toEqual({ kind: 'invalid', message: UNKNOWN_PORT_MESSAGE });
  });

  it('refuses a malformed port or method with a sentence', () => {
    expect(q('port=lagos')).toEqual({ kind: 'invalid', message: UNKNOWN_PORT_MESSAGE });
    expect(q('port=-1')).toMatchObject({ kind: 'invalid' });
    expect(q('port=430&shipping=air')).toEqual({ kind: 'invalid', message: 'Please choose RoRo or container shipping.' });
  });

  it('reads the cookie it writes, and ignores a tampered one', () => {
    const req = (cookie: string) => new Request('http://x/', { headers: { cookie } });
    const set = shipToCookie(req(''), { portId: 430, method: 'container' });
    expect(set).toMatch(/^ship_to=430\.container; Path=\/; Max-Age=\d+; HttpOnly; SameSite=Lax/);
    expect(shipToFromCookie(req(`a=1; ${set.split(';')[0]}`))).toEqual({ portId: 430, method: 'container' });
    expect(shipToFromCookie(req('ship_to=430.air'))).toBeNull();
    expect(shipToFromCookie(req('ship_to=<script>'))).toBeNull();
    expect(shipToCookie(req(''), null)).toMatch(/^ship_to=; Path=\/; Max-Age=0;/);
  });
});

describe('car page estimate', () => {
  const ports = [lagos, jebelAli];
  const at = (query: string, cookie = '') => new Request(`http://x/car/112${query}`, { headers: cookie ? { cookie } : {} });

  it('estimates for the chosen port, remembers it, and keeps the page out of shared caches', () => {
    const r = portEstimate(at('?port=434&shipping=container'), ports, 20_000);
    expect(r.status).toBe(200);
    expect(r.model.port?.name).toBe('Jebel Ali');
    expect(r.model.estimate).toMatchObject({ freight: 1_300, insurance: 171, cif: 21_471 }); // 0.8 % of 21,300 = 170.4
    expect(r.setCookie).toMatch(/^ship_to=434\.container;/);
    expect(r.personal).toBe(true);
  });

  it('uses the remembered port without setting the cookie again', () => {
    const r = portEstimate(at('', 'ship_to=430.roro'), ports, 20_000);
    expect(r.model.port?.id).toBe(430);
    expect(r.setCookie).toBeNull();
    expect(r.personal).toBe(true);
  });

  it('is a plain shareable page when nothing is chosen', () => {
    const r = portEstimate(at(''), ports, 20_000);
    expect(r).toMatchObject({ status: 200, setCookie: null, personal: false, model: { port: null, estimate: null } });
  });

  it('refuses an unknown port with 400 and leaves the remembered one as it was', () => {
    const r = portEstimate(at('?port=999', 'ship_to=430.roro'), ports, 20_000);
    expect(r.status).toBe(400);
    expect(r.model.error).toBe(UNKNOWN_PORT_MESSAGE);
    expect(r.setCookie).toBeNull();
    expect(r.model.port?.id).toBe(430);
  });

  it('asks for a port when Show price is pressed without one, with 400, and keeps the remembered port', () => {
    const r = portEstimate(at('?port=&shipping=roro', 'ship_to=430.roro'), ports, 20_000);
    expect(r.status).toBe(400);
    expect(r.model.error).toBe('Please choose your destination port, then press Show price.');
    expect(r.model).toMatchObject({ port: null, estimate: null, unlisted: false });
    expect(r.setCookie).toBeNull();
    // The next car still has it.
    expect(portEstimate(at('', 'ship_to=430.roro'), ports, 20_000).model.port?.id).toBe(430);
    // A first visit gets the same sentence.
    expect(portEstimate(at('?port='), ports, 20_000).model.error).toBe(CHOOSE_PORT_MESSAGE);
  });

  it('answers "My port is not listed" with no estimate, a quote request, and forgets the remembered port', () => {
    const r = portEstimate(at('?port=other&shipping=roro', 'ship_to=430.roro'), ports, 20_000);
    expect(r).toMatchObject({ status: 200, personal: true, model: { port: null, estimate: null, error: null, unlisted: true } });
    expect(r.setCookie).toMatch(/^ship_to=; .*Max-Age=0/);
    // Without a remembered port there is nothing to forget.
    expect(portEstimate(at('?port=other'), ports, 20_000).setCookie).toBeNull();
    // Any other choice is not the unlisted one.
    expect(portEstimate(at('?port=430'), ports, 20_000).model.unlisted).toBe(false);
    expect(portEstimate(at(''), ports, 20_000).model.unlisted).toBe(false);
  });

  it("names the inquiry's port and method by the port's route: truck and rail container overland, never RoRo", () => {
    const withAlmaty = [...ports, almaty];
    expect(portEstimate(at('?port=436&shipping=roro'), withAlmaty, 20_000).model.inquiryLabel).toBe(
      'Almaty (overland via Khorgos), Kazakhstan, Truck (car carrier)',
    );
    expect(portEstimate(at('?port=436&shipping=container'), withAlmaty, 20_000).model.inquiryLabel).toBe(
      'Almaty (overland via Khorgos), Kazakhstan, Rail container',
    );
    expect(portEstimate(at('?port=430&shipping=roro'), withAlmaty, 20_000).model.inquiryLabel).toBe(
      'Lagos (Tin Can Island), Nigeria, RoRo (roll-on/roll-off)',
    );
    expect(portEstimate(at('?port=other'), withAlmaty, 20_000).model.inquiryLabel).toBeNull();
  });

  it('shows no estimate for a car without a price, even with a port chosen', () => {
    const r = portEstimate(at('?port=430'), ports, null);
    expect(r.model.port?.id).toBe(430);
    expect(r.model.estimate).toBeNull();
  });
});

describe('seeded ports', () => {
  type SeedPort = Record<'name' | 'country' | 'insuranceRate', string> &
    Record<'roroFreight' | 'containerFreight' | 'transitDays', number> & { route?: Port['route'] };
  const seeded = (JSON.parse(readFileSync('wordpress/seed/data/site.json', 'utf8')) as { ports: SeedPort[] }).ports;

  it('cover the markets the About page names: Africa, the Middle East, Central Asia, South America and Southeast Asia', () => {
    expect(seeded.map((p) => portLabel(p))).toEqual([
      'Lagos (Tin Can Island), Nigeria',
      'Tema, Ghana',
      'Mombasa, Kenya',
      'Dar es Salaam, Tanzania',
      'Jebel Ali, United Arab Emirates',
      'Durban, South Africa',
      'Almaty (overland via Khorgos), Kazakhstan',
      'Callao, Peru',
      'Manila, Philippines',
    ]);
  });

  it('each give an estimate: container dearer than RoRo per car, a sailing time, insurance under 2 %', () => {
    for (const p of seeded) {
      const port: Port = { id: 1, ...p, insuranceRate: Number(p.insuranceRate), route: p.route ?? 'sea' };
      expect(port.containerFreight, p.name).toBeGreaterThan(port.roroFreight);
      expect(port.transitDays, p.name).toBeGreaterThan(0);
      expect(port.insuranceRate, p.name).toBeGreaterThan(0);
      expect(port.insuranceRate, p.name).toBeLessThan(2);
      expect(landedPrice(20_000, port, 'roro')!.cif, p.name).toBeGreaterThan(20_000 + port.roroFreight);
    }
  });

  it('reach Almaty overland and every other port by sea', () => {
    expect(seeded.filter((p) => p.route === 'overland').map((p) => p.name)).toEqual(['Almaty (overland via Khorgos)']);
    expect(seeded.filter((p) => p.route !== undefined && p.route !== 'overland')).toEqual([]);
  });
});
