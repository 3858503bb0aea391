// The catalogue query of the explore page and /api/search/cars: parsing (strict for /api, lenient for the page),
// page size rules (12, showAll 100), the mapping to GraphQL variables, and writing it back.
import { describe, expect, it } from 'vitest';
import { searchVariables } from '~/lib/wordpress/client.server';
import { carSearchToQuery, effectiveLimit, parseCarSearchParams } from '~/lib/wordpress/search-params';
import { EVERY_FILTER, EVERY_FILTER_QUERY } from '../fixtures/search';

const parse = (qs: string) => parseCarSearchParams(new URLSearchParams(qs));

describe('parseCarSearchParams', () => {
  it('reads every parameter of the spec', () => {
    const r = parse(`page=2&limit=24&${EVERY_FILTER_QUERY}&sortBy=price&sortOrder=asc&showAll=true`);
    expect(r).toEqual({
      ok: true,
      params: {
        page: 2,
        limit: 24,
        ...EVERY_FILTER,
        sortBy: 'price',
        sortOrder: 'asc',
        showAll: true,
      },
    });
  });

  it('ignores empty parameters and unknown ones', () => {
    expect(parse('search=&brand=&year=&page=&sortBy=&utm_source=x')).toEqual({ ok: true, params: {} });
  });

  it('trims text', () => {
    expect(parse('search=%20%20seal%20').params.search).toBe('seal');
  });

  it.each([
    ['page=0', 'page must be between 1 and 100000.'],
    ['page=abc', 'page must be a whole number.'],
    ['limit=101', 'limit must be between 1 and 100.'],
    ['limit=-1', 'limit must be a whole number.'],
    ['year=20x4', 'year must be a whole number.'],
    ['minPrice=1.5', 'minPrice must be a whole number.'],
    ['sortBy=name', 'sortBy must be recent or price.'],
    ['sortOrder=up', 'sortOrder must be asc or desc.'],
    ['showAll=maybe', 'showAll must be true or false.'],
    ['minPrice=5000&maxPrice=1000', 'minPrice must not be greater than maxPrice.'],
    [`search=${'a'.repeat(201)}`, 'search must be at most 200 characters.'],
  ])('refuses %s', (qs, message) => {
    const r = parse(qs);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.message).toBe(message);
  });

  it('keeps what was valid for the lenient reading', () => {
    const r = parse('page=abc&brand=BYD&minPrice=5000&maxPrice=1000');
    expect(r.ok).toBe(false);
    expect(r.params).toEqual({ brand: 'BYD', minPrice: 1000, maxPrice: 5000 });
  });
});

describe('page size', () => {
  it('is 12 by default, the given limit otherwise, 100 with showAll', () => {
    expect(effectiveLimit({})).toBe(12);
    expect(effectiveLimit({ limit: 6 })).toBe(6);
    expect(effectiveLimit({ limit: 6, showAll: true })).toBe(100);
    expect(effectiveLimit({ limit: 500 })).toBe(100);
    expect(effectiveLimit({ showAll: false })).toBe(12);
  });
});

describe('searchVariables', () => {
  it('defaults to newest first, page 1, 12 per page, no filter', () => {
    expect(searchVariables({})).toEqual({ filter: {}, orderBy: 'DATE', order: 'DESC', page: 1, perPage: 12 });
  });

  it('maps the sort options of the spec', () => {
    expect(searchVariables({ sortBy: 'recent', sortOrder: 'desc' })).toMatchObject({ orderBy: 'DATE', order: 'DESC' });
    expect(searchVariables({ sortBy: 'price', sortOrder: 'asc' })).toMatchObject({ orderBy: 'PRICE', order: 'ASC' });
    expect(searchVariables({ sortBy: 'price', sortOrder: 'desc' })).toMatchObject({ orderBy: 'PRICE', order: 'DESC' });
  });

  it('puts only non-empty filters in the filter, drive included', () => {
    expect(
      searchVariables({ search: ' ', brand: 'BYD', drive: 'AWD', year: 2024, minPrice: 0, maxPrice: 90000, showAll: true, page: 3 }),
    ).toEqual({
      filter: { brand: 'BYD', drive: 'AWD', year: 2024, minPrice: 0, maxPrice: 90000 },
      orderBy: 'DATE',
      order: 'DESC',
      page: 3,
      perPage: 100,
    });
  });
});

describe('carSearchToQuery', () => {
  it('omits empty values and defaults', () => {
    expect(carSearchToQuery({ page: 1, sortBy: 'recent', sortOrder: 'desc', search: '', showAll: false }).toString()).toBe('');
    expect(carSearchToQuery({ brand: 'BYD', page: 2, sortBy: 'price', sortOrder: 'asc' }).toString()).toBe(
      'page=2&brand=BYD&sortBy=price&sortOrder=asc',
    );
  });

  it('round-trips through the parser', () => {
    const params = {
      search: 'seal u',
      brand: 'BYD',
      year: 2024,
      minPrice: 1000,
      maxPrice: 5000,
      sortBy: 'price' as const,
      sortOrder: 'asc' as const,
      page: 3,
    };
    expect(parseCarSearchParams(carSearchToQuery(params)).params).toEqual(params);
  });
});
