// GET /api/search/filters → {brands, bodyTypes, fuelTypes, transmissions, models, driveTypes, years,
// priceRange: {min, max}} over the published catalogue.
import { handle, jsonResponse, methodNotAllowed } from '~/lib/api.server';
import { getWordPress } from '~/lib/wordpress/client.server';

export function loader() {
  return handle(async () => jsonResponse(await getWordPress().filterOptions(), { cache: 'public' }));
}

export const action = () => methodNotAllowed(['GET']);
