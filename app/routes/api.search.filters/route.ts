// GET /api/search/filters → {brands, bodyTypes, fuelTypes, transmissions, models, driveTypes, years,
// priceRange: {min, max}} over the published catalogue.
import { jsonResponse } from '~/lib/http/api-responses.server';
import { apiRoute } from '~/lib/http/api-route.server';
import { wordpressOf } from '~/lib/server/load-context.server';

export const { loader, action } = apiRoute({
  method: 'GET',
  run: async ({ context }) => jsonResponse(await wordpressOf(context).filterOptions(), { cache: 'public' }),
});
