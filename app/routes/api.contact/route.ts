// POST /api/contact {firstName, lastName, email, phoneNumber?, message?} → {success, message}: 201
// when WordPress stored it, 202 when WordPress was unavailable and the site's outbox keeps it for
// delivery. An `Idempotency-Key` header (or `idempotencyKey` in the body) makes a repeat one lead.
// The visitor's address, browser and ad ids (X-Ad-* headers, else the ad cookies) go to WordPress,
// which stores them with the message and applies its flood limit per visitor.
import type { ActionFunctionArgs } from '@remix-run/node';
import { handle, methodNotAllowed } from '~/lib/api.server';
import { contactBody } from '~/forms/contact.server';
import { apiLead } from '~/lib/leads/api-lead.server';

const ALLOW = ['POST'];
const FAILED = 'Failed to send your message. Please try again.';

export const loader = () => methodNotAllowed(ALLOW);

export function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'POST') return methodNotAllowed(ALLOW);
  return handle(() => apiLead(request, 'contact', contactBody, FAILED), FAILED);
}
