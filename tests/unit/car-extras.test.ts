// Pure rules behind the car extras: miles shown with kilometres, the recently-viewed list, the
// compare selection and address, the comparison's differences, and the share links.
import { describe, expect, it } from 'vitest';
import { emailShareHref, whatsAppShareHref } from '~/routes/car.$id/contact-links';
import { COMPARE_MAX, compareHref, parseCompareIds, toggleCompareId } from '~/lib/compare/compare-list';
import { parseIdList } from '~/lib/device/device-list';
import { addRecentlyViewed, missingIds, RECENTLY_VIEWED_MAX, recentToShow } from '~/lib/device/recently-viewed';
import { KM_PER_MILE, mileageLabel, milesToKm } from '~/lib/wordpress/labels';
import { compareRows, featuresValue, valuesDiffer } from '~/routes/compare/compare-diff';
import { newsPageHref } from '~/routes/news._index/news-shared';

describe('miles and kilometres', () => {
  it('converts with the international mile and rounds to the nearest kilometre', () => {
    expect(KM_PER_MILE).toBe(1.609344);
    expect(milesToKm(12000)).toBe(19312); // 19,312.128
    expect(milesToKm(1)).toBe(2); // 1.609
    expect(milesToKm(0.3)).toBe(0); // 0.48
    expect(milesToKm(100000)).toBe(160934); // 160,934.4
  });

  it('shows both units, each with thousands separators, and New for a car never driven', () => {
    expect(mileageLabel(12000)).toBe('12,000 mi (19,312 km)');
    expect(mileageLabel(1200)).toBe('1,200 mi (1,931 km)');
    expect(mileageLabel(0)).toBe('New');
    expect(mileageLabel(null)).toBeNull();
    expect(mileageLabel(Number.NaN)).toBeNull();
    // Only a car never driven is new; a fraction of a mile still reads as a distance.
    expect(mileageLabel(0.3)).toBe('0 mi (0 km)');
  });
});

describe('recently viewed list', () => {
  it('puts the newest first, keeps each car once and caps the list', () => {
    expect(addRecentlyViewed([], 5)).toEqual([5]);
    expect(addRecentlyViewed([3, 2, 1], 4)).toEqual([4, 3, 2, 1]);
    expect(addRecentlyViewed([3, 2, 1], 2)).toEqual([2, 3, 1]);
    const full = [8, 7, 6, 5, 4, 3, 2, 1];
    expect(RECENTLY_VIEWED_MAX).toBe(8);
    expect(addRecentlyViewed(full, 9)).toEqual([9, 8, 7, 6, 5, 4, 3, 2]);
  });

  it('leaves out the car on screen', () => {
    expect(recentToShow([4, 3, 2], 3)).toEqual([4, 2]);
    expect(recentToShow([4, 3, 2])).toEqual([4, 3, 2]);
  });

  it('finds the cars that did not come back (sold or removed)', () => {
    expect(missingIds([4, 3, 2], [4, 2])).toEqual([3]);
    expect(missingIds([4], [4])).toEqual([]);
  });

  it('reads back only positive whole ids, each once', () => {
    // Stored as numbers by this code: a string is not one of its ids.
    expect(parseIdList('[3,3,"4",-1,0,1.5,"1e3",7]')).toEqual([3, 7]);
    expect(parseIdList('{"a":1}')).toEqual([]);
    expect(parseIdList('not json')).toEqual([]);
    expect(parseIdList(null)).toEqual([]);
  });
});

