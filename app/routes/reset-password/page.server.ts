import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { ACCOUNT_MESSAGES } from '~/forms/account';
import { parseReset } from '~/forms/account.server';
import { ACCOUNT_HEADERS, invalidForm, sessionAfterPasswordChange, wordpressFailure } from '~/lib/account/account.server';
import { visitorContext } from '~/lib/auth/session.server';
import { wordpressOf } from '~/lib/server/load-context.server';
import { failedPage } from '~/lib/wordpress/failure.server';

/** The link's two parts, from the address (the page) or the hidden fields (the form). */
function linkOf(source: URLSearchParams | FormData): { login: string; key: string } {
  const read = (name: string) => {
    const value = source.get(name);
    return typeof value === 'string' ? value.trim() : '';
  };
  return { login: read('login'), key: read('key') };
}

/** Whether the link still works, asked before the buyer types a new password for nothing. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const link = linkOf(new URL(request.url).searchParams);
  if (!link.login || !link.key) return json({ ...link, valid: false }, { headers: ACCOUNT_HEADERS });
  try {
    const valid = await wordpressOf(context).resetKeyWorks(link.login, link.key, visitorContext(request));
    return json({ ...link, valid }, { headers: ACCOUNT_HEADERS });
  } catch (error) {
    throw failedPage(error, 'The reset link could not be checked right now. Please open it again in a moment.', 'Reset page');
  }
}

/** Sets the new password; WordPress ends every other session of the account and signs this one in. */
export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const link = linkOf(form);
  const parsed = parseReset(form);
  if (!parsed.ok) return invalidForm(parsed.fields, {});
  if (!link.login || !link.key)
    return json({ ok: false, form: ACCOUNT_MESSAGES.resetLinkInvalid }, { status: 400, headers: ACCOUNT_HEADERS });
  try {
    const res = await wordpressOf(context).resetPassword({ ...link, password: parsed.data.password }, visitorContext(request));
    return redirect('/account?done=password-reset', {
      headers: { ...ACCOUNT_HEADERS, 'Set-Cookie': await sessionAfterPasswordChange(request, res) },
    });
  } catch (error) {
    return wordpressFailure(error, ACCOUNT_MESSAGES.resetFailed, { values: {} });
  }
}
