// POST /api/auth/validate with `Authorization: Bearer <token>` → 200 {valid: true}; 401 without a
// token, 403 when WordPress rejects it (expired, revoked, forged). Only the status matters (spec).
import type { ActionFunctionArgs } from '@remix-run/node';
import { handle, jsonResponse, messageResponse, methodNotAllowed, requireBearer } from '~/lib/api.server';
import { getWordPress } from '~/lib/wordpress/client.server';

const ALLOW = ['POST'];

export const loader = () => methodNotAllowed(ALLOW);

export function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed(ALLOW);
  return handle(async () => {
    const token = requireBearer(request);
    const valid = await getWordPress().validateToken(token);
    return valid ? jsonResponse({ valid: true }) : messageResponse(403, 'The token is invalid or has expired. Please sign in again.');
  });
}
