// The explore page's state in the query string, and its transitions.
import { describe, expect, it } from 'vitest';
import { canonicalPath, exploreTitle, filterChips } from '~/lib/explore/labels';
import {
  activeFilterCount,
  cleanQueryRedirect,
  clearAllFilters,
  DEFAULT_STATE,
  exploreHref,
  hasActiveFilters,
  parseExploreState,
  removeFilter,
  serializeExploreState,
  sortValueOf,
  toSearchParams,
  withFilter,
  withIncludeSold,
  withPage,
  withPrice,
  withSearch,
  withSort,
  type ExploreState,
} from '~/lib/explore/state';
import { EVERY_FILTER, EVERY_FILTER_QUERY } from '../fixtures/search';

const parse = (qs: string) => parseExploreState(new URLSearchParams(qs));
const full = `${EVERY_FILTER_QUERY}&sortBy=price&sortOrder=asc&page=3&showAll=true`;

describe('parseExploreState', () => {
  it('has the defaults of the spec: recent, desc, page 1', () => {
    expect(parse('')).toEqual({ sortBy: 'recent', sortOrder: 'desc', page: 1, showAll: false });
  });

  it('reads every parameter', () => {
    expect(parse(full)).toEqual({
      ...EVERY_FILTER,
      sortBy: 'price',
      sortOrder: 'asc',
      page: 3,
      showAll: true,
    });
  });

  it('ignores empty values (what the no-JavaScript form sends for "All")', () => {
    expect(parse('search=&bodyType=&fuelType=&year=&minPrice=&page=&sortBy=&showAll=')).toEqual(DEFAULT_STATE);
    expect(parse('search=%20%20')).toEqual(DEFAULT_STATE);
  });

  it('ignores invalid values', () => {
    expect(parse('page=0&year=abc&minPrice=-5&maxPrice=1.5&sortBy=name&sortOrder=up&showAll=maybe')).toEqual(DEFAULT_STATE);
    expect(parse('page=two&bodyType=SUV')).toEqual({ ...DEFAULT_STATE, bodyType: 'SUV' });
  });

  it('swaps price bounds given the wrong way round', () => {
    expect(parse('minPrice=50000&maxPrice=10000')).toMatchObject({ minPrice: 10000, maxPrice: 50000 });
  });

  it('reads the sort alias of the no-JavaScript sort form; sortBy/sortOrder win', () => {
    expect(parse('sort=price-asc')).toMatchObject({ sortBy: 'price', sortOrder: 'asc' });
    expect(parse('sort=price-desc')).toMatchObject({ sortBy: 'price', sortOrder: 'desc' });
    expect(parse('sort=bogus')).toMatchObject({ sortBy: 'recent', sortOrder: 'desc' });
    expect(parse('sort=price-asc&sortBy=recent')).toMatchObject({ sortBy: 'recent', sortOrder: 'desc' });
  });
});

describe('serializeExploreState', () => {
  it('omits defaults and empty values', () => {
    expect(serializeExploreState(DEFAULT_STATE)).toBe('');
    expect(serializeExploreState({ ...DEFAULT_STATE, search: '  ', brand: '' })).toBe('');
    expect(exploreHref(DEFAULT_STATE)).toBe('/explore-cars');
  });

  it('round-trips every parameter in the spec order', () => {
    expect(serializeExploreState(parse(full))).toBe(full);
    expect(exploreHref(parse('page=2&bodyType=SUV'))).toBe('/explore-cars?bodyType=SUV&page=2');
  });

  it('drops the sort alias once read', () => {
    expect(serializeExploreState(parse('sort=price-asc&brand=BYD'))).toBe('brand=BYD&sortBy=price&sortOrder=asc');
  });
});

