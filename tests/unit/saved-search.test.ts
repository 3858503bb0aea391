// What a buyer reads about a saved search: the filters taken from the explore query they were looking
// at (sort, page and view are not part of a search), the default name, the filters in words and the
// link that runs the search again.
import { describe, expect, it } from 'vitest';
import { defaultSearchName, filterFromQuery, filterWords, searchHref } from '~/lib/alerts/saved-search';

const query = (qs: string) => new URLSearchParams(qs);

describe('saved searches', () => {
  it('keeps the filters of an explore query and drops its sort, page and view', () => {
    expect(filterFromQuery(query('bodyType=SUV&brand=BYD&maxPrice=30000&sortBy=price&sortOrder=asc&page=3&showAll=1'))).toEqual({
      bodyType: 'SUV',
      brand: 'BYD',
      maxPrice: 30000,
    });
    expect(filterFromQuery(query('includeSold=1&year=abc'))).toEqual({ includeSold: true });
  });

  it('names a search after its filters, and every car without any', () => {
    expect(defaultSearchName({ bodyType: 'SUV', brand: 'BYD', maxPrice: 30000 })).toBe('SUV · BYD · Up to $30,000');
    expect(defaultSearchName({ fuelType: 'electric', search: 'long range' })).toBe('Electric · “long range”');
    expect(defaultSearchName({})).toBe('All cars');
    expect(defaultSearchName({ search: 'x'.repeat(200) })).toHaveLength(80);
  });

  it('says the filters in the words of the explore chips and links back to that list', () => {
    expect(filterWords({ bodyType: 'SUV', minPrice: 10000, maxPrice: 30000 })).toBe('Body Type: SUV, Price: $10,000 – $30,000');
    expect(filterWords({ includeSold: true })).toBe('Every car in the catalogue, sold cars included');
    expect(filterWords({ brand: 'BYD', includeSold: true })).toBe('Brand: BYD, sold cars included');
    expect(filterWords({})).toBe('Every car in the catalogue');
    expect(searchHref({ bodyType: 'SUV', maxPrice: 30000 })).toBe('/explore-cars?bodyType=SUV&maxPrice=30000');
  });
});
