// The contact page's server side: the loader (the company's details and a form stamp) and the
// action that checks the message and hands it to WordPress, or to the outbox while it is down.
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { CONTACT_MESSAGES, contactValues, type ContactActionResult } from '~/forms/contact';
import { parseContact } from '~/forms/contact.server';
import { leadFormStamp, submitFormLead } from '~/lib/leads/leads.server';
import { failureInit } from '~/lib/wordpress/failure.server';
import { cacheHeaders } from '~/lib/http/cache-headers.server';
import { optionalSiteSettings } from '~/lib/server/load-context.server';

export async function loader({ context }: LoaderFunctionArgs) {
  // The details are a convenience; the form must stay usable when WordPress cannot answer.
  const settings = await optionalSiteSettings(context, 'Contact');
  // Not kept by any shared cache: each visitor gets a form of their own.
  return json({ settings, form: leadFormStamp() }, { headers: cacheHeaders('none') });
}

export async function action({ request }: ActionFunctionArgs) {
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return json<ContactActionResult>(
      { ok: false, error: CONTACT_MESSAGES.failed, values: contactValues(new FormData()) },
      { status: 400, headers: cacheHeaders('none') },
    );
  }
  const values = contactValues(form);
  const parsed = parseContact(values);
  if (!parsed.ok) {
    return json<ContactActionResult>(
      { ok: false, error: parsed.error, fields: parsed.fields, values },
      { status: 400, headers: cacheHeaders('none') },
    );
  }
  const outcome = await submitFormLead(request, Object.fromEntries(form), { kind: 'contact', data: parsed.data });
  if (outcome.ok) return json<ContactActionResult>({ ok: true, message: outcome.message }, { headers: cacheHeaders('none') });
  // WordPress's own sentence for a refusal it explains (a bad field, too many messages); the
  // general fallback for anything else, never an internal detail.
  return json<ContactActionResult>({ ok: false, error: outcome.message ?? CONTACT_MESSAGES.failed, values }, failureInit(outcome));
}
