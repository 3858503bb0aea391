// POST /api/auth/register {username, email, password} → 201 {token, user_id, username, email} as
// WordPress answers it; on failure status + {message}.
import { registerBody } from '~/forms/auth.server';
import { jsonResponse } from '~/lib/http/api-responses.server';
import { apiRoute } from '~/lib/http/api-route.server';
import { visitorContext } from '~/lib/http/visitor.server';
import { wordpressOf } from '~/lib/server/load-context.server';

export const { loader, action } = apiRoute({
  method: 'POST',
  body: registerBody,
  fallback: 'Registration failed',
  run: async ({ request, body, context }) =>
    jsonResponse(await wordpressOf(context).register(body, visitorContext(request)), { status: 201 }),
});
