// POST /api/auth/register {username, email, password} → 201 {token, user_id, username, email} as
// WordPress answers it; on failure status + {message}.
import type { ActionFunctionArgs } from '@remix-run/node';
import { handle, jsonResponse, methodNotAllowed, readJsonBody } from '~/lib/api.server';
import { registerBody } from '~/forms/auth.server';
import { visitorContext } from '~/lib/visitor.server';
import { getWordPress } from '~/lib/wordpress/client.server';

const ALLOW = ['POST'];

export const loader = () => methodNotAllowed(ALLOW);

export function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed(ALLOW);
  return handle(async () => {
    const input = await readJsonBody(request, registerBody);
    return jsonResponse(await getWordPress().register(input, visitorContext(request)), { status: 201 });
  }, 'Registration failed');
}
