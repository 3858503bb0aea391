// GET /api/search/cars?page&limit&search&bodyType&fuelType&transmission&brand&model&drive&year
// &minPrice&maxPrice&sortBy&sortOrder&showAll → {cars, total, page, limit, totalPages}.
// 12 per page by default, 100 with showAll; empty parameters are ignored, invalid ones are a 400.
import { jsonResponse, messageResponse } from '~/lib/http/api-responses.server';
import { apiRoute } from '~/lib/http/api-route.server';
import { parseCarSearchParams } from '~/lib/wordpress/search-params';
import { wordpressOf } from '~/lib/server/load-context.server';

export const { loader, action } = apiRoute({
  method: 'GET',
  fallback: 'Failed to fetch cars',
  run: async ({ request, context }) => {
    const parsed = parseCarSearchParams(new URL(request.url).searchParams);
    if (!parsed.ok) return messageResponse(400, parsed.message);
    return jsonResponse(await wordpressOf(context).searchCars(parsed.params), { cache: 'public' });
  },
});
