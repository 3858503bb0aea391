// POST /api/inquiry {name, phoneNumber, emailAddress, carId, message?} → {success, message}; the
// visitor's details and ad ids are forwarded as for /api/contact.
import type { ActionFunctionArgs } from '@remix-run/node';
import { handle, jsonResponse, methodNotAllowed, readJsonBody } from '~/lib/api.server';
import { inquiryBody } from '~/lib/api-schemas.server';
import { visitorContext } from '~/lib/visitor.server';
import { getWordPress } from '~/lib/wordpress/client.server';

const ALLOW = ['POST'];

export const loader = () => methodNotAllowed(ALLOW);

export function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed(ALLOW);
  return handle(async () => {
    const inquiry = await readJsonBody(request, inquiryBody);
    return jsonResponse(await getWordPress().sendInquiry(inquiry, visitorContext(request)), { status: 201 });
  }, 'Failed to submit inquiry. Please try again later.');
}
