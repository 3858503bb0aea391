import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { ACCOUNT_MESSAGES } from '~/forms/account';
import { parseDelete } from '~/forms/account.server';
import { ACCOUNT_HEADERS, invalidForm, requireBuyer, wordpressFailure } from '~/lib/account/account.server';
import { destroyUserSession, getSessionUser } from '~/lib/auth/session.server';

/** The confirmation step; after the deletion (?done=1, signed out) the page says it is done. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const done = new URL(request.url).searchParams.get('done') === '1';
  if (done && !(await getSessionUser(request, context))) return json({ done: true }, { headers: ACCOUNT_HEADERS });
  await requireBuyer(request, context);
  return json({ done: false }, { headers: ACCOUNT_HEADERS });
}

/** Deletes the account once the password is confirmed, then ends the session. */
export async function action({ request, context }: ActionFunctionArgs) {
  const { auth, wordpress } = await requireBuyer(request, context);
  const form = await request.formData();
  const parsed = parseDelete(form);
  if (!parsed.ok) return invalidForm(parsed.fields, {});
  try {
    await wordpress.deleteAccount(auth.token, parsed.data.password);
  } catch (error) {
    return wordpressFailure(error, ACCOUNT_MESSAGES.deleteFailed, {
      values: {},
      fieldOf: { car_export_wrong_password: 'password', car_export_too_many_password_attempts: 'password' },
    });
  }
  return redirect('/account/delete?done=1', { headers: { ...ACCOUNT_HEADERS, 'Set-Cookie': await destroyUserSession(request) } });
}
