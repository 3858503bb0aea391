// The site's own number and date formats must read exactly as the browser's en-US Intl formats would
// (they replace them to keep Intl's locale data off the page's main thread): Node's Intl is the oracle.
import { describe, expect, it } from 'vitest';
import { utcDate } from '~/components/content/format';
import { groupDigits, mileageLabel, priceLabel } from '~/lib/wordpress/labels';

describe('groupDigits', () => {
  const samples = [0, 7, 12, 999, 1000, 1001, 12345, 99999, 100000, 999999, 1000000, 24500, 1234567890, 9007199254740991];
  it.each(samples)('writes %d as en-US Intl does', (value) => {
    expect(groupDigits(value)).toBe(value.toLocaleString('en-US'));
    if (value !== 0) expect(groupDigits(-value)).toBe((-value).toLocaleString('en-US'));
  });

  it('writes minus zero (a rounded -0.3) as 0, where Intl would write "-0"', () => {
    expect(groupDigits(-0.3)).toBe('0');
  });

  it('rounds a fraction to the nearest whole number first', () => {
    expect(groupDigits(1234.4)).toBe('1,234');
    expect(groupDigits(1234.5)).toBe('1,235');
    expect(groupDigits(999.6)).toBe('1,000');
  });

  it('keeps the labels a buyer reads', () => {
    expect(priceLabel(45000)).toBe('$45,000');
    expect(priceLabel(1250000.4)).toBe('$1,250,000');
    expect(mileageLabel(12000)).toBe('12,000 mi (19,312 km)');
  });
});

describe('utcDate', () => {
  // The 1st and the last day of every month of a leap year, at both ends of the UTC day, so a date
  // read in local time instead of UTC, or a month name off by one, shows.
  const days = Array.from({ length: 12 }, (_, month) => [
    new Date(Date.UTC(2028, month, 1, 0, 0, 0)),
    new Date(Date.UTC(2028, month + 1, 0, 23, 59, 59)),
  ]).flat();

  it.each(days.map((d) => [d.toISOString(), d] as const))('writes %s as en-US Intl does in UTC', (_iso, date) => {
    expect(utcDate(date, 'short')).toBe(
      date.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' }),
    );
    expect(utcDate(date, 'long')).toBe(
      date.toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' }),
    );
  });
});
