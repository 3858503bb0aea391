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

/** The parameters that are text, in their query-string order. */
export const TEXT_KEYS = ['search', 'bodyType', 'fuelType', 'transmission', 'brand', 'model', 'drive'] as const;

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

  // One of two words: "sortBy must be recent or price."
  const oneOf = <K extends 'sortBy' | 'sortOrder'>(name: K, raw: string, words: readonly [string, string]) => {
    if (words.includes(raw)) params[name] = raw as CarSearchParams[K];
    else if (raw !== '') problems.push(`${name} must be ${words.join(' or ')}.`);
  };
  oneOf('sortBy', get('sortBy'), ['recent', 'price']);
  oneOf('sortOrder', get('sortOrder').toLowerCase(), ['asc', 'desc']);

  const flag = (name: 'showAll' | 'includeSold') => {
    const raw = get(name).toLowerCase();
    if (['true', '1', 'yes'].includes(raw)) params[name] = true;
    else if (['false', '0', 'no'].includes(raw)) params[name] = false;
    else if (raw !== '') problems.push(`${name} must be true or false.`);
  };
  flag('showAll');
  flag('includeSold');

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
