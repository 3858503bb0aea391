// GET /api/favorites/list with `Authorization: Bearer <token>` → {success, favorites: [cars]} of that
// account only. Per user, so never cached anywhere.
import type { LoaderFunctionArgs } from '@remix-run/node';
import { handle, jsonResponse, methodNotAllowed, requireBearer } from '~/lib/api.server';
import { getWordPress } from '~/lib/wordpress/client.server';

export function loader({ request }: LoaderFunctionArgs) {
  return handle(async () => {
    const token = requireBearer(request, 'Please sign in to use favorites.');
    return jsonResponse(await getWordPress().favorites(token));
  });
}

export const action = () => methodNotAllowed(['GET']);
