// POST /api/auth/login {username, password} → WordPress's login response as it is
// ({token, user_nicename, user_email, user_display_name}); on failure status + {message}.
// For scripts and apps: nothing is stored here, the caller keeps the token (the site's own sign-in
// form uses a cookie session instead).
import { loginBody } from '~/forms/auth.server';
import { jsonResponse } from '~/lib/http/api-responses.server';
import { apiRoute } from '~/lib/http/api-route.server';
import { visitorContext } from '~/lib/http/visitor.server';
import { wordpressOf } from '~/lib/server/load-context.server';

export const { loader, action } = apiRoute({
  method: 'POST',
  body: loginBody,
  fallback: 'Login failed',
  run: async ({ request, body, context }) =>
    jsonResponse(await wordpressOf(context).login(body.username, body.password, visitorContext(request))),
});
