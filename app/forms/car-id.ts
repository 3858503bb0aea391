// The one reading of a car id, wherever one arrives: a page path (/car/12), a form field, a query
// list (?ids=3,17) or a JSON body (a number or a string of digits). Browser-safe: no zod.

export type CarIdReading = { ok: true; id: number } | { ok: false; problem: 'missing' | 'invalid' };

/**
 * A positive whole number, as a number or as 1 to 15 digits (spaces around them ignored). Nothing,
 * "" and 0 are missing; anything else (negative, fractional, "12abc", "1e3", beyond the safe
 * integers) is invalid.
 */
export function readCarId(raw: unknown): CarIdReading {
  const id = parseCarId(raw);
  if (id !== null) return { ok: true, id };
  const missing = raw === null || raw === undefined || raw === 0 || (typeof raw === 'string' && /^0*$/.test(raw.trim()));
  return { ok: false, problem: missing ? 'missing' : 'invalid' };
}

/** The id, or null when `raw` is not a car id. (Every page's script carries this: keep it small.) */
export function parseCarId(raw: unknown): number | null {
  const text = typeof raw === 'string' ? raw.trim() : raw;
  const n = typeof text === 'string' ? (/^\d{1,15}$/.test(text) ? Number(text) : NaN) : text;
  return isCarId(n) ? n : null;
}

/** A number that is a car id: a positive safe integer (WordPress post ids are 64-bit, never 0). */
export function isCarId(value: unknown): value is number {
  // Stryker disable next-line ConditionalExpression: Number.isSafeInteger is false for anything but a number; the typeof check narrows the type
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 0;
}

/** The car ids of a stored JSON array (numbers or digit strings), in order, each once; the rest dropped. */
export function carIdsOf(values: readonly unknown[]): number[] {
  const ids = values.map(parseCarId).filter((id): id is number => id !== null);
  return [...new Set(ids)];
}

/** A list of car ids: the ids in the order given, each once; every other non-blank part; the non-blank count. */
export type CarIdList = { ids: number[]; invalid: string[]; parts: number };

/**
 * Reads `?ids=` (one comma-separated value, or several `ids` parameters) with the one car-id rule.
 * Blank parts are skipped (a trailing comma is no mistake); what each caller does with the invalid
 * parts and with too many ids is its own rule.
 */
export function parseCarIdList(values: readonly string[]): CarIdList {
  const list: CarIdList = { ids: [], invalid: [], parts: 0 };
  for (const part of values.flatMap((v) => v.split(','))) {
    const text = part.trim();
    if (!text) continue;
    list.parts += 1;
    const id = parseCarId(text);
    if (id === null) list.invalid.push(text);
    else if (!list.ids.includes(id)) list.ids.push(id);
  }
  return list;
}
