// The analytics adapter: price parsing, the dataLayer push, the scroll-depth
// marks and the time-on-page threshold.
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  carClickParams,
  newScrollMarks,
  parsePrice,
  scrollPercent,
  timeOnPageSeconds,
  track,
  type DataLayerEntry,
} from '~/lib/analytics/analytics';

describe('parsePrice', () => {
  it('reads the number in a display price', () => {
    expect(parsePrice('$45,000')).toBe(45000);
    expect(parsePrice('$38,900')).toBe(38900);
    expect(parsePrice('$1,234,567')).toBe(1234567);
    expect(parsePrice('$999')).toBe(999);
    expect(parsePrice('$12,500.50')).toBe(12500.5);
    expect(parsePrice('USD 21000')).toBe(21000);
  });

  it('counts Contact for Price, empty and missing prices as 0', () => {
    expect(parsePrice('Contact for Price')).toBe(0);
    expect(parsePrice('')).toBe(0);
    expect(parsePrice(null)).toBe(0);
    expect(parsePrice(undefined)).toBe(0);
    expect(parsePrice('$')).toBe(0);
  });
});

describe('carClickParams', () => {
  it('names the car and its price in USD', () => {
    expect(carClickParams({ id: 12, title: '2024 BYD Seal', price: '$38,900' })).toEqual({
      car_id: 12,
      car_title: '2024 BYD Seal',
      value: 38900,
      currency: 'USD',
    });
    expect(carClickParams({ id: 3, title: 'U9', price: 'Contact for Price' }).value).toBe(0);
  });
});

describe('track', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('is a no-op without a window (server rendering): nothing thrown, no global dataLayer left behind', () => {
    expect(typeof window).toBe('undefined');
    expect(() => track('page_view', { page_path: '/', page_title: 'Home' })).not.toThrow();
    expect('dataLayer' in globalThis).toBe(false);
  });

  it('never breaks the click that called it when the dataLayer refuses the push', () => {
    const refusing = Object.freeze([] as DataLayerEntry[]);
    vi.stubGlobal('window', { dataLayer: refusing });
    expect(() => track('phone_click', { car_id: 1, car_title: 'A car', value: 100, currency: 'USD' })).not.toThrow();
    expect(refusing).toEqual([]);
  });

  it('creates window.dataLayer and pushes {event, ...params}', () => {
    const win: { dataLayer?: DataLayerEntry[] } = {};
    vi.stubGlobal('window', win);
    track('whatsapp_click', { car_id: 1, car_title: 'A car', value: 100, currency: 'USD' });
    track('page_view', { page_path: '/car/1', page_title: 'A car' });
    expect(win.dataLayer).toEqual([
      { event: 'whatsapp_click', car_id: 1, car_title: 'A car', value: 100, currency: 'USD' },
      { event: 'page_view', page_path: '/car/1', page_title: 'A car' },
    ]);
  });

  it('appends to an existing dataLayer (a tag manager may have created it)', () => {
    const existing: DataLayerEntry[] = [{ event: 'gtm.js' }];
    vi.stubGlobal('window', { dataLayer: existing });
    track('scroll_depth', { percent: 25, page_path: '/' });
    expect(existing).toHaveLength(2);
    expect(existing[1]).toEqual({ event: 'scroll_depth', percent: 25, page_path: '/' });
  });

  it('params cannot replace the event name', () => {
    const win: { dataLayer?: DataLayerEntry[] } = {};
    vi.stubGlobal('window', win);
    track('custom', { event: 'other', x: 1 });
    expect(win.dataLayer?.[0]?.event).toBe('custom');
  });
});

describe('scroll depth', () => {
  it('measures the bottom edge of the viewport against the page height', () => {
    expect(scrollPercent(0, 900, 3600)).toBe(25);
    expect(scrollPercent(900, 900, 3600)).toBe(50);
    expect(scrollPercent(2700, 900, 3600)).toBe(100);
    expect(scrollPercent(5000, 900, 3600)).toBe(100);
    expect(scrollPercent(-50, 900, 3600)).toBe(25);
    expect(scrollPercent(0, 900, 0)).toBe(0);
  });

  it('reports each of 25, 50, 75, 90 once, all passed marks at a jump', () => {
    const sent = new Set<number>();
    expect(newScrollMarks(10, sent)).toEqual([]);
    expect(newScrollMarks(24.9, sent)).toEqual([]);
    expect(newScrollMarks(25, sent)).toEqual([25]);
    sent.add(25);
    expect(newScrollMarks(30, sent)).toEqual([]);
    expect(newScrollMarks(80, sent)).toEqual([50, 75]);
    sent.add(50).add(75);
    expect(newScrollMarks(89, sent)).toEqual([]);
    expect(newScrollMarks(100, sent)).toEqual([90]);
    sent.add(90);
    expect(newScrollMarks(100, sent)).toEqual([]);
    expect(newScrollMarks(95, new Set())).toEqual([25, 50, 75, 90]);
  });
});

describe('time on page', () => {
  it('is reported only when over 10 seconds, in whole seconds', () => {
    const start = 1_000_000;
    expect(timeOnPageSeconds(start, start)).toBeNull();
    expect(timeOnPageSeconds(start, start + 9_999)).toBeNull();
    expect(timeOnPageSeconds(start, start + 10_000)).toBeNull();
    expect(timeOnPageSeconds(start, start + 10_001)).toBe(10);
    expect(timeOnPageSeconds(start, start + 10_600)).toBe(11);
    expect(timeOnPageSeconds(start, start + 95_000)).toBe(95);
    // A clock that went backwards is not a visit.
    expect(timeOnPageSeconds(start, start - 20_000)).toBeNull();
  });
});
