import { useEffect, useRef } from 'react';
import { useRevalidator } from '@remix-run/react';
import { deviceStorage, writeIdList } from '~/lib/device/device-list';
import type { SessionUser } from '~/lib/wordpress/types';
import { carIdsOf } from '~/forms/car-id';

// Guest favourites: car ids a signed-out visitor saved, a device list (lib/device/device-list.ts) under
// `guestFavorites`. After sign-in they are merged into the account and the local copy removed.

export const GUEST_FAVORITES_KEY = 'guestFavorites';
/** The action that merges ids into the signed-in account (owned by the favourites routes). */
export const MERGE_FAVORITES_ACTION = '/resources/favorites';

/** Parses the stored value: positive integer ids (numeric strings read as numbers), each once; anything else is ignored. */
export function parseGuestFavorites(raw: string | null): number[] {
  if (!raw) return [];
  try {
    const value: unknown = JSON.parse(raw);
    if (!Array.isArray(value)) return [];
    return carIdsOf(value);
  } catch {
    return [];
  }
}

export function readGuestFavorites(): number[] {
  return parseGuestFavorites(deviceStorage()?.getItem(GUEST_FAVORITES_KEY) ?? null);
}

export function writeGuestFavorites(ids: number[]): void {
  writeIdList(GUEST_FAVORITES_KEY, ids);
}

/**
 * The device list without one car. A signed-out visitor can take a car off the list an earlier version
 * of the site kept in this browser (its heart says "Remove from favorites" and must do it); adding a
 * car needs an account, so the list only ever shrinks until sign-in merges what is left.
 */
export function withoutGuestFavorite(ids: readonly number[], carId: number): number[] {
  return ids.filter((id) => id !== carId);
}

export function removeGuestFavorite(carId: number): void {
  writeGuestFavorites(withoutGuestFavorite(readGuestFavorites(), carId));
}

export function clearGuestFavorites(): void {
  writeGuestFavorites([]);
}

/** The form body of a merge: intent=merge and one `ids` field per car. */
export function mergeFormBody(ids: number[]): URLSearchParams {
  const body = new URLSearchParams({ intent: 'merge' });
  for (const id of ids) body.append('ids', String(id));
  return body;
}

/**
 * Posts the guest favourites to the account once a user is signed in, then removes the local copy
 * and reloads the page data (header badge, hearts). A failure keeps the local copy for the next
 * sign-in or page load and is only logged: the visitor loses nothing.
 *
 * A plain fetch rather than a Remix fetcher on purpose: a fetcher whose action fails or is missing
 * would replace the whole page with the error boundary, for something the visitor did not ask for.
 */
export function useMergeGuestFavorites(user: SessionUser | null): void {
  const revalidator = useRevalidator();
  // revalidator changes identity on every render; the merge runs only when who is signed in changes.
  const revalidateRef = useRef(revalidator.revalidate);
  revalidateRef.current = revalidator.revalidate;
  const inFlight = useRef(false);
  const signedInAs = user ? `${user.id}:${user.username}` : null;

  useEffect(() => {
    if (!signedInAs || inFlight.current) return;
    const ids = readGuestFavorites();
    if (ids.length === 0) return;
    inFlight.current = true;
    fetch(MERGE_FAVORITES_ACTION, {
      method: 'POST',
      body: mergeFormBody(ids),
      headers: { Accept: 'application/json' },
      credentials: 'same-origin',
    })
      .then((response) => {
        if (!response.ok) throw new Error(`HTTP error! status: ${response.status}`);
        // Only what was sent is removed: a heart tapped meanwhile stays for the next merge.
        const left = readGuestFavorites().filter((id) => !ids.includes(id));
        writeGuestFavorites(left);
        revalidateRef.current();
      })
      .catch((error: unknown) => {
        console.warn('Guest favourites could not be merged yet:', error instanceof Error ? error.message : error);
      })
      .finally(() => {
        inFlight.current = false;
      });
  }, [signedInAs]);
}
