import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { ACCOUNT_MESSAGES, formText } from '~/forms/account';
import { parseForgot } from '~/forms/account.server';
import { ACCOUNT_HEADERS, invalidForm, wordpressFailure } from '~/lib/account/account.server';
import { visitorContext } from '~/lib/auth/session.server';
import { wordpressOf } from '~/lib/server/load-context.server';

export function loader({ request }: LoaderFunctionArgs) {
  return json({ sent: new URL(request.url).searchParams.get('sent') === '1' }, { headers: ACCOUNT_HEADERS });
}

/**
 * Asks WordPress for a reset link. Every address gets the same answer (a redirect to "check your
 * mail"): WordPress only queues the mail, so whether an account exists shows neither here nor in
 * the time the answer takes.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const values = { email: formText(form, 'email').trim() };
  const parsed = parseForgot(form);
  if (!parsed.ok) return invalidForm(parsed.fields, values);
  try {
    await wordpressOf(context).forgotPassword(parsed.data.email, visitorContext(request));
  } catch (error) {
    return wordpressFailure(error, ACCOUNT_MESSAGES.forgotFailed, { values });
  }
  return redirect('/forgot-password?sent=1', { headers: ACCOUNT_HEADERS });
}