describe('transitions', () => {
  const onPage3: ExploreState = { ...DEFAULT_STATE, bodyType: 'SUV', minPrice: 10000, maxPrice: 50000, search: 'seal', page: 3 };

  it('any filter, search or sort change resets the page to 1', () => {
    expect(withFilter(onPage3, 'brand', 'BYD')).toMatchObject({ brand: 'BYD', page: 1 });
    expect(withFilter(onPage3, 'year', '2024')).toMatchObject({ year: 2024, page: 1 });
    expect(withSearch(onPage3, ' dolphin ')).toMatchObject({ search: 'dolphin', page: 1 });
    expect(withPrice(onPage3, 20000, undefined)).toEqual({ ...onPage3, minPrice: 20000, maxPrice: undefined, page: 1 });
    expect(withSort(onPage3, 'price-asc')).toMatchObject({ sortBy: 'price', sortOrder: 'asc', page: 1 });
  });

  it('the page itself changes only the page', () => {
    expect(withPage(onPage3, 4)).toEqual({ ...onPage3, page: 4 });
    expect(withPage(onPage3, 0).page).toBe(1);
  });

  it('"All" clears a list filter', () => {
    const s = withFilter(onPage3, 'bodyType', '');
    expect(s.bodyType).toBeUndefined();
    expect(serializeExploreState(s)).toBe('search=seal&minPrice=10000&maxPrice=50000');
    expect(withFilter({ ...onPage3, year: 2024 }, 'year', undefined).year).toBeUndefined();
  });

  it('maps the three sort options', () => {
    expect(withSort(DEFAULT_STATE, 'recent-desc')).toMatchObject({ sortBy: 'recent', sortOrder: 'desc' });
    expect(withSort(DEFAULT_STATE, 'price-asc')).toMatchObject({ sortBy: 'price', sortOrder: 'asc' });
    expect(withSort(DEFAULT_STATE, 'price-desc')).toMatchObject({ sortBy: 'price', sortOrder: 'desc' });
    expect(sortValueOf(parse('sortBy=price&sortOrder=asc'))).toBe('price-asc');
    expect(sortValueOf(parse('sortOrder=asc'))).toBe('recent-desc');
  });

  it('Clear All Filters removes the nine filters and keeps the sort', () => {
    const s = clearAllFilters(parse(full));
    expect(s).toEqual({ sortBy: 'price', sortOrder: 'asc', page: 1, showAll: true });
    expect(serializeExploreState(s)).toBe('sortBy=price&sortOrder=asc&showAll=true');
    expect(hasActiveFilters(s)).toBe(false);
  });

  it('removing a chip clears that filter; the price chip clears both bounds', () => {
    expect(removeFilter(onPage3, 'price')).toEqual({ ...DEFAULT_STATE, bodyType: 'SUV', search: 'seal' });
    expect(removeFilter(onPage3, 'search')).toEqual({ ...DEFAULT_STATE, bodyType: 'SUV', minPrice: 10000, maxPrice: 50000 });
    expect(removeFilter(onPage3, 'bodyType').bodyType).toBeUndefined();
    expect(removeFilter(onPage3, 'bodyType').page).toBe(1);
  });

  it('counts active filters, the price pair as one', () => {
    expect(activeFilterCount(onPage3)).toBe(3);
    expect(hasActiveFilters(DEFAULT_STATE)).toBe(false);
    expect(hasActiveFilters({ ...DEFAULT_STATE, maxPrice: 5000 })).toBe(true);
  });
});

describe('chips, title, canonical and the WordPress search', () => {
  it('has one chip per filter with display labels', () => {
    expect(filterChips(parse(full)).map((c) => `${c.title}: ${c.value}`)).toEqual([
      'Keyword: “seal”',
      'Body Type: SUV',
      'Fuel Type: Electric',
      'Transmission: Single-Speed (EV)',
      'Brand: BYD',
      'Model: Seal',
      'Drive Type: AWD',
      'Year: 2024',
      'Price: $10,000 – $50,000',
    ]);
  });

  it('titles the page after its filters', () => {
    expect(exploreTitle(DEFAULT_STATE)).toBe('Explore Cars');
    expect(exploreTitle(parse('bodyType=SUV'))).toBe('SUV cars for export');
    expect(exploreTitle(parse('bodyType=SUV&fuelType=electric&page=2'))).toBe('Electric SUV cars for export – Page 2');
    expect(exploreTitle(parse('search=seal'))).toBe('Cars matching “seal”');
  });

  it('keeps the page but not the sort in the canonical path', () => {
    expect(canonicalPath(parse('bodyType=SUV&sortBy=price&sortOrder=asc&page=2&showAll=true'))).toBe('/explore-cars?bodyType=SUV&page=2');
    expect(canonicalPath(DEFAULT_STATE)).toBe('/explore-cars');
  });

  it('passes the state to the WordPress client', () => {
    expect(toSearchParams(parse('bodyType=SUV&page=2'))).toEqual({ bodyType: 'SUV', sortBy: 'recent', sortOrder: 'desc', page: 2 });
    expect(toSearchParams(parse('showAll=true')).showAll).toBe(true);
  });
});

