// POST /api/auth/login {username, password} → WordPress's login response as it is
// ({token, user_nicename, user_email, user_display_name}); on failure status + {message}.
// For scripts and apps: nothing is stored here, the caller keeps the token (the site's own sign-in
// form uses a cookie session instead).
import type { ActionFunctionArgs } from '@remix-run/node';
import { handle, jsonResponse, methodNotAllowed, readJsonBody } from '~/lib/api.server';
import { loginBody } from '~/forms/auth.server';
import { visitorContext } from '~/lib/visitor.server';
import { getWordPress } from '~/lib/wordpress/client.server';

const ALLOW = ['POST'];

export const loader = () => methodNotAllowed(ALLOW);

export function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed(ALLOW);
  return handle(async () => {
    const { username, password } = await readJsonBody(request, loginBody);
    return jsonResponse(await getWordPress().login(username, password, visitorContext(request)));
  }, 'Login failed');
}
