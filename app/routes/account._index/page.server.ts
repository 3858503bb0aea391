import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { ACCOUNT_MESSAGES, formText, type AccountFormResult } from '~/forms/account';
import { parsePassword, parseProfile } from '~/forms/account.server';
import { ACCOUNT_HEADERS, invalidForm, requireBuyer, sessionAfterPasswordChange, wordpressFailure } from '~/lib/account/account.server';
import { commitUserSession, endSessionAndSignIn, isSessionEnded } from '~/lib/auth/session.server';
import { failedPage } from '~/lib/wordpress/failure.server';

export const PROFILE_INTENT = 'profile';
export const PASSWORD_INTENT = 'password';

/** The buyer's details and inquiries, fresh from WordPress (never cached anywhere). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { auth, wordpress } = await requireBuyer(request, context);
  try {
    const [account, inquiries] = await Promise.all([wordpress.account(auth.token), wordpress.buyerInquiries(auth.token)]);
    const done = new URL(request.url).searchParams.get('done');
    return json({ account, inquiries, done }, { headers: ACCOUNT_HEADERS });
  } catch (error) {
    if (isSessionEnded(error)) throw await endSessionAndSignIn(request, ACCOUNT_HEADERS);
    throw failedPage(error, 'Your account could not be loaded right now. Please try again in a moment.', 'Account page');
  }
}

/** The details form and the password form; each answers with a redirect (PRG) or its own sentences. */
export async function action({ request, context }: ActionFunctionArgs) {
  const { auth, wordpress } = await requireBuyer(request, context);
  const form = await request.formData();
  const intent = formText(form, 'intent');

  if (intent === PROFILE_INTENT) {
    const values = { displayName: formText(form, 'displayName').trim(), email: formText(form, 'email').trim() };
    const parsed = parseProfile(form);
    if (!parsed.ok) return invalidForm(parsed.fields, values, intent);
    try {
      const before = await wordpress.account(auth.token);
      const account = await wordpress.updateAccount(auth.token, parsed.data);
      const asked = parsed.data.email.toLowerCase() !== before.email.toLowerCase();
      // The header shows the name from the session, so the session learns the new one.
      const cookie = await commitUserSession(request, { token: auth.token, user: { ...auth.user, displayName: account.displayName } });
      return redirect(`/account?done=${asked ? 'email-sent' : 'saved'}`, { headers: { ...ACCOUNT_HEADERS, 'Set-Cookie': cookie } });
    } catch (error) {
      if (isSessionEnded(error)) return endSessionAndSignIn(request, ACCOUNT_HEADERS);
      return wordpressFailure(error, ACCOUNT_MESSAGES.saveFailed, { values, intent });
    }
  }

  if (intent === PASSWORD_INTENT) {
    const parsed = parsePassword(form);
    if (!parsed.ok) return invalidForm(parsed.fields, {}, intent);
    try {
      const res = await wordpress.changePassword(auth.token, {
        currentPassword: parsed.data.currentPassword,
        password: parsed.data.password,
      });
      return redirect('/account?done=password', {
        headers: { ...ACCOUNT_HEADERS, 'Set-Cookie': await sessionAfterPasswordChange(request, res) },
      });
    } catch (error) {
      if (isSessionEnded(error)) return endSessionAndSignIn(request, ACCOUNT_HEADERS);
      return wordpressFailure(error, ACCOUNT_MESSAGES.passwordFailed, {
        values: {},
        intent,
        fieldOf: { car_export_wrong_password: 'currentPassword', car_export_too_many_password_attempts: 'currentPassword' },
      });
    }
  }

  return json<AccountFormResult>(
    { ok: false, form: 'Please use one of the forms on this page.' },
    { status: 400, headers: ACCOUNT_HEADERS },
  );
}
