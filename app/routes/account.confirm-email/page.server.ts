import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { ACCOUNT_MESSAGES } from '~/forms/account';
import { ACCOUNT_HEADERS, wordpressFailure } from '~/lib/account/account.server';
import { getSessionUser, visitorContext } from '~/lib/auth/session.server';
import { wordpressOf } from '~/lib/server/load-context.server';

function linkOf(source: URLSearchParams | FormData): { user: number; key: string } {
  const user = Number(source.get('user'));
  const key = source.get('key');
  return { user: Number.isSafeInteger(user) && user > 0 ? user : 0, key: typeof key === 'string' ? key.trim() : '' };
}

/**
 * Only shows a button: mail programs and link scanners open links by themselves, and a GET must not
 * change the account.
 */
export function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const link = linkOf(url.searchParams);
  return json({ ...link, done: url.searchParams.get('done') === '1' }, { headers: ACCOUNT_HEADERS });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const link = linkOf(await request.formData());
  if (!link.user || !link.key)
    return json(
      { ok: false, form: 'This link is not complete. Open the link from the e-mail again.' },
      { status: 400, headers: ACCOUNT_HEADERS },
    );
  try {
    await wordpressOf(context).confirmEmail(link.user, link.key, visitorContext(request));
  } catch (error) {
    return wordpressFailure(error, ACCOUNT_MESSAGES.confirmFailed, { values: {} });
  }
  const signedIn = await getSessionUser(request, context);
  return redirect(signedIn ? '/account?done=email-confirmed' : '/account/confirm-email?done=1', { headers: ACCOUNT_HEADERS });
}
