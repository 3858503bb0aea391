// GET /api/cars?ids=3,17,5 → { cars: [...] }: the published cars among those ids as cards, in the
// order asked. Unknown, unpublished and repeated ids are left out (the recently-viewed list asks for
// cars that may have been sold since). Malformed ids or more than 24 → 400 {message}.
import type { LoaderFunctionArgs } from '@remix-run/node';
import { PUBLIC_CACHE, handle, jsonResponse, messageResponse, methodNotAllowed, positiveInt } from '~/lib/api.server';
import { CARS_BY_IDS_MAX, getWordPress } from '~/lib/wordpress/client.server';
import { cardFromDetail } from '~/lib/wordpress/map.server';

export function loader({ request }: LoaderFunctionArgs) {
  return handle(async () => {
    const raw = new URL(request.url).searchParams.getAll('ids').join(',');
    const parts = raw.split(',').map((s) => s.trim()).filter(Boolean);
    if (parts.length === 0) return messageResponse(400, 'ids must list one or more car ids, e.g. ?ids=3,17.');
    if (parts.length > CARS_BY_IDS_MAX) return messageResponse(400, `ids must list at most ${CARS_BY_IDS_MAX} car ids.`);
    const ids = parts.map(positiveInt);
    const bad = parts.find((_, i) => ids[i] === null);
    if (bad !== undefined) return messageResponse(400, `ids: "${bad.slice(0, 40)}" is not a car id (a whole number from 1).`);
    const cars = await getWordPress().carsByIds(ids as number[]);
    return jsonResponse({ cars: cars.map(cardFromDetail) }, { cache: PUBLIC_CACHE });
  }, 'Failed to fetch cars');
}

export const action = () => methodNotAllowed(['GET']);
