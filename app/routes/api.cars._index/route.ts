// GET /api/cars?ids=3,17,5 → { cars: [...] }: the published cars among those ids as cards, in the
// order asked. Unknown, unpublished and repeated ids are left out (the recently-viewed list asks for
// cars that may have been sold since). Malformed ids or more than 24 → 400 {message}.
import { parseCarIdList } from '~/forms/car-id';
import { jsonResponse, messageResponse } from '~/lib/http/api-responses.server';
import { apiRoute } from '~/lib/http/api-route.server';
import { wordpressOf } from '~/lib/server/load-context.server';
import { CARS_BY_IDS_MAX } from '~/lib/wordpress/client.server';
import { cardFromDetail } from '~/lib/wordpress/map.server';

export const { loader, action } = apiRoute({
  method: 'GET',
  fallback: 'Failed to fetch cars',
  run: async ({ request, context }) => {
    const { ids, invalid, parts } = parseCarIdList(new URL(request.url).searchParams.getAll('ids'));
    if (parts === 0) return messageResponse(400, 'ids must list one or more car ids, e.g. ?ids=3,17.');
    if (parts > CARS_BY_IDS_MAX) return messageResponse(400, `ids must list at most ${CARS_BY_IDS_MAX} car ids.`);
    const [bad] = invalid;
    if (bad !== undefined) return messageResponse(400, `ids: "${bad.slice(0, 40)}" is not a car id (a whole number from 1).`);
    const cars = await wordpressOf(context).carsByIds(ids);
    return jsonResponse({ cars: cars.map(cardFromDetail) }, { cache: 'public' });
  },
});
