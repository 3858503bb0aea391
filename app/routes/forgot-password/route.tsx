import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { AccountField, FormProblem, Notice } from '~/components/account/AccountFields';
import { AuthCard } from '~/components/auth/AuthPage';
import { switchLinkClass } from '~/components/auth/AuthFields';
import { Button } from '~/components/ui/Button';
import { ACCOUNT_LIMITS, ACCOUNT_MESSAGES, type AccountFormResult } from '~/forms/account';
import { pageHeaders } from '~/lib/http/cache-headers.server';
import { staticPageMeta } from '~/lib/seo/meta';
// By its full path: a route's *.server modules are empty modules in the browser build, and one
// path shared by several routes would be a chunk of its own.
import { action, loader } from '~/routes/forgot-password/page.server';

export { action, loader };

export const headers = pageHeaders;

export const meta = staticPageMeta({
  title: 'Forgot password',
  description: 'Get a link to choose a new password for your Car Export account.',
  path: '/forgot-password',
  noIndex: true,
});

export default function ForgotPasswordPage() {
  const { sent } = useLoaderData<typeof loader>();
  const result = useActionData<AccountFormResult>();
  const busy = useNavigation().state === 'submitting';
  return (
    <AuthCard
      title="Forgot password?"
      intro="Enter the e-mail address of your account and we will send you a link to choose a new password."
    >
      {sent ? (
        <div className="mt-6">
          <Notice>{ACCOUNT_MESSAGES.resetSent}</Notice>
        </div>
      ) : null}
      <Form method="post" className="mt-6 space-y-4" aria-labelledby="auth-title" noValidate>
        <FormProblem result={result} />
        <AccountField
          form="forgot"
          name="email"
          label="Email"
          type="email"
          autoComplete="email"
          result={result}
          maxLength={ACCOUNT_LIMITS.email}
        />
        <Button type="submit" variant="primary" loading={busy} className="w-full py-3 text-base">
          {sent ? 'Send another link' : 'Send reset link'}
        </Button>
      </Form>
      <p className="mt-5 text-center text-sm text-slate-600">
        Remembered it?{' '}
        <Link to="/login" className={switchLinkClass}>
          Sign In
        </Link>
      </p>
    </AuthCard>
  );
}
