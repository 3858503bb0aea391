// The car page's inquiry action (spec sections 5 and 8), server-only so the form's zod schema and the
// WordPress client never reach the browser: validate, send with the visitor's context, and answer the
// form with the server's message or the spec's fallback, keeping the visitor's values on a refusal.
import { json, type ActionFunctionArgs } from '@remix-run/node';
import { INQUIRY_INTENT, INQUIRY_MESSAGES, inquiryValues, parseInquiry, type InquiryActionData } from '~/lib/inquiry';
import { visitorContext } from '~/lib/visitor.server';
import { getWordPress, WordPressError } from '~/lib/wordpress/client.server';

const NO_STORE = 'private, no-store';
/** Largest inquiry form accepted (a 5000-character message and the other fields fit easily). */
const MAX_FORM_BYTES = 64 * 1024;

function inquiryFailed(message: string, values: ReturnType<typeof inquiryValues>, status: number) {
  return json<InquiryActionData>({ ok: false, message, values }, { status, headers: { 'Cache-Control': NO_STORE } });
}

export async function inquiryAction({ request }: ActionFunctionArgs) {
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

  const { carId, name, phone, email, message } = parsed.data;
  try {
    const result = await getWordPress().sendInquiry(
      { carId, name, phoneNumber: phone, emailAddress: email, message },
      visitorContext(request),
    );
    if (!result.success) return inquiryFailed(result.message || INQUIRY_MESSAGES.failed, values, 502);
    return json<InquiryActionData>({ ok: true, message: result.message }, { headers: { 'Cache-Control': NO_STORE } });
  } catch (error) {
    // WordPress's own refusals (400 bad field, 404 unknown car, 429 too many) carry a sentence meant
    // for the visitor; a network failure, a time-out or a 5xx gets the spec's general message.
    if (error instanceof WordPressError && error.status >= 400 && error.status < 500) {
      const serverMessage = error.message.startsWith('HTTP error!') ? INQUIRY_MESSAGES.failed : error.message;
      return inquiryFailed(serverMessage, values, error.status);
    }
    console.error(`Inquiry for car ${carId} failed:`, error instanceof Error ? error.message : error);
    return inquiryFailed(INQUIRY_MESSAGES.failed, values, 502);
  }
}

