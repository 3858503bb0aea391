import { readIdList, useIdList, writeIdList } from '~/lib/device/device-list';
import { parseCarIdList } from '~/forms/car-id';

// The compare selection: up to four cars picked on cards (explore, home, favourites), kept on this
// device, compared side by side at /compare?ids=…. The address is the whole state of the compare
// page, so a plain link works without JavaScript and a comparison can be shared.

export const COMPARE_KEY = 'compareCars';
/** Side by side, four columns are what fits a laptop screen and still reads on a phone (scrolling). */
export const COMPARE_MAX = 4;
export const COMPARE_PATH = '/compare';
/** What the compare page says when WordPress cannot answer. */
export const COMPARE_LOAD_FAILED = 'The cars could not be loaded right now. Please try again.';

export type CompareToggle = { ids: number[]; added: boolean; full: boolean };

/**
 * Adds `id` to the selection or removes it. A full selection (four cars) is left as it is, with
 * `full: true` so the caller can say why nothing happened.
 */
export function toggleCompareId(ids: readonly number[], id: number): CompareToggle {
  if (ids.includes(id)) return { ids: ids.filter((x) => x !== id), added: false, full: false };
  if (ids.length >= COMPARE_MAX) return { ids: [...ids], added: false, full: true };
  return { ids: [...ids, id], added: true, full: false };
}

/** `/compare?ids=3,17`; `/compare` for none. Commas stay readable in the address. */
export function compareHref(ids: readonly number[]): string {
  return ids.length === 0 ? COMPARE_PATH : `${COMPARE_PATH}?ids=${ids.join(',')}`;
}

export type ParsedCompareIds = {
  /** The cars to compare, at most four, in the order given, each once. */
  ids: number[];
  /** Parts of ?ids= that are not car ids ("abc", "-2", "1.5"), as given. */
  invalid: string[];
  /** Valid ids beyond the fourth, left out. */
  dropped: number[];
};

/**
 * Reads `?ids=` (one comma-separated value, or several `ids` parameters). Blank parts are ignored
 * silently (a trailing comma is no mistake); anything else that is not a positive integer is
 * reported as invalid; repeats count once; past four the rest are dropped and reported.
 */
export function parseCompareIds(values: readonly string[]): ParsedCompareIds {
  const { ids, invalid } = parseCarIdList(values);
  return {
    ids: ids.slice(0, COMPARE_MAX),
    invalid: invalid.slice(0, 10).map((text) => text.slice(0, 40)),
    dropped: ids.slice(COMPARE_MAX),
  };
}

export function readCompareIds(): number[] {
  return readIdList(COMPARE_KEY).slice(0, COMPARE_MAX);
}

export function writeCompareIds(ids: readonly number[]): void {
  writeIdList(COMPARE_KEY, ids.slice(0, COMPARE_MAX));
}

/** The selection on this device; null until hydrated. */
export function useCompareIds(): number[] | null {
  const ids = useIdList(COMPARE_KEY);
  return ids === null ? null : ids.slice(0, COMPARE_MAX);
}
