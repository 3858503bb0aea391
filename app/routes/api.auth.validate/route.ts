// POST /api/auth/validate with `Authorization: Bearer <token>` → 200 {valid: true}; 401 without a
// token, 403 when WordPress rejects it (expired, revoked, forged). Only the status matters to callers.
import { jsonResponse, messageResponse, requireBearer } from '~/lib/http/api-responses.server';
import { apiRoute } from '~/lib/http/api-route.server';
import { wordpressOf } from '~/lib/server/load-context.server';

export const { loader, action } = apiRoute({
  method: 'POST',
  run: async ({ request, context }) => {
    const valid = await wordpressOf(context).validateToken(requireBearer(request));
    return valid ? jsonResponse({ valid: true }) : messageResponse(403, 'The token is invalid or has expired. Please sign in again.');
  },
});
