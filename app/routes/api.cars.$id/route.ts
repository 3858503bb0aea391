// GET /api/cars/:id → the car detail, or 404 {message}.
import { parseCarId } from '~/forms/car-id';
import { jsonResponse, messageResponse } from '~/lib/http/api-responses.server';
import { apiRoute } from '~/lib/http/api-route.server';
import { wordpressOf } from '~/lib/server/load-context.server';

const NOT_FOUND = 'The requested car could not be found.';

export const { loader, action } = apiRoute({
  method: 'GET',
  fallback: 'Failed to load car details',
  run: async ({ params, context }) => {
    const id = parseCarId(params.id);
    const car = id === null ? null : await wordpressOf(context).getCar(id);
    if (!car) return messageResponse(404, NOT_FOUND);
    return jsonResponse(car, { cache: 'public' });
  },
});
