// What a visitor reads on the explore page and its cards: the page title and description, the
// chips of the active filters, the filter lists' option texts, price and mileage labels, and the
// state rules behind them (which filters count as set, what a chip's removal or a sort choice does,
// which addresses are already clean).
import { describe, expect, it } from 'vitest';
import { exploreDescription, exploreTitle, filterChips, optionLabel } from '~/lib/explore/labels';
import { normalizePriceFilter, priceRangeLabel, sliderValues, snapPriceRange } from '~/lib/explore/price';
import {
  activeFilterCount,
  cleanQueryRedirect,
  DEFAULT_STATE,
  hasActiveFilters,
  parseExploreState,
  serializeExploreState,
  sortValueOf,
  withFilter,
  withPrice,
  type ExploreState,
} from '~/lib/explore/state';
import { bodyTypeLabel, fuelTypeLabel, mileageLabel, priceLabel, transmissionLabel } from '~/lib/wordpress/labels';

const state = (extra: Partial<ExploreState>): ExploreState => ({ ...DEFAULT_STATE, ...extra });

describe('the explore page title', () => {
  it('names every list filter, in reading order', () => {
    expect(
      exploreTitle(
        state({ year: 2024, brand: 'BYD', model: 'Seal', fuelType: 'electric', bodyType: 'Sedan', drive: 'AWD', transmission: 'ev' }),
      ),
    ).toBe('2024 BYD Seal Electric Sedan AWD Single-Speed (EV) cars for export');
  });

  it('adds the keyword after the filters, or stands on it alone', () => {
    expect(exploreTitle(state({ bodyType: 'SUV', search: 'seal' }))).toBe('SUV cars for export matching “seal”');
    expect(exploreTitle(state({ search: 'seal' }))).toBe('Cars matching “seal”');
  });

  it('adds a one-sided or two-sided price range, and the page after the first', () => {
    expect(exploreTitle(state({ minPrice: 10_000 }))).toBe('Explore Cars (From $10,000)');
    expect(exploreTitle(state({ maxPrice: 80_000 }))).toBe('Explore Cars (Up to $80,000)');
    expect(exploreTitle(state({ brand: 'BYD', minPrice: 10_000, maxPrice: 80_000, page: 2 }))).toBe(
      'BYD cars for export ($10,000 – $80,000) – Page 2',
    );
  });
});

describe('the explore page description', () => {
  it('gives the number of cars found, or a general line when it is unknown', () => {
    const rest =
      ' from China, ready for export worldwide. Filter by body type, fuel, brand, model, year and price, and contact our export team.';
    expect(exploreDescription(DEFAULT_STATE, 1234)).toBe(`1,234 cars${rest}`);
    expect(exploreDescription(DEFAULT_STATE, 0)).toBe(`0 cars${rest}`);
    expect(exploreDescription(DEFAULT_STATE, null)).toBe(`Quality new and used cars${rest}`);
  });
});

describe('the chips of the active filters', () => {
  it('are one per set filter only, with the list’s own text', () => {
    expect(filterChips(state({ bodyType: 'SUV' }))).toEqual([{ key: 'bodyType', title: 'Body Type', value: 'SUV' }]);
    expect(filterChips(DEFAULT_STATE)).toEqual([]);
  });

  it('show a price bound given on its own', () => {
    expect(filterChips(state({ minPrice: 10_000 }))).toEqual([{ key: 'price', title: 'Price', value: 'From $10,000' }]);
    expect(hasActiveFilters(state({ minPrice: 10_000 }))).toBe(true);
    expect(activeFilterCount(state({ maxPrice: 80_000, brand: 'BYD' }))).toBe(2);
  });

  it('count an emptied filter as not set', () => {
    expect(hasActiveFilters(state({ brand: '' }))).toBe(false);
    expect(activeFilterCount(state({ brand: '', model: 'Seal' }))).toBe(1);
  });
});

describe('option texts', () => {
  it('read stored values the way people write them', () => {
    expect(optionLabel('transmission', 'ev')).toBe('Single-Speed (EV)');
    expect(optionLabel('fuelType', 'plug-in-hybrid')).toBe('Plug-in Hybrid');
    expect(optionLabel('bodyType', ' Sports Car ')).toBe('Sports Car');
    // Brands and models are shown exactly as stored, never re-cased.
    expect(optionLabel('model', 'seal-u dm-i')).toBe('seal-u dm-i');
    expect(optionLabel('year', 2024)).toBe('2024');
  });

  it('find a known value whatever its spacing or case, and title-case one added in WordPress later', () => {
    expect(transmissionLabel(' CVT ')).toBe('CVT');
    expect(transmissionLabel(' dct')).toBe('Dual-Clutch (DCT)');
    expect(fuelTypeLabel(' Electric ')).toBe('Electric');
    expect(fuelTypeLabel(' Plug-in-Hybrid ')).toBe('Plug-in Hybrid');
    expect(fuelTypeLabel('e-fuel')).toBe('E Fuel');
    expect(fuelTypeLabel(' hydrogen_fuel--cell ')).toBe('Hydrogen Fuel Cell');
    expect(transmissionLabel('AMT eV')).toBe('AMT EV');
    expect(bodyTypeLabel(' SUV ')).toBe('SUV');
  });
});

