import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { AccountField, FormProblem, Notice } from '~/components/account/AccountFields';
import { AuthCard } from '~/components/auth/AuthPage';
import { switchLinkClass } from '~/components/auth/AuthFields';
import { Button, buttonClass } from '~/components/ui/Button';
import type { AccountFormResult } from '~/forms/account';
import { pageHeaders } from '~/lib/http/cache-headers.server';
import { staticPageMeta } from '~/lib/seo/meta';
// By its full path (see forgot-password/route.tsx).
import { action, loader } from '~/routes/account.delete/page.server';

export { action, loader };

export const headers = pageHeaders;

export const meta = staticPageMeta({
  title: 'Delete account',
  description: 'Delete your Car Export account.',
  path: '/account/delete',
  noIndex: true,
});

export default function DeleteAccountPage() {
  const { done } = useLoaderData<typeof loader>();
  const result = useActionData<AccountFormResult>();
  const busy = useNavigation().state === 'submitting';
  if (done) {
    return (
      <AuthCard title="Your account has been deleted" intro="You are signed out. Thank you for visiting us.">
        <div className="mt-6 space-y-4">
          <Notice>Your account and your saved cars have been removed.</Notice>
          <Link to="/explore-cars" className={buttonClass('primary', 'w-full py-3 text-base')}>
            Browse cars
          </Link>
        </div>
      </AuthCard>
    );
  }
  return (
    <AuthCard
      title="Delete your account?"
      intro="Your account, your saved cars and your saved searches are removed for good. This cannot be undone."
    >
      <Form method="post" className="mt-6 space-y-4" aria-labelledby="auth-title" noValidate>
        <FormProblem result={result} />
        <AccountField form="delete" name="password" label="Your password" type="password" autoComplete="current-password" result={result} />
        <Button type="submit" variant="primary" loading={busy} className="w-full bg-red-700 py-3 text-base hover:bg-red-800">
          Delete my account
        </Button>
      </Form>
      <p className="mt-5 text-center text-sm text-slate-600">
        Changed your mind?{' '}
        <Link to="/account" className={switchLinkClass}>
          Back to my account
        </Link>
      </p>
    </AuthCard>
  );
}
