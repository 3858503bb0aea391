import { useEffect } from 'react';
import { readIdList, useIdList, writeIdList } from './device-list';

// Recently viewed cars: the ids of car pages opened on this device, newest first, each once, at most
// eight. Shown on the home and car pages after hydration; the cars themselves are fetched fresh each
// time, so a car that was sold or removed since drops out instead of showing stale details.

export const RECENTLY_VIEWED_KEY = 'recentlyViewedCars';
export const RECENTLY_VIEWED_MAX = 8;

/** `id` moved (or added) to the front; the oldest beyond the cap fall off. */
export function addRecentlyViewed(ids: readonly number[], id: number, max = RECENTLY_VIEWED_MAX): number[] {
  return [id, ...ids.filter((x) => x !== id)].slice(0, max);
}

/** The ids to show: without the car on screen (the visitor is looking at it). */
export function recentToShow(ids: readonly number[], currentId?: number): number[] {
  return ids.filter((id) => id !== currentId).slice(0, RECENTLY_VIEWED_MAX);
}

export function rememberViewedCar(id: number): void {
  writeIdList(RECENTLY_VIEWED_KEY, addRecentlyViewed(readIdList(RECENTLY_VIEWED_KEY), id));
}

export function clearRecentlyViewed(): void {
  writeIdList(RECENTLY_VIEWED_KEY, []);
}

/** Ids that were asked for but did not come back: cars sold, unpublished or deleted since. */
export function missingIds(asked: readonly number[], found: readonly number[]): number[] {
  return asked.filter((id) => !found.includes(id));
}

/** Drops cars that no longer exist, so they stop being asked for. */
export function forgetViewedCars(gone: readonly number[]): void {
  if (gone.length === 0) return;
  const stored = readIdList(RECENTLY_VIEWED_KEY);
  const kept = stored.filter((id) => !gone.includes(id));
  if (kept.length !== stored.length) writeIdList(RECENTLY_VIEWED_KEY, kept);
}

/** The list on this device; null until hydrated. */
export function useRecentlyViewedIds(): number[] | null {
  return useIdList(RECENTLY_VIEWED_KEY);
}

/** Puts the car on screen at the front of this device's list (after hydration, once per car). */
export function useRememberViewedCar(id: number): void {
  useEffect(() => {
    rememberViewedCar(id);
  }, [id]);
}