describe('price and mileage labels', () => {
  it('say “Contact for Price” when there is no usable price', () => {
    for (const usd of [null, undefined, Number.NaN, Number.POSITIVE_INFINITY]) expect(priceLabel(usd)).toBe('Contact for Price');
    expect(priceLabel(0)).toBe('$0');
    expect(priceLabel(45_000)).toBe('$45,000');
  });

  it('give no mileage when there is no usable one, and “New” for none driven', () => {
    for (const miles of [null, undefined, Number.NaN, Number.NEGATIVE_INFINITY]) expect(mileageLabel(miles)).toBeNull();
    expect(mileageLabel(0)).toBe('New');
    expect(mileageLabel(12_000)).toBe('12,000 mi (19,312 km)');
  });

  it('read a range with no bounds as any price', () => {
    expect(priceRangeLabel(undefined, undefined)).toBe('Any price');
    expect(priceRangeLabel(undefined, 80_000)).toBe('Up to $80,000');
  });
});

describe('price bounds from the address and the slider', () => {
  it('keep a snapped range as it is, and widen only one the snapping closed', () => {
    expect(snapPriceRange(10_200, 49_700)).toEqual({ minPrice: 10_000, maxPrice: 50_000 });
    expect(snapPriceRange(undefined, 20_000)).toEqual({ minPrice: undefined, maxPrice: 20_000 });
    expect(snapPriceRange(20_000, undefined)).toEqual({ minPrice: 20_000, maxPrice: undefined });
    expect(snapPriceRange(20_100, 20_400)).toEqual({ minPrice: 20_000, maxPrice: 21_000 });
  });

  it('put the handles at the slider’s ends without bounds, and the upper one a step above the lower end', () => {
    const bounds = { min: 10_000, max: 50_000 };
    expect(sliderValues(undefined, undefined, bounds)).toEqual({ lower: 10_000, upper: 50_000 });
    expect(sliderValues(undefined, 0, bounds)).toEqual({ lower: 10_000, upper: 11_000 });
  });

  it('drop only the bounds at or beyond the slider’s ends', () => {
    const bounds = { min: 0, max: 250_000 };
    expect(normalizePriceFilter(10_000, 80_000, bounds)).toEqual({ minPrice: 10_000, maxPrice: 80_000 });
    expect(normalizePriceFilter(0, 250_000, bounds)).toEqual({ minPrice: undefined, maxPrice: undefined });
    expect(normalizePriceFilter(undefined, undefined, bounds)).toEqual({ minPrice: undefined, maxPrice: undefined });
  });
});

describe('state rules behind the panel', () => {
  it('clear the year for the empty “All” choice and keep a typed value trimmed', () => {
    expect(withFilter(state({ year: 2024 }), 'year', '')).not.toHaveProperty('year');
    expect(withFilter(DEFAULT_STATE, 'year', '2023')).toMatchObject({ year: 2023 });
    expect(withFilter(DEFAULT_STATE, 'year', 2022)).toMatchObject({ year: 2022 });
    expect(withFilter(DEFAULT_STATE, 'brand', ' BYD ')).toMatchObject({ brand: 'BYD' });
  });

  it('keep an upper price bound given alone', () => {
    expect(withPrice(DEFAULT_STATE, undefined, 50_000)).toEqual({ ...DEFAULT_STATE, maxPrice: 50_000 });
    expect(withPrice(state({ maxPrice: 50_000 }), 10_000, undefined)).toEqual({ ...DEFAULT_STATE, minPrice: 10_000 });
  });

  it('show the sort chosen, both its field and its direction', () => {
    expect(sortValueOf(state({ sortBy: 'price', sortOrder: 'desc' }))).toBe('price-desc');
    expect(sortValueOf(state({ sortBy: 'price', sortOrder: 'asc' }))).toBe('price-asc');
    expect(sortValueOf(state({ sortBy: 'recent', sortOrder: 'asc' }))).toBe('recent-desc');
  });

  it('read the no-JavaScript sort form’s value even with spaces around it', () => {
    expect(parseExploreState(new URLSearchParams('sort=price-asc%20'))).toMatchObject({ sortBy: 'price', sortOrder: 'asc' });
  });

  it('never write a year or price that is not a number', () => {
    expect(serializeExploreState(state({ year: Number.NaN, minPrice: Number.POSITIVE_INFINITY }))).toBe('');
    expect(serializeExploreState(DEFAULT_STATE)).toBe('');
  });
});

describe('the clean address', () => {
  const redirect = (qs: string) => {
    const sp = new URLSearchParams(qs);
    return cleanQueryRedirect(sp, parseExploreState(sp));
  };

  it('is the address itself when only the order of its parameters differs', () => {
    expect(redirect('sortBy=price&page=2')).toBeNull();
    expect(redirect('page=2&sortBy=price')).toBeNull();
  });

  it('drops Remix’s own data parameters but keeps a campaign’s', () => {
    expect(redirect('brand=&_data=routes%2Fexplore-cars&index&utm_source=mail')).toBe('/explore-cars?utm_source=mail');
  });
});
