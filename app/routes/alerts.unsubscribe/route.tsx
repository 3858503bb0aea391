// /alerts/unsubscribe?user=&token=: the address in every alert mail's List-Unsubscribe header and
// footer. A mail program's one-click POST stops the alerts at once; opened in a browser, the page
// asks for one button press first (link scanners open links, they do not press buttons). Neither
// needs a sign-in: the signed token decides.
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useLocation } from '@remix-run/react';
import { ErrorBox } from '~/components/ui/ErrorBox';
import { unsubscribeAction, unsubscribeLoader, type UnsubscribeData } from '~/lib/alerts/alerts.server';
import { ALERTS_PATH } from '~/lib/alerts/paths';
import { pageHeaders } from '~/lib/http/cache-headers.server';
import { staticPageMeta } from '~/lib/seo/meta';

export const headers = pageHeaders;

export const meta = staticPageMeta({
  title: 'Stop alert e-mails',
  description: 'Stop the e-mails about new cars matching your saved searches.',
  path: '/alerts/unsubscribe',
  noIndex: true,
});

export const loader = ({ request }: LoaderFunctionArgs) => unsubscribeLoader(request);
export const action = ({ request, context }: ActionFunctionArgs) => unsubscribeAction(request, context);

export default function UnsubscribePage() {
  const loaded = useLoaderData<typeof loader>() as UnsubscribeData;
  const answered = useActionData<typeof action>() as UnsubscribeData | undefined;
  const { search } = useLocation();
  const data = answered ?? loaded;
  return (
    <div className="container-page max-w-xl py-10 md:py-14">
      <h1 className="text-3xl font-extrabold tracking-tight text-brand-950">Stop alert e-mails</h1>
      {data.done ? (
        <p className="mt-4 rounded-lg bg-green-50 px-4 py-3 text-green-800" role="status">
          Done: you will get no more alert e-mails. You can resume them any time from your account.
        </p>
      ) : (
        <>
          <p className="mt-3 text-slate-600">Stop every e-mail about new cars matching your saved searches?</p>
          {data.error ? <ErrorBox className="mt-4">{data.error}</ErrorBox> : null}
          <Form method="post" action={`/alerts/unsubscribe${search}`} className="mt-6">
            <button type="submit" className="btn-primary">
              Unsubscribe
            </button>
          </Form>
        </>
      )}
      <p className="mt-6 text-sm text-slate-600">
        <Link to={ALERTS_PATH} className="font-semibold text-brand-700 underline">
          Manage alerts
        </Link>{' '}
        to pause or delete single searches (sign-in needed).
      </p>
    </div>
  );
}
