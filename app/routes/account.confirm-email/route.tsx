import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { FormProblem, Notice } from '~/components/account/AccountFields';
import { AuthCard } from '~/components/auth/AuthPage';
import { Button, buttonClass } from '~/components/ui/Button';
import type { AccountFormResult } from '~/forms/account';
import { pageHeaders } from '~/lib/http/cache-headers.server';
import { staticPageMeta } from '~/lib/seo/meta';
// By its full path (see forgot-password/route.tsx).
import { action, loader } from '~/routes/account.confirm-email/page.server';

export { action, loader };

export const headers = pageHeaders;

export const meta = staticPageMeta({
  title: 'Confirm your e-mail address',
  description: 'Confirm the new e-mail address of your Car Export account.',
  path: '/account/confirm-email',
  noIndex: true,
});

export default function ConfirmEmailPage() {
  const { user, key, done } = useLoaderData<typeof loader>();
  const result = useActionData<AccountFormResult>();
  const busy = useNavigation().state === 'submitting';
  if (done) {
    return (
      <AuthCard title="E-mail address confirmed" intro="Your account now uses its new address.">
        <div className="mt-6 space-y-4">
          <Notice>Sign in with your user name or your new address.</Notice>
          <Link to="/login?redirectTo=%2Faccount" className={buttonClass('primary', 'w-full py-3 text-base')}>
            Sign In
          </Link>
        </div>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Confirm your new e-mail address" intro="Your account will use this address from now on.">
      <Form method="post" className="mt-6 space-y-4" aria-labelledby="auth-title">
        <input type="hidden" name="user" value={user} />
        <input type="hidden" name="key" value={key} />
        <FormProblem result={result} />
        <Button type="submit" variant="primary" loading={busy} className="w-full py-3 text-base">
          Confirm new address
        </Button>
      </Form>
    </AuthCard>
  );
}
