// Latency of the catalogue's `cars` query through nginx + php-fpm, as the site will call it.
// Prints figures; it is not a test. Usage: node bench/graphql-cars.mjs [requests-per-query=200]
const WP = (process.env.WORDPRESS_URL || 'http://127.0.0.1:8080').replace(/\/+$/, '');
const N = Number(process.argv[2] || 200);

const CARD = 'id title priceText bodyType fuelType transmission year mileage image { url width height sizes { name url width height } }';
const QUERIES = {
  'first page, newest': { filter: {}, orderBy: 'DATE', order: 'DESC', page: 1, perPage: 12 },
  'brand + body type': { filter: { brand: 'BYD', bodyType: 'SUV' }, orderBy: 'DATE', order: 'DESC', page: 1, perPage: 12 },
  'keyword search': { filter: { search: 'sport' }, orderBy: 'DATE', order: 'DESC', page: 1, perPage: 12 },
  'price range, cheapest first': { filter: { minPrice: 10000, maxPrice: 80000 }, orderBy: 'PRICE', order: 'ASC', page: 1, perPage: 12 },
  'show all (100)': { filter: {}, orderBy: 'DATE', order: 'DESC', page: 1, perPage: 100 },
};
const query = `query Cars($filter: CarFilter, $orderBy: CarOrderBy, $order: SortOrder, $page: Int, $perPage: Int) {
  cars(filter: $filter, orderBy: $orderBy, order: $order, page: $page, perPage: $perPage) { total totalPages nodes { ${CARD} } }
}`;

const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

for (const [name, variables] of Object.entries(QUERIES)) {
  const url = `${WP}/graphql?${new URLSearchParams({ query, variables: JSON.stringify(variables) })}`;
  const times = [];
  let total = 0;
  for (let i = 0; i < N + 10; i += 1) {
    const t = performance.now();
    const res = await fetch(url, { headers: { Accept: 'application/json' } });
    const body = await res.json();
    const ms = performance.now() - t;
    if (!res.ok || body.errors) throw new Error(`${name}: ${res.status} ${JSON.stringify(body.errors)}`);
    total = body.data.cars.total;
    if (i >= 10) times.push(ms); // the first few warm opcache and MariaDB's buffer pool
  }
  times.sort((a, b) => a - b);
  console.log(`${name.padEnd(30)} total=${String(total).padStart(6)}  p50=${pct(times, 50).toFixed(1)}ms  p95=${pct(times, 95).toFixed(1)}ms  p99=${pct(times, 99).toFixed(1)}ms  (n=${N})`);
}
