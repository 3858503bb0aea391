// Latency of the catalogue's `cars` query through nginx + php-fpm, as the site will call it.
// Prints figures; it is not a test. Usage: node bench/graphql-cars.mjs [requests-per-query=200]
import { carsUrl, line, SEARCHES, timeQuery } from './lib/cars-query.mjs';

const N = Number(process.argv[2] || 200);

for (const [name, variables] of Object.entries(SEARCHES)) {
  const r = await timeQuery(carsUrl(variables), N, (d) => `total=${String(d.cars.total).padStart(6)}`);
  console.log(line(name, r, N));
}
