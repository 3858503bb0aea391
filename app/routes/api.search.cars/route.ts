// GET /api/search/cars?page&limit&search&bodyType&fuelType&transmission&brand&model&drive&year
// &minPrice&maxPrice&sortBy&sortOrder&showAll → {cars, total, page, limit, totalPages}.
// 12 per page by default, 100 with showAll; empty parameters are ignored, invalid ones are a 400.
import type { LoaderFunctionArgs } from '@remix-run/node';
import { handle, jsonResponse, messageResponse, methodNotAllowed } from '~/lib/api.server';
import { getWordPress } from '~/lib/wordpress/client.server';
import { parseCarSearchParams } from '~/lib/wordpress/search-params';

export function loader({ request }: LoaderFunctionArgs) {
  return handle(async () => {
    const parsed = parseCarSearchParams(new URL(request.url).searchParams);
    if (!parsed.ok) return messageResponse(400, parsed.message);
    return jsonResponse(await getWordPress().searchCars(parsed.params), { cache: 'public' });
  }, 'Failed to fetch cars');
}

export const action = () => methodNotAllowed(['GET']);
