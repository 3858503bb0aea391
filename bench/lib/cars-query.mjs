// The site's and WordPress's addresses, the catalogue searches the site makes, and a timer for them
// over HTTP (nginx → php-fpm → GraphQL).
// Shared by the bench scripts; they print figures and are not tests.
export const SITE = (process.env.SITE_URL || `http://127.0.0.1:${process.env.PORT || 3000}`).replace(/\/+$/, '');
export const WP = (process.env.WORDPRESS_URL || `http://127.0.0.1:${process.env.WP_PORT || 8080}`).replace(/\/+$/, '');

const CARD = 'id title priceText bodyType fuelType transmission year mileage image { url width height sizes { name url width height } }';

export const SEARCHES = {
  'first page, newest': { filter: {}, orderBy: 'DATE', order: 'DESC', page: 1, perPage: 12 },
  'brand + body type': { filter: { brand: 'BYD', bodyType: 'SUV' }, orderBy: 'DATE', order: 'DESC', page: 1, perPage: 12 },
  'keyword search': { filter: { search: 'sport' }, orderBy: 'DATE', order: 'DESC', page: 1, perPage: 12 },
  'price range, cheapest first': { filter: { minPrice: 10000, maxPrice: 80000 }, orderBy: 'PRICE', order: 'ASC', page: 1, perPage: 12 },
  'show all (100)': { filter: {}, orderBy: 'DATE', order: 'DESC', page: 1, perPage: 100 },
};

export const CARS_QUERY = `query Cars($filter: CarFilter, $orderBy: CarOrderBy, $order: SortOrder, $page: Int, $perPage: Int) {
  cars(filter: $filter, orderBy: $orderBy, order: $order, page: $page, perPage: $perPage) { total totalPages nodes { ${CARD} } }
}`;

export const FILTERS_QUERY = '{ carFilters { brands models bodyTypes fuelTypes transmissions driveTypes years priceRange { min max } } }';

const OPTIONS = 'value count';
/** The explore panel's question: every list with each option's count for the search in $filter. */
export const FACETS_QUERY = `query Facets($filter: CarFilter) { carFilters(filter: $filter) {
  total priceRange { min max } matchingPriceRange { min max }
  bodyTypeOptions { ${OPTIONS} } fuelTypeOptions { ${OPTIONS} } transmissionOptions { ${OPTIONS} } brandOptions { ${OPTIONS} }
  modelOptions { ${OPTIONS} } driveTypeOptions { ${OPTIONS} } yearOptions { ${OPTIONS} }
} }`;

export const facetsUrl = (filter) => `${WP}/graphql?${new URLSearchParams({ query: FACETS_QUERY, variables: JSON.stringify({ filter }) })}`;

export const carsUrl = (variables) => `${WP}/graphql?${new URLSearchParams({ query: CARS_QUERY, variables: JSON.stringify(variables) })}`;
export const queryUrl = (query) => `${WP}/graphql?${new URLSearchParams({ query })}`;

/** The p-th percentile (0–100) of ascending `sorted`. */
export const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

/**
 * Sequential GETs of `url`, the first few discarded (they warm opcache and MariaDB's buffer pool).
 * `read` pulls a figure to print from the body (a total, for instance); `before` runs untimed
 * ahead of each request (to empty a cache, for a cold figure).
 */
export async function timeQuery(url, n, read = () => '', before = () => {}) {
  const times = [];
  let figure = '';
  for (let i = 0; i < n + 10; i += 1) {
    before();
    const t = performance.now();
    const res = await fetch(url, { headers: { Accept: 'application/json' } });
    const body = await res.json();
    const ms = performance.now() - t;
    if (!res.ok || body.errors) throw new Error(`${res.status} ${JSON.stringify(body.errors)}`);
    figure = read(body.data);
    if (i >= 10) times.push(ms);
  }
  times.sort((a, b) => a - b);
  return { figure, p50: pct(times, 50), p95: pct(times, 95), p99: pct(times, 99) };
}

export function line(name, r, n) {
  return `${name.padEnd(30)} ${r.figure}  p50=${r.p50.toFixed(1)}ms  p95=${r.p95.toFixed(1)}ms  p99=${r.p99.toFixed(1)}ms  (n=${n})`;
}
