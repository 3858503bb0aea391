// GET /api/cars/:id → the car detail, or 404 {message}.
import type { LoaderFunctionArgs } from '@remix-run/node';
import { parseCarId } from '~/forms/car-id';
import { handle, jsonResponse, messageResponse, methodNotAllowed } from '~/lib/api.server';
import { getWordPress } from '~/lib/wordpress/client.server';

const NOT_FOUND = 'The requested car could not be found.';

export function loader({ params }: LoaderFunctionArgs) {
  return handle(async () => {
    const id = parseCarId(params.id);
    const car = id === null ? null : await getWordPress().getCar(id);
    if (!car) return messageResponse(404, NOT_FOUND);
    return jsonResponse(car, { cache: 'public' });
  }, 'Failed to load car details');
}

export const action = () => methodNotAllowed(['GET']);
