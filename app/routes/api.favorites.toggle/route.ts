// POST /api/favorites/toggle with `Authorization: Bearer <token>` and {carId, action: "add"|"remove"}
// → {success, message, favorites: [ids]}. Title and price, which clients may also send, are
// ignored: WordPress knows the car.
import { jsonResponse, readJsonBody, requireBearer } from '~/lib/http/api-responses.server';
import { toggleBody } from '~/lib/http/api-bodies.server';
import { apiRoute } from '~/lib/http/api-route.server';
import { wordpressOf } from '~/lib/server/load-context.server';

export const { loader, action } = apiRoute({
  method: 'POST',
  fallback: 'Failed to update favorites',
  // The token is checked before the body: a signed-out caller hears "sign in", not a field problem.
  run: async ({ request, context }) => {
    const token = requireBearer(request, 'Please sign in to use favorites.');
    const { carId, action } = await readJsonBody(request, toggleBody);
    return jsonResponse(await wordpressOf(context).toggleFavorite(token, carId, action));
  },
});
