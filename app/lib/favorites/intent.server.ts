import { parseCarId } from '~/forms/car-id';
import { FAVORITE_INTENT_PARAM } from '~/lib/favorites/intent';

/** The car id of an intent (the one car-id rule); anything else is no intent. */
export const parseFavoriteIntent = parseCarId;
import type { WordPressClient } from '~/lib/wordpress/client.server';

/**
 * Adds the car a signed-out heart tap asked for, right after the visitor signed in or registered.
 * The sign-in itself has already succeeded: a car gone since (404) or WordPress failing only costs
 * the favourite, never the sign-in, and is logged.
 */
export async function applyFavoriteIntent(wordpress: WordPressClient, token: string, form: FormData): Promise<void> {
  const carId = parseFavoriteIntent(form.get(FAVORITE_INTENT_PARAM));
  if (carId === null) return;
  try {
    await wordpress.toggleFavorite(token, carId, 'add');
  } catch (error) {
    console.warn(`Favourite of car ${carId} asked before sign-in was not added:`, error instanceof Error ? error.message : error);
  }
}

/** The intent in a /login or /register address, for the page's form. */
export function favoriteIntentFrom(request: Request): number | null {
  return parseFavoriteIntent(new URL(request.url).searchParams.get(FAVORITE_INTENT_PARAM));
}