describe('compare selection', () => {
  it('adds and removes cars, refusing a fifth', () => {
    expect(COMPARE_MAX).toBe(4);
    expect(toggleCompareId([], 1)).toEqual({ ids: [1], added: true, full: false });
    expect(toggleCompareId([1, 2], 1)).toEqual({ ids: [2], added: false, full: false });
    expect(toggleCompareId([1, 2, 3, 4], 5)).toEqual({ ids: [1, 2, 3, 4], added: false, full: true });
    expect(toggleCompareId([1, 2, 3, 4], 4)).toEqual({ ids: [1, 2, 3], added: false, full: false });
  });

  it('makes the address of a comparison', () => {
    expect(compareHref([3, 17])).toBe('/compare?ids=3,17');
    expect(compareHref([])).toBe('/compare');
  });

  it('reads ?ids=, reporting malformed ids and those past the fourth', () => {
    expect(parseCompareIds(['3,17,5'])).toEqual({ ids: [3, 17, 5], invalid: [], dropped: [] });
    expect(parseCompareIds(['3,,abc, 17 ,-2,1.5,3,'])).toEqual({ ids: [3, 17], invalid: ['abc', '-2', '1.5'], dropped: [] });
    expect(parseCompareIds(['1,2,3', '4,5,6'])).toEqual({ ids: [1, 2, 3, 4], invalid: [], dropped: [5, 6] });
    expect(parseCompareIds([])).toEqual({ ids: [], invalid: [], dropped: [] });
    expect(parseCompareIds(['0,99999999999999999999'])).toEqual({ ids: [], invalid: ['0', '99999999999999999999'], dropped: [] });
  });
});

describe('compare differences', () => {
  const car = (price: string, year: string, extra: Record<string, string> = {}, features: string[] = []) => ({
    price,
    specs: [{ label: 'Year', value: year }, ...Object.entries(extra).map(([label, value]) => ({ label, value }))],
    features,
  });

  it('marks a row only when the cars do not all share one value', () => {
    expect(valuesDiffer(['AWD', 'awd ', ' AWD'])).toBe(false);
    expect(valuesDiffer(['AWD', 'FWD'])).toBe(true);
    expect(valuesDiffer(['AWD'])).toBe(false);
  });

  it('builds price, every specification and features, with N/A for a missing one', () => {
    const rows = compareRows([
      car('$30,000', '2024', { Color: 'Red' }, ['Bluetooth', 'Navigation']),
      car('$30,000', '2023', {}, ['Navigation', 'Bluetooth']),
    ]);
    expect(rows.map((r) => r.label)).toEqual(['Price', 'Year', 'Color', 'Features']);
    expect(rows.find((r) => r.label === 'Price')).toEqual({ label: 'Price', values: ['$30,000', '$30,000'], differs: false });
    expect(rows.find((r) => r.label === 'Year')?.differs).toBe(true);
    expect(rows.find((r) => r.label === 'Color')).toEqual({ label: 'Color', values: ['Red', 'N/A'], differs: true });
    // The same features in another order are no difference.
    expect(rows.find((r) => r.label === 'Features')).toEqual({
      label: 'Features',
      values: ['Bluetooth, Navigation', 'Bluetooth, Navigation'],
      differs: false,
    });
  });

  it('never marks a single car', () => {
    expect(compareRows([car('$1', '2020')]).every((r) => !r.differs)).toBe(true);
    expect(featuresValue([])).toBe('N/A');
  });
});

describe('share links', () => {
  const c = { title: '2024 BYD Seal', price: '$38,900' };
  it('WhatsApp carries the car and the address, for any contact', () => {
    const href = whatsAppShareHref(c, 'https://cars.example/car/7');
    expect(href.startsWith('https://wa.me/?text=')).toBe(true);
    expect(decodeURIComponent(href.split('text=')[1]!)).toBe('2024 BYD Seal ($38,900) https://cars.example/car/7');
  });

  it('e-mail has the car as subject and the address in the body', () => {
    const url = new URL(emailShareHref(c, 'https://cars.example/car/7'));
    expect(url.protocol).toBe('mailto:');
    expect(url.searchParams.get('subject')).toBe('2024 BYD Seal – $38,900');
    expect(url.searchParams.get('body')).toContain('https://cars.example/car/7');
  });
});

describe('news pages', () => {
  it('gives the first page one address', () => {
    expect(newsPageHref(1)).toBe('/news');
    expect(newsPageHref(3)).toBe('/news?page=3');
  });
});
