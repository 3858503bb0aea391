// GET /api/favorites/list with `Authorization: Bearer <token>` → {success, favorites: [cars]} of that
// account only. Per user, so never cached anywhere.
import { jsonResponse, requireBearer } from '~/lib/http/api-responses.server';
import { apiRoute } from '~/lib/http/api-route.server';
import { wordpressOf } from '~/lib/server/load-context.server';

export const { loader, action } = apiRoute({
  method: 'GET',
  run: async ({ request, context }) =>
    jsonResponse(await wordpressOf(context).favorites(requireBearer(request, 'Please sign in to use favorites.'))),
});
