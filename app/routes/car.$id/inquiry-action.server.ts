// The car page's inquiry action, server-only so the form's zod schema and the
// WordPress client never reach the browser: validate, send with the visitor's context, and answer the
// form with the server's message or "Failed to submit inquiry. Please try again later.", keeping the visitor's values on a refusal.
import { json, type ActionFunctionArgs } from '@remix-run/node';
import { INQUIRY_INTENT, INQUIRY_MESSAGES, inquiryValues, type InquiryActionData } from '~/forms/inquiry';
import { parseInquiry } from '~/forms/inquiry.server';
import { submitFormLead } from '~/lib/leads/leads.server';
import { getSessionUser } from '~/lib/auth/session.server';
import { cacheHeaders } from '~/lib/http/cache-headers.server';
import { failureInit } from '~/lib/wordpress/failure.server';

/** Largest inquiry form accepted (a 5000-character message and the other fields fit easily). */
const MAX_FORM_BYTES = 64 * 1024;

function inquiryFailed(message: string, values: ReturnType<typeof inquiryValues>, status: number, retryAfter?: number) {
  return json<InquiryActionData>({ ok: false, message, values }, failureInit({ status, retryAfter }));
}

export async function inquiryAction({ request, context }: ActionFunctionArgs) {
  const declared = Number(request.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > MAX_FORM_BYTES) {
    return inquiryFailed(INQUIRY_MESSAGES.failed, inquiryValues({}), 413);
  }
  let form: Record<string, unknown>;
  try {
    form = Object.fromEntries(await request.formData());
  } catch {
    return inquiryFailed(INQUIRY_MESSAGES.failed, inquiryValues({}), 400);
  }
  const values = inquiryValues(form);
  if (form.intent !== INQUIRY_INTENT) return inquiryFailed(INQUIRY_MESSAGES.failed, values, 400);

  const parsed = parseInquiry(form);
  if (!parsed.ok) return inquiryFailed(parsed.message, values, 400);

  const { carId, name, phone, email, message, portId, shipping } = parsed.data;
  // A signed-in buyer's inquiry is sent as theirs, so it appears among their inquiries on /account.
  const account = await getSessionUser(request, context);
  const outcome = await submitFormLead(
    request,
    form,
    { kind: 'inquiry', data: { carId, name, phoneNumber: phone, emailAddress: email, message, ...(portId ? { portId, shipping } : {}) } },
    account?.token,
  );
  if (outcome.ok) return json<InquiryActionData>({ ok: true, message: outcome.message }, { headers: cacheHeaders('none') });
  // WordPress's own refusals (a bad field, an unknown car, too many) carry a sentence meant for the
  // visitor; anything else gets the general failure message.
  return inquiryFailed(outcome.message ?? INQUIRY_MESSAGES.failed, values, outcome.status, outcome.retryAfter);
}
