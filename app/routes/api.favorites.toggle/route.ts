// POST /api/favorites/toggle with `Authorization: Bearer <token>` and {carId, action: "add"|"remove"}
// → {success, message, favorites: [ids]}. Title and price, which the spec's client also sends, are
// ignored: WordPress knows the car.
import type { ActionFunctionArgs } from '@remix-run/node';
import { handle, jsonResponse, methodNotAllowed, readJsonBody, requireBearer } from '~/lib/api.server';
import { toggleBody } from '~/lib/api-schemas.server';
import { getWordPress } from '~/lib/wordpress/client.server';

const ALLOW = ['POST'];

export const loader = () => methodNotAllowed(ALLOW);

export function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed(ALLOW);
  return handle(async () => {
    const token = requireBearer(request, 'Please sign in to use favorites.');
    const { carId, action } = await readJsonBody(request, toggleBody);
    return jsonResponse(await getWordPress().toggleFavorite(token, carId, action));
  }, 'Failed to update favorites');
}
