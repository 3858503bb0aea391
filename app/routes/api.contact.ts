// POST /api/contact {firstName, lastName, email, phoneNumber?, message?} → {success, message}.
// The visitor's address, browser and ad ids (X-Ad-* headers, else the ad cookies) go to WordPress,
// which stores them with the message and applies its flood limit per visitor.
import type { ActionFunctionArgs } from '@remix-run/node';
import { handle, jsonResponse, methodNotAllowed, readJsonBody } from '~/lib/api.server';
import { contactBody } from '~/lib/api-schemas.server';
import { visitorContext } from '~/lib/visitor.server';
import { getWordPress } from '~/lib/wordpress/client.server';

const ALLOW = ['POST'];

export const loader = () => methodNotAllowed(ALLOW);

export function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed(ALLOW);
  return handle(async () => {
    const msg = await readJsonBody(request, contactBody);
    return jsonResponse(await getWordPress().sendContact(msg, visitorContext(request)), { status: 201 });
  }, 'Failed to send your message. Please try again.');
}
