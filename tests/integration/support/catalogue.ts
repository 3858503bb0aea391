// Helpers for the GraphQL catalogue suites: a full listing of the published catalogue to compute
// expectations from (never hard-coded ids or totals), and a record of every response body so each
// suite can check that no response ever carried SQL, table names or server paths.
import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import { gql, type JsonResponse } from './wordpress';

export type GqlBody<T> = { data?: T | null; errors?: Array<{ message: string; path?: unknown[] }> };

const seen: string[] = [];

/** gql() that also keeps the response text for expectNoLeaks(). */
export async function query<T = any>(
  text: string,
  variables: Record<string, unknown> = {},
  method: 'GET' | 'POST' = 'POST',
): Promise<JsonResponse<GqlBody<T>>> {
  const res = await gql<T>(text, variables, { method });
  remember(res.text);
  return res as JsonResponse<GqlBody<T>>;
}

/** The data of a query that must succeed. */
export async function data<T = any>(text: string, variables: Record<string, unknown> = {}): Promise<T> {
  const res = await query<T>(text, variables);
  if (res.status !== 200 || res.body?.errors || !res.body?.data) {
    throw new Error(`GraphQL failed (${res.status}): ${res.text.slice(0, 500)}`);
  }
  return res.body.data;
}

/** The first error message of a query that must fail (request error or field error). */
export async function errorOf(text: string, variables: Record<string, unknown> = {}): Promise<{ status: number; message: string }> {
  const res = await query(text, variables);
  const message = res.body?.errors?.[0]?.message;
  expect(message, `expected an error, got ${res.text.slice(0, 300)}`).toBeTypeOf('string');
  return { status: res.status, message: message ?? '' };
}

export function remember(text: string): void {
  seen.push(text);
}

/** Asserts that none of the responses this file saw leaks database or file-system internals. */
export function expectNoLeaks(): void {
  expect(seen.length).toBeGreaterThan(0);
  for (const text of seen) {
    expect(text).not.toMatch(/\bwp_[a-z_]+/i);
    expect(text).not.toMatch(/car_lookup|SQL syntax|mysqli_|wpdb/i);
    expect(text).not.toMatch(/\bSELECT\b[^"]*\bFROM\b/);
    expect(text).not.toMatch(/\/work\/|\/var\/www|\/usr\/share\/|\.php:\d|Stack trace/);
    expect(text).not.toMatch(/PHP (Warning|Notice|Fatal|Deprecated)|<b>(Warning|Notice|Fatal error|Deprecated)<\/b>/);
  }
}

export const CAR_ROW = `databaseId title subtitle trim brand model year price priceText bodyType fuelType
  transmission driveType featured date modified`;

export type CarRow = {
  databaseId: number;
  title: string;
  subtitle: string | null;
  trim: string | null;
  brand: string | null;
  model: string | null;
  year: number | null;
  price: number | null;
  priceText: string;
  bodyType: string | null;
  fuelType: string | null;
  transmission: string | null;
  driveType: string | null;
  featured: boolean;
  date: string;
  modified: string;
};

export type Connection<T> = { nodes: T[]; total: number; page: number; perPage: number; totalPages: number };

export type CarFilter = Partial<{
  search: string;
  bodyType: string;
  fuelType: string;
  transmission: string;
  brand: string;
  model: string;
  drive: string;
  year: number;
  minPrice: number;
  maxPrice: number;
  includeSold: boolean;
}>;

const CARS = `query($filter: CarFilter, $orderBy: CarOrderBy, $order: SortOrder, $page: Int, $perPage: Int) {
  cars(filter: $filter, orderBy: $orderBy, order: $order, page: $page, perPage: $perPage) {
    total page perPage totalPages nodes { ${CAR_ROW} }
  }
}`;

export async function carsPage(args: {
  filter?: CarFilter;
  orderBy?: 'DATE' | 'PRICE';
  order?: 'ASC' | 'DESC';
  page?: number;
  perPage?: number;
}): Promise<Connection<CarRow>> {
  return (await data<{ cars: Connection<CarRow> }>(CARS, args)).cars;
}

/** Every car matching the filter, in the API's order, read page by page. */
export async function listAll(
  args: { filter?: CarFilter; orderBy?: 'DATE' | 'PRICE'; order?: 'ASC' | 'DESC' } = {},
): Promise<{ nodes: CarRow[]; total: number }> {
  const nodes: CarRow[] = [];
  let page = 1;
  let first: Connection<CarRow> | undefined;
  for (;;) {
    const conn = await carsPage({ ...args, page, perPage: 100 });
    first ??= conn;
    nodes.push(...conn.nodes);
    if (page >= conn.totalPages) break;
    page += 1;
  }
  return { nodes, total: first.total };
}

function fingerprint(nodes: CarRow[]): string {
  return nodes
    .map((n) => `${n.databaseId}@${n.modified}`)
    .sort()
    .join(',');
}

/**
 * Runs a check that compares an API answer with the full catalogue. Other suites (or people) may
 * add or edit cars at the same time, so the check counts only when the catalogue was the same
 * before and after it; otherwise it is run again on the new catalogue (a few times at most).
 */
export async function againstCatalogue<T>(check: (catalogue: CarRow[]) => Promise<T>): Promise<T> {
  let lastError: unknown;
  for (let attempt = 0; attempt < 4; attempt += 1) {
    const before = (await listAll()).nodes;
    let result: T | undefined;
    let failure: unknown;
    try {
      result = await check(before);
    } catch (error) {
      failure = error;
    }
    const after = (await listAll()).nodes;
    if (fingerprint(before) !== fingerprint(after)) {
      lastError = failure;
      continue;
    }
    if (failure !== undefined) throw failure;
    return result as T;
  }
  throw lastError ?? new Error('The catalogue kept changing while the check ran.');
}

/** Lower-case words a car is found by (title, subtitle, brand, model, trim, year), as the plugin indexes them. */
export function haystack(car: CarRow): string {
  return [car.title, car.subtitle, car.brand, car.model, car.trim, car.year === null ? '' : String(car.year)]
    .map((v) => v ?? '')
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();
}

export const same = (a: string | null, b: string): boolean => (a ?? '').toLowerCase() === b.toLowerCase();

/** The most frequent non-empty value of a field in the catalogue (a filter that matches several cars). */
export function mostCommon<K extends keyof CarRow>(cars: CarRow[], key: K): NonNullable<CarRow[K]> {
  const counts = new Map<NonNullable<CarRow[K]>, number>();
  for (const car of cars) {
    const value = car[key];
    if (value !== null && value !== '') counts.set(value as NonNullable<CarRow[K]>, (counts.get(value as NonNullable<CarRow[K]>) ?? 0) + 1);
  }
  const best = [...counts.entries()].sort((a, b) => b[1] - a[1])[0];
  if (!best) throw new Error(`no car has a ${String(key)}`);
  return best[0];
}

export const ids = (cars: Array<{ databaseId: number }>): number[] => cars.map((c) => c.databaseId);
export const sortedIds = (cars: Array<{ databaseId: number }>): number[] => ids(cars).sort((a, b) => a - b);

/**
 * A brand unique to this run: the prefix and random letters, never digits, so the brand is one
 * search word and sorts like any other brand.
 */
export function testBrand(prefix: string): string {
  return `${prefix}${randomBytes(5)
    .toString('hex')
    .replace(/\d/g, (d) => 'abcdefghij'[Number(d)] ?? 'k')}`;
}
