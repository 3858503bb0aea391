// POST /api/inquiry {name, phoneNumber, emailAddress, carId, message?, portId?, shipping?} → {success, message}: 201 or
// 202 and the idempotency key, exactly as /api/contact.
import { inquiryBody } from '~/forms/inquiry.server';
import { apiRoute } from '~/lib/http/api-route.server';
import { apiLead, withLeadExtras } from '~/lib/leads/api-lead.server';

const FAILED = 'Failed to submit inquiry. Please try again later.';

export const { loader, action } = apiRoute({
  method: 'POST',
  body: withLeadExtras(inquiryBody()),
  fallback: FAILED,
  run: ({ request, body }) => apiLead(request, 'inquiry', body, FAILED),
});
