import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { AccountField, FormProblem } from '~/components/account/AccountFields';
import { AuthCard } from '~/components/auth/AuthPage';
import { switchLinkClass } from '~/components/auth/AuthFields';
import { Button, buttonClass } from '~/components/ui/Button';
import { ErrorBox } from '~/components/ui/ErrorBox';
import { ACCOUNT_LIMITS, ACCOUNT_MESSAGES, type AccountFormResult } from '~/forms/account';
import { pageHeaders } from '~/lib/http/cache-headers.server';
import { staticPageMeta } from '~/lib/seo/meta';
// By its full path (see forgot-password/route.tsx).
import { action, loader } from '~/routes/reset-password/page.server';

export { action, loader };

export const headers = pageHeaders;

export const meta = staticPageMeta({
  title: 'Choose a new password',
  description: 'Choose a new password for your Car Export account.',
  path: '/reset-password',
  noIndex: true,
});

export default function ResetPasswordPage() {
  const { login, key, valid } = useLoaderData<typeof loader>();
  const result = useActionData<AccountFormResult>();
  const busy = useNavigation().state === 'submitting';
  if (!valid) {
    return (
      <AuthCard title="This link no longer works" intro="A reset link works once, for a limited time.">
        <div className="mt-6 space-y-4">
          <ErrorBox>{ACCOUNT_MESSAGES.resetLinkInvalid}</ErrorBox>
          <Link to="/forgot-password" className={buttonClass('primary', 'w-full py-3 text-base')}>
            Ask for a new link
          </Link>
        </div>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Choose a new password" intro="You will be signed in with it. Other devices signed in to your account are signed out.">
      <Form method="post" className="mt-6 space-y-4" aria-labelledby="auth-title" noValidate>
        <input type="hidden" name="login" value={login} />
        <input type="hidden" name="key" value={key} />
        {/* Lets password managers file the new password under the right account. */}
        <input type="text" name="username" value={login} autoComplete="username" readOnly hidden />
        <FormProblem result={result} />
        <AccountField
          form="reset"
          name="password"
          label="New password"
          type="password"
          autoComplete="new-password"
          result={result}
          maxLength={ACCOUNT_LIMITS.password}
          hint={`At least ${ACCOUNT_LIMITS.passwordMin} characters.`}
        />
        <AccountField
          form="reset"
          name="confirmPassword"
          label="Confirm new password"
          type="password"
          autoComplete="new-password"
          result={result}
        />
        <Button type="submit" variant="primary" loading={busy} className="w-full py-3 text-base">
          Save password and sign in
        </Button>
      </Form>
      {result?.form ? (
        <p className="mt-5 text-center text-sm">
          <Link to="/forgot-password" className={switchLinkClass}>
            Ask for a new link
          </Link>
        </p>
      ) : null}
    </AuthCard>
  );
}