describe('include sold', () => {
  it('reads includeSold=1 (or true), writes it as includeSold=1, and sends it to WordPress', () => {
    expect(parse('includeSold=1').includeSold).toBe(true);
    expect(parse('includeSold=true').includeSold).toBe(true);
    expect(parse('includeSold=0').includeSold).toBeUndefined();
    expect(parse('').includeSold).toBeUndefined();
    expect(serializeExploreState(parse('bodyType=SUV&includeSold=true'))).toBe('bodyType=SUV&includeSold=1');
    expect(toSearchParams(parse('includeSold=1'))).toMatchObject({ includeSold: true });
    expect(toSearchParams(parse(''))).not.toHaveProperty('includeSold');
  });

  it('is a view option: no chip, not a filter, kept by Clear All, reset to page 1 when toggled', () => {
    const state = parse('brand=BYD&includeSold=1&page=3');
    expect(hasActiveFilters(parse('includeSold=1'))).toBe(false);
    expect(activeFilterCount(state)).toBe(1);
    expect(clearAllFilters(state).includeSold).toBe(true);
    expect(exploreHref(withIncludeSold(state, false))).toBe('/explore-cars?brand=BYD');
    expect(exploreHref(withIncludeSold(parse('page=2'), true))).toBe('/explore-cars?includeSold=1');
  });

  it('redirects a hand-written includeSold=true to the clean includeSold=1', () => {
    const sp = new URLSearchParams('includeSold=true');
    expect(cleanQueryRedirect(sp, parseExploreState(sp))).toBe('/explore-cars?includeSold=1');
    const clean = new URLSearchParams('includeSold=1');
    expect(cleanQueryRedirect(clean, parseExploreState(clean))).toBeNull();
  });
});

describe('cleanQueryRedirect', () => {
  const redirectFor = (qs: string, state = parse(qs)) => cleanQueryRedirect(new URLSearchParams(qs), state);

  it('leaves a clean query alone, whatever its order', () => {
    expect(redirectFor('')).toBeNull();
    expect(redirectFor('bodyType=SUV&page=2')).toBeNull();
    expect(redirectFor('page=2&bodyType=SUV')).toBeNull();
    expect(redirectFor('bodyType=SUV&utm_source=mail')).toBeNull();
  });

  it('cleans what the no-JavaScript forms send', () => {
    expect(redirectFor('search=&bodyType=SUV&fuelType=&year=&minPrice=&maxPrice=')).toBe('/explore-cars?bodyType=SUV');
    expect(redirectFor('brand=BYD&sort=price-asc')).toBe('/explore-cars?brand=BYD&sortBy=price&sortOrder=asc');
    expect(redirectFor('sort=recent-desc')).toBe('/explore-cars');
  });

  it('drops explicit defaults and invalid values, keeping other parameters', () => {
    expect(redirectFor('page=1&sortBy=recent&sortOrder=desc')).toBe('/explore-cars');
    expect(redirectFor('page=abc&bodyType=SUV&utm_source=mail')).toBe('/explore-cars?bodyType=SUV&utm_source=mail');
  });

  it('applies a normalised state (slider ends dropped by the loader)', () => {
    const qs = 'minPrice=5000&maxPrice=233000&bodyType=SUV';
    expect(redirectFor(qs, { ...parse(qs), minPrice: undefined, maxPrice: undefined })).toBe('/explore-cars?bodyType=SUV');
  });
});
