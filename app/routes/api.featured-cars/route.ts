// GET /api/featured-cars?limit=n → a list of cars (n from 1 to 24; 4 by default: the spec asks 4 on
// desktop, 6 on mobile).
import type { LoaderFunctionArgs } from '@remix-run/node';
import { handle, jsonResponse, messageResponse, methodNotAllowed, positiveInt } from '~/lib/api.server';
import { getWordPress } from '~/lib/wordpress/client.server';

const DEFAULT_LIMIT = 4;
const MAX_LIMIT = 24;

export function loader({ request }: LoaderFunctionArgs) {
  return handle(async () => {
    const raw = new URL(request.url).searchParams.get('limit')?.trim() ?? '';
    const limit = raw === '' ? DEFAULT_LIMIT : positiveInt(raw);
    if (limit === null || limit > MAX_LIMIT) return messageResponse(400, `limit must be a whole number from 1 to ${MAX_LIMIT}.`);
    return jsonResponse(await getWordPress().featuredCars(limit), { cache: 'public' });
  }, 'Failed to fetch featured cars');
}

export const action = () => methodNotAllowed(['GET']);
