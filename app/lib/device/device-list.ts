import { useMemo, useSyncExternalStore } from 'react';
import { isCarId } from '~/forms/car-id';

// Lists of car ids kept in this browser's localStorage (compare selection, recently viewed): never
// sent to the server except as the ids of a page the visitor asks for. Every list is a JSON array of
// positive integer ids, each once; anything else read back (a hand-edited or corrupt value) is dropped.
// A change in one tab reaches the others through the `storage` event, and this tab through its own event.

const CHANGE_EVENT = 'car-export:device-list';

/** This browser's localStorage, or null where there is none (the server) or it is refused. */
export function deviceStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    // Storage can be disabled (privacy settings): the list then simply stays empty.
    return null;
  }
}

/** Car ids, each once, in stored order; anything else is ignored (this code stores ids as numbers). */
export function parseIdList(raw: string | null): number[] {
  if (!raw) return [];
  try {
    const value: unknown = JSON.parse(raw);
    if (!Array.isArray(value)) return [];
    return [...new Set(value.filter(isCarId))];
  } catch {
    return [];
  }
}

export function readIdList(key: string): number[] {
  return parseIdList(deviceStorage()?.getItem(key) ?? null);
}

export function writeIdList(key: string, ids: readonly number[]): void {
  const store = deviceStorage();
  if (!store) return;
  try {
    if (ids.length === 0) store.removeItem(key);
    else store.setItem(key, JSON.stringify([...new Set(ids)]));
  } catch {
    // Quota exceeded or storage refused: the list is a convenience, the page goes on without it.
    return;
  }
  window.dispatchEvent(new CustomEvent(CHANGE_EVENT, { detail: key }));
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener('storage', onChange);
  window.addEventListener(CHANGE_EVENT, onChange);
  return () => {
    window.removeEventListener('storage', onChange);
    window.removeEventListener(CHANGE_EVENT, onChange);
  };
}

const serverSnapshot = () => null;

/**
 * The stored list under `key`, kept up to date. null during the server render and hydration (the
 * server cannot see localStorage), so a caller renders its "no JavaScript" form first and never
 * mismatches the server's markup. `parse` reads the stored value (a list with older stored forms
 * brings its own).
 */
export function useIdList(key: string, parse: (raw: string | null) => number[] = parseIdList): number[] | null {
  const raw = useSyncExternalStore(subscribe, () => deviceStorage()?.getItem(key) ?? '', serverSnapshot);
  return useMemo(() => (raw === null ? null : parse(raw || null)), [raw, parse]);
}
