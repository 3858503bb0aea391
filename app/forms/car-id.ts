// The one reading of a car id, wherever one arrives: a page path (/car/12), a form field, a query
// list (?ids=3,17) or a JSON body (a number or a string of digits). Browser-safe: no zod.

export const CAR_ID_MESSAGES = {
  missing: 'Car ID is missing.',
  invalid: 'Car ID is invalid.',
} as const;

export type CarIdReading = { ok: true; id: number } | { ok: false; problem: keyof typeof CAR_ID_MESSAGES };

/**
 * A positive whole number, as a number or as 1 to 15 digits (spaces around them ignored). Nothing,
 * "" and 0 are missing; anything else (negative, fractional, "12abc", beyond the safe integers) is
 * invalid.
 */
export function readCarId(raw: unknown): CarIdReading {
  let n: number;
  if (raw === null || raw === undefined) return { ok: false, problem: 'missing' };
  if (typeof raw === 'number') n = raw;
  else if (typeof raw === 'string') {
    const text = raw.trim();
    if (text === '') return { ok: false, problem: 'missing' };
    if (!/^\d{1,15}$/.test(text)) return { ok: false, problem: 'invalid' };
    n = Number(text);
  } else return { ok: false, problem: 'invalid' };
  if (n === 0) return { ok: false, problem: 'missing' };
  return isCarId(n) ? { ok: true, id: n } : { ok: false, problem: 'invalid' };
}

/** A number that is a car id: a positive safe integer (WordPress post ids are 64-bit, never 0). */
export function isCarId(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 0;
}

/** The id, or null when `raw` is not a car id. */
export function parseCarId(raw: unknown): number | null {
  const reading = readCarId(raw);
  return reading.ok ? reading.id : null;
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
