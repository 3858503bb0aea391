// POST /api/inquiry {name, phoneNumber, emailAddress, carId, message?, portId?, shipping?} → {success, message}: 201 or
// 202 and the idempotency key, exactly as /api/contact.
import type { ActionFunctionArgs } from '@remix-run/node';
import { handle, methodNotAllowed } from '~/lib/api.server';
import { inquiryBody } from '~/lib/api-schemas.server';
import { apiLead } from '~/lib/leads/api-lead.server';

const ALLOW = ['POST'];
const FAILED = 'Failed to submit inquiry. Please try again later.';

export const loader = () => methodNotAllowed(ALLOW);

export function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed(ALLOW);
  return handle(() => apiLead(request, 'inquiry', inquiryBody, FAILED), FAILED);
}
