// The catalogue query as it lives in a query string: parsed for
// /api/search/cars (strict: a bad value is a 400) and for the explore page (lenient: a bad value is
// dropped, a shared link never breaks the page), and written back with empty values omitted.
// Not server-only: the explore page builds its links with the same rules.
import type { CarSearchParams } from './types';

export const CARS_PER_PAGE = 12;
export const SHOW_ALL_LIMIT = 100;
export const MAX_LIMIT = 100;
export const SEARCH_MAX_LENGTH = 200;
const TEXT_MAX_LENGTH = 100;

/** The query-string names, in a fixed order. */
export const SEARCH_PARAM_NAMES = [
  'page',
  'limit',
  'search',
  'bodyType',
  'fuelType',
  'transmission',
  'brand',
  'model',
  'drive',
  'year',
  'minPrice',
  'maxPrice',
  'sortBy',
  'sortOrder',
  'showAll',
  'includeSold',
] as const;

export type SearchParseResult =
  | { ok: true; params: CarSearchParams }
  | { ok: false; message: string; params: CarSearchParams };

const TEXT_KEYS = ['search', 'bodyType', 'fuelType', 'transmission', 'brand', 'model', 'drive'] as const;

/**
 * Reads the catalogue query. Empty values are ignored. Every problem is collected; the first one
 * is the message, and `params` always holds what was valid (the lenient reading).
 */
export function parseCarSearchParams(sp: URLSearchParams): SearchParseResult {
  const params: CarSearchParams = {};
  const problems: string[] = [];
  const get = (name: string) => {
    const v = sp.get(name);
    return v === null ? '' : v.trim();
  };

  const integer = (name: string, min: number, max: number): number | undefined => {
    const raw = get(name);
    if (raw === '') return undefined;
    if (!/^\d{1,12}$/.test(raw)) {
      problems.push(`${name} must be a whole number.`);
      return undefined;
    }
    const n = Number(raw);
    if (n < min || n > max) {
      problems.push(`${name} must be between ${min} and ${max}.`);
      return undefined;
    }
    return n;
  };

  params.page = integer('page', 1, 100000);
  params.limit = integer('limit', 1, MAX_LIMIT);
  params.year = integer('year', 1900, 2100);
  params.minPrice = integer('minPrice', 0, 100_000_000);
  params.maxPrice = integer('maxPrice', 0, 100_000_000);

  for (const key of TEXT_KEYS) {
    const raw = get(key);
    if (raw === '') continue;
    const max = key === 'search' ? SEARCH_MAX_LENGTH : TEXT_MAX_LENGTH;
    if (raw.length > max) {
      problems.push(`${key} must be at most ${max} characters.`);
      params[key] = raw.slice(0, max);
    } else {
      params[key] = raw;
    }
  }

  const sortBy = get('sortBy');
  if (sortBy === 'recent' || sortBy === 'price') params.sortBy = sortBy;
  else if (sortBy !== '') problems.push('sortBy must be recent or price.');

  const sortOrder = get('sortOrder').toLowerCase();
  if (sortOrder === 'asc' || sortOrder === 'desc') params.sortOrder = sortOrder;
  else if (sortOrder !== '') problems.push('sortOrder must be asc or desc.');

  const showAll = get('showAll').toLowerCase();
  if (['true', '1', 'yes'].includes(showAll)) params.showAll = true;
  else if (['false', '0', 'no'].includes(showAll)) params.showAll = false;
  else if (showAll !== '') problems.push('showAll must be true or false.');

  const includeSold = get('includeSold').toLowerCase();
  if (['true', '1', 'yes'].includes(includeSold)) params.includeSold = true;
  else if (['false', '0', 'no'].includes(includeSold)) params.includeSold = false;
  else if (includeSold !== '') problems.push('includeSold must be true or false.');

  if (params.minPrice !== undefined && params.maxPrice !== undefined && params.minPrice > params.maxPrice) {
    problems.push('minPrice must not be greater than maxPrice.');
    // Leniently, the bounds were simply given the wrong way round.
    [params.minPrice, params.maxPrice] = [params.maxPrice, params.minPrice];
  }

  for (const key of Object.keys(params) as (keyof CarSearchParams)[]) {
    if (params[key] === undefined) delete params[key];
  }
  return problems.length > 0 ? { ok: false, message: problems[0]!, params } : { ok: true, params };
}

/** Page size: 12 by default, 100 with showAll, never above 100. */
export function effectiveLimit(p: CarSearchParams): number {
  if (p.showAll) return SHOW_ALL_LIMIT;
  return Math.min(Math.max(p.limit ?? CARS_PER_PAGE, 1), MAX_LIMIT);
}

/** Writes the query back as a query string, empty and default values omitted. */
export function carSearchToQuery(p: CarSearchParams): URLSearchParams {
  const out = new URLSearchParams();
  for (const name of SEARCH_PARAM_NAMES) {
    const v = p[name];
    if (v === undefined || v === null || v === '' || v === false) continue;
    if (name === 'page' && v === 1) continue;
    if (name === 'sortBy' && v === 'recent') continue;
    if (name === 'sortOrder' && v === 'desc') continue;
    out.set(name, name === 'includeSold' ? '1' : String(v));
  }
  return out;
}
