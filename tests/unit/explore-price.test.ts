// The explore price slider snaps to 1000 and its handles cannot cross.
import { describe, expect, it } from 'vitest';
import {
  clampLower,
  clampUpper,
  FALLBACK_BOUNDS,
  normalizePriceFilter,
  priceBounds,
  priceFilterFromSlider,
  priceRangeLabel,
  sliderValues,
  snapPrice,
} from '~/lib/explore/price';

const bounds = { min: 5000, max: 233000 };

describe('price slider', () => {
  it('snaps to multiples of 1000', () => {
    expect(snapPrice(12345)).toBe(12000);
    expect(snapPrice(12500)).toBe(13000);
    expect(snapPrice(999)).toBe(1000);
    expect(snapPrice(0)).toBe(0);
    expect(snapPrice(Number.NaN)).toBe(0);
  });

  it('takes its ends from the catalogue range, floored and ceiled to 1000', () => {
    expect(priceBounds({ min: 5800, max: 232100 })).toEqual({ min: 5000, max: 233000 });
    expect(priceBounds({ min: 10000, max: 10000 })).toEqual({ min: 10000, max: 11000 });
    expect(priceBounds(null)).toEqual(FALLBACK_BOUNDS);
    expect(priceBounds({ min: 9, max: 1 })).toEqual(FALLBACK_BOUNDS);
  });

  it('keeps the lower handle below the upper one', () => {
    expect(clampLower(50_400, 80_000, bounds)).toBe(50_000);
    expect(clampLower(80_000, 80_000, bounds)).toBe(79_000);
    expect(clampLower(95_000, 80_000, bounds)).toBe(79_000);
    expect(clampLower(1_000, 80_000, bounds)).toBe(5_000);
  });

  it('keeps the upper handle above the lower one', () => {
    expect(clampUpper(60_600, 10_000, bounds)).toBe(61_000);
    expect(clampUpper(10_000, 10_000, bounds)).toBe(11_000);
    expect(clampUpper(2_000, 10_000, bounds)).toBe(11_000);
    expect(clampUpper(900_000, 10_000, bounds)).toBe(233_000);
  });

  it('places the handles for the query, at the ends when there is no bound', () => {
    expect(sliderValues(undefined, undefined, bounds)).toEqual({ lower: 5000, upper: 233000 });
    expect(sliderValues(10_000, 80_000, bounds)).toEqual({ lower: 10_000, upper: 80_000 });
    expect(sliderValues(10_300, undefined, bounds)).toEqual({ lower: 10_000, upper: 233_000 });
    expect(sliderValues(80_000, 80_000, bounds)).toEqual({ lower: 79_000, upper: 80_000 });
    expect(sliderValues(1, 999_999, bounds)).toEqual({ lower: 5000, upper: 233_000 });
  });

  it('sets no bound for a handle left at its end', () => {
    expect(priceFilterFromSlider(5000, 233000, bounds)).toEqual({ minPrice: undefined, maxPrice: undefined });
    expect(priceFilterFromSlider(10_000, 233000, bounds)).toEqual({ minPrice: 10_000, maxPrice: undefined });
    expect(priceFilterFromSlider(5000, 80_000, bounds)).toEqual({ minPrice: undefined, maxPrice: 80_000 });
    expect(normalizePriceFilter(5000, 233000, bounds)).toEqual({ minPrice: undefined, maxPrice: undefined });
    expect(normalizePriceFilter(0, 80_000, bounds)).toEqual({ minPrice: undefined, maxPrice: 80_000 });
  });

  it('labels the range', () => {
    expect(priceRangeLabel(10_000, 80_000)).toBe('$10,000 – $80,000');
    expect(priceRangeLabel(10_000, undefined)).toBe('From $10,000');
    expect(priceRangeLabel(undefined, 80_000)).toBe('Up to $80,000');
  });
});
