import { useFetchers } from '@remix-run/react';
import { useMemo } from 'react';
import { useIdList } from '~/lib/device/device-list';
import { GUEST_FAVORITES_KEY, parseGuestFavorites } from '~/lib/favorites/guest-favorites';
import { useRootData } from '~/lib/page/root-data';
import { parseCarId } from '~/forms/car-id';

// Client-side favourites state. The truth is the root loader's
// `favoriteIds` (WordPress, via the session); every heart toggle is a fetcher POST to
// FAVORITES_ACTION. While a toggle is in flight its intended result is applied on top of the server
// set, so every heart of that car and the header badge flip at once. When the fetcher settles the
// loaders have revalidated: on success the server set already holds the change, on failure it does
// not, which is the rollback — no client copy of the set can drift from WordPress.

/** The resource route every heart and the guest merge post to. */
export const FAVORITES_ACTION = '/resources/favorites';
/** Fetcher keys start with this, so toasts and the optimistic set can find heart toggles. */
export const FAVORITE_FETCHER_PREFIX = 'favorite-toggle:';

export const FAVORITES_UPDATE_FAILED = 'Failed to update favorites';
export const FAVORITES_NETWORK_ERROR = 'Network error while updating favorites';

export type FavoriteAction = 'add' | 'remove';

/** What the toggle action answers a fetcher (JSON); `favorites` is the new set on success. */
export type FavoriteToggleData = {
  success: boolean;
  message: string;
  favorites?: number[];
  /** The session ended (401): the sign-in dialog should open. */
  signInRequired?: boolean;
  /** Set by the client action when the request never reached the server. */
  networkError?: boolean;
};

/** The part of a Remix fetcher the derivation reads (kept minimal so it can be unit-tested). */
export type FetcherLike = {
  state: 'idle' | 'submitting' | 'loading';
  formData?: FormData;
  data?: unknown;
};

/** The car id and action of a heart toggle's form data, or null for any other submission. */
export function readToggle(formData: FormData | undefined): { carId: number; action: FavoriteAction } | null {
  if (!formData || formData.get('intent') !== 'toggle') return null;
  const carId = parseCarId(formData.get('carId'));
  const action = formData.get('action');
  if (carId === null) return null;
  if (action !== 'add' && action !== 'remove') return null;
  return { carId, action };
}

export function isToggleData(data: unknown): data is FavoriteToggleData {
  return typeof data === 'object' && data !== null && 'success' in data && typeof data.success === 'boolean';
}

/**
 * The favourite ids to show: the server's set with every in-flight toggle applied in submission
 * order. A toggle whose answer already says it failed is not applied (its fetcher may still be
 * "loading" while loaders revalidate, and the heart must not flicker back on meanwhile).
 */
export function optimisticFavoriteIds(serverIds: readonly number[], fetchers: readonly FetcherLike[]): Set<number> {
  const ids = new Set(serverIds);
  for (const fetcher of fetchers) {
    if (fetcher.state === 'idle') continue;
    const toggle = readToggle(fetcher.formData);
    if (!toggle) continue;
    if (isToggleData(fetcher.data) && !fetcher.data.success) continue;
    if (toggle.action === 'add') ids.add(toggle.carId);
    else ids.delete(toggle.carId);
  }
  return ids;
}

// Toggle results, told to whoever listens (the toast). Fetcher data alone is not enough: a card
// removed from /favorites unmounts with its fetcher, and a fetcher that is no longer mounted is
// dropped the moment it settles, before any component could read its answer.
type ToggleListener = (result: FavoriteToggleData) => void;
const toggleListeners = new Set<ToggleListener>();

/** Called by the client action with every toggle's outcome. */
export function announceToggleResult(result: FavoriteToggleData): void {
  for (const listener of toggleListeners) listener(result);
}

/** Subscribes to toggle outcomes; returns the unsubscribe function. */
export function onToggleResult(listener: ToggleListener): () => void {
  toggleListeners.add(listener);
  return () => {
    toggleListeners.delete(listener);
  };
}

/** The signed-in user's favourite ids with in-flight toggles applied (empty when signed out). */
export function useFavoriteIds(): Set<number> {
  const serverIds = useRootData()?.favoriteIds;
  const fetchers = useFetchers();
  return useMemo(() => optimisticFavoriteIds(serverIds ?? [], fetchers), [serverIds, fetchers]);
}

/** Whether one car is a favourite, with in-flight toggles applied. */
export function useIsFavorite(carId: number): boolean {
  return useFavoriteIds().has(carId);
}

/** Fetcher key of a car's heart: every heart of a car shares it, so a second tap supersedes the first. */
export function favoriteFetcherKey(carId: number): string {
  return `${FAVORITE_FETCHER_PREFIX}${carId}`;
}

// --- guest favourites (signed out) --------------------------------------------------------------
// Ids kept in this browser's localStorage (lib/favorites/guest-favorites.ts) by earlier versions of the site are
// shown on /favorites and merged into the account after sign-in. A signed-out heart tap adds nothing
// here: it opens the sign-in dialog and the car is added once the visitor is signed in.

const NO_IDS: readonly number[] = [];

/**
 * Guest favourite ids of this browser, or null until the device's list has been read (on the server
 * and in the first client render), so a page can show a neutral state instead of a false "empty".
 */
export function useGuestFavoritesOnDevice(): readonly number[] | null {
  return useIdList(GUEST_FAVORITES_KEY, parseGuestFavorites);
}

/** Guest favourite ids of this browser; empty on the server and until hydration. */
export function useGuestFavoriteIds(): readonly number[] {
  return useGuestFavoritesOnDevice() ?? NO_IDS;
}
