// POST /api/contact {firstName, lastName, email, phoneNumber?, message?} → {success, message}: 201
// when WordPress stored it, 202 when WordPress was unavailable and the site's outbox keeps it for
// delivery. An `Idempotency-Key` header (or `idempotencyKey` in the body) makes a repeat one lead.
// The visitor's address, browser and ad ids (X-Ad-* headers, else the ad cookies) go to WordPress,
// which stores them with the message and applies its flood limit per visitor.
import { contactBody } from '~/forms/contact.server';
import { apiRoute } from '~/lib/http/api-route.server';
import { apiLead, withLeadExtras } from '~/lib/leads/api-lead.server';

const FAILED = 'Failed to send your message. Please try again.';

export const { loader, action } = apiRoute({
  method: 'POST',
  body: withLeadExtras(contactBody),
  fallback: FAILED,
  run: ({ request, body }) => apiLead(request, 'contact', body, FAILED),
});
