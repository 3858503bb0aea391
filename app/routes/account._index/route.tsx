import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { AccountCard as Card, useBusy } from '~/components/account/AccountCard';
import { AccountField, FormProblem, Notice } from '~/components/account/AccountFields';
import { Button, buttonClass } from '~/components/ui/Button';
import { ACCOUNT_LIMITS, type AccountFormResult } from '~/forms/account';
import { pageHeaders } from '~/lib/http/cache-headers.server';
import { staticPageMeta } from '~/lib/seo/meta';
import { DEALS_PATH } from '~/lib/deals/words';
import type { Account, BuyerInquiry } from '~/lib/wordpress/types';
// By its full path (see forgot-password/route.tsx).
import { action, loader } from '~/routes/account._index/page.server';

export { action, loader };

export const headers = pageHeaders;

export const meta = staticPageMeta({
  title: 'My account',
  description: 'Your Car Export account: your details, your password and the inquiries you sent.',
  path: '/account',
  noIndex: true,
});

/** What the page says after a form went through (the redirect's ?done=). */
const DONE: Record<string, string> = {
  saved: 'Your details have been saved.',
  'email-sent':
    'Your details have been saved. We have sent a link to your new e-mail address: your account uses it once you open that link.',
  password: 'Your password has been changed. Other devices signed in to your account have been signed out.',
  'password-reset': 'Your new password is set and you are signed in. Other devices signed in to your account have been signed out.',
  'email-confirmed': 'Your new e-mail address is confirmed.',
};

export default function AccountPage() {
  const { account, inquiries, done } = useLoaderData<typeof loader>();
  const result = useActionData<AccountFormResult>();
  const notice = done ? DONE[done] : undefined;
  return (
    <div className="bg-slate-50/60 pb-16">
      <header className="border-b border-slate-200 bg-white">
        <div className="container-page py-8 sm:py-10">
          <p className="text-sm font-semibold uppercase tracking-wider text-accent-700">Signed in as {account.username}</p>
          <h1 className="mt-1 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">My account</h1>
        </div>
      </header>
      <div className="container-page mt-8 grid gap-6 lg:grid-cols-2 lg:items-start">
        {notice ? (
          <div className="lg:col-span-2">
            <Notice>{notice}</Notice>
          </div>
        ) : null}
        <DetailsForm account={account} result={result?.intent === 'profile' ? result : undefined} />
        <PasswordForm username={account.username} result={result?.intent === 'password' ? result : undefined} />
        <Inquiries inquiries={inquiries} />
        <Card id="my-deals" title="My deals">
          <p className="text-sm text-slate-600">Your quotes, reserved cars and purchases: what to pay, your invoices and documents.</p>
          <Link to={DEALS_PATH} className={buttonClass('outline', 'mt-4')}>
            My deals
          </Link>
        </Card>
        <Card id="saved-searches" title="Saved searches">
          <p className="text-sm text-slate-600">Get an e-mail when cars matching a search you saved arrive.</p>
          <Link to="/account/alerts" className={buttonClass('outline', 'mt-4')}>
            Manage alerts
          </Link>
        </Card>
        <Card id="delete-account" title="Delete account">
          <p className="text-sm text-slate-600">Removes your account and your saved cars. This cannot be undone.</p>
          <Link to="/account/delete" className={buttonClass('outline', 'mt-4 border-red-300 text-red-700 hover:bg-red-50')}>
            Delete my account…
          </Link>
        </Card>
      </div>
    </div>
  );
}

function DetailsForm({ account, result }: { account: Account; result?: AccountFormResult }) {
  const busy = useBusy('profile');
  const pending = account.pendingEmail ? (
    <>
      Waiting for confirmation: <strong className="font-semibold text-slate-700">{account.pendingEmail}</strong>. Open the link we sent
      there.
    </>
  ) : (
    'A new address is used once you open the link we send to it.'
  );
  return (
    <Card id="details" title="Your details">
      <Form method="post" className="space-y-4" noValidate aria-labelledby="details-title">
        <input type="hidden" name="intent" value="profile" />
        <FormProblem result={result} />
        <AccountField
          form="details"
          name="displayName"
          label="Name"
          autoComplete="name"
          result={result}
          defaultValue={account.displayName}
          maxLength={ACCOUNT_LIMITS.name}
        />
        <AccountField
          form="details"
          name="email"
          label="Email"
          type="email"
          autoComplete="email"
          result={result}
          defaultValue={account.email}
          maxLength={ACCOUNT_LIMITS.email}
          hint={pending}
        />
        <Button type="submit" variant="primary" loading={busy}>
          Save details
        </Button>
      </Form>
    </Card>
  );
}

function PasswordForm({ username, result }: { username: string; result?: AccountFormResult }) {
  const busy = useBusy('password');
  return (
    <Card id="password" title="Change password">
      <Form method="post" className="space-y-4" noValidate aria-labelledby="password-title">
        <input type="hidden" name="intent" value="password" />
        <input type="text" name="username" value={username} autoComplete="username" readOnly hidden />
        <FormProblem result={result} />
        <AccountField
          form="password"
          name="currentPassword"
          label="Current password"
          type="password"
          autoComplete="current-password"
          result={result}
        />
        <AccountField
          form="password"
          name="password"
          label="New password"
          type="password"
          autoComplete="new-password"
          result={result}
          maxLength={ACCOUNT_LIMITS.password}
          hint={`At least ${ACCOUNT_LIMITS.passwordMin} characters. Other devices signed in to your account will be signed out.`}
        />
        <AccountField
          form="password"
          name="confirmPassword"
          label="Confirm new password"
          type="password"
          autoComplete="new-password"
          result={result}
        />
        <Button type="submit" variant="primary" loading={busy}>
          Change password
        </Button>
      </Form>
    </Card>
  );
}

const DATE = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

function Inquiries({ inquiries }: { inquiries: BuyerInquiry[] }) {
  return (
    <Card id="inquiries" title="Your inquiries" className="lg:col-span-2">
      {inquiries.length === 0 ? (
        <p className="text-sm text-slate-600">
          You have not sent an inquiry while signed in yet. Ask about any car from its page and it will be listed here.
        </p>
      ) : (
        <ul className="divide-y divide-slate-100" data-testid="inquiries">
          {inquiries.map((inquiry) => (
            <li key={inquiry.id} className="py-4 first:pt-0 last:pb-0">
              <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
                <Link to={`/car/${inquiry.carId}`} className="font-semibold text-brand-700 hover:underline">
                  {inquiry.carTitle || `Car #${inquiry.carId}`}
                </Link>
                <span className="flex items-center gap-3 text-sm text-slate-500">
                  <time dateTime={inquiry.date}>{DATE.format(new Date(inquiry.date))}</time>
                  <span
                    className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${
                      inquiry.status === 'answered' ? 'bg-emerald-50 text-emerald-800' : 'bg-slate-100 text-slate-700'
                    }`}
                  >
                    {inquiry.status === 'answered' ? 'Answered' : 'Sent'}
                  </span>
                </span>
              </div>
              {inquiry.message ? <p className="mt-1 whitespace-pre-line break-words text-sm text-slate-700">{inquiry.message}</p> : null}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
