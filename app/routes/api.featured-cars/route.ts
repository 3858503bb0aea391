// GET /api/featured-cars?limit=n → a list of cars (n from 1 to 24; 4 by default: the home page
// shows 4 on desktop, 6 on mobile).
import { jsonResponse, messageResponse, positiveInt } from '~/lib/http/api-responses.server';
import { apiRoute } from '~/lib/http/api-route.server';
import { wordpressOf } from '~/lib/server/load-context.server';

const DEFAULT_LIMIT = 4;
const MAX_LIMIT = 24;

export const { loader, action } = apiRoute({
  method: 'GET',
  fallback: 'Failed to fetch featured cars',
  run: async ({ request, context }) => {
    const raw = new URL(request.url).searchParams.get('limit')?.trim() ?? '';
    const limit = raw === '' ? DEFAULT_LIMIT : positiveInt(raw);
    if (limit === null || limit > MAX_LIMIT) return messageResponse(400, `limit must be a whole number from 1 to ${MAX_LIMIT}.`);
    return jsonResponse(await wordpressOf(context).featuredCars(limit), { cache: 'public' });
  },
});
