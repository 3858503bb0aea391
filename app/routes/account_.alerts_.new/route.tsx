// /account/alerts/new?<explore filters>: names the explore page's current filters and saves them as a
// search with e-mail alerts. A plain form, so it works without JavaScript; guests are sent to sign in
// and come back here.
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useLocation, useNavigation } from '@remix-run/react';
import { FormField } from '~/components/forms/FormField';
import { ErrorBox } from '~/components/ui/ErrorBox';
import { newAlertAction, newAlertLoader, type NewAlertData } from '~/lib/alerts/alerts.server';
import { NEW_ALERT_PATH } from '~/lib/alerts/paths';
import { pageHeaders } from '~/lib/http/cache-headers.server';
import { staticPageMeta } from '~/lib/seo/meta';

export const headers = pageHeaders;

export const meta = staticPageMeta({
  title: 'Alert me about new matches',
  description: 'Save this search and get an e-mail when new cars match it.',
  path: NEW_ALERT_PATH,
  noIndex: true,
});

export const loader = ({ request, context }: LoaderFunctionArgs) => newAlertLoader(request, context);
export const action = ({ request, context }: ActionFunctionArgs) => newAlertAction(request, context);

export default function NewAlertPage() {
  const loaded = useLoaderData<typeof loader>() as NewAlertData;
  const answered = useActionData<typeof action>() as NewAlertData | undefined;
  const { search } = useLocation();
  const saving = useNavigation().state === 'submitting';
  const data = answered ?? loaded;
  return (
    <div className="container-page max-w-xl py-10 md:py-14">
      <p className="text-sm font-semibold uppercase tracking-wider text-accent-600">Saved searches</p>
      <h1 className="mt-1 text-3xl font-extrabold tracking-tight text-brand-950">Alert me about new matches</h1>
      <p className="mt-3 text-slate-600">
        We will e-mail you at most once a day when new cars match this search, or when a favourite of yours gets cheaper.
      </p>
      <div className="mt-6 rounded-2xl border border-slate-200 bg-white p-5 shadow-card md:p-6">
        <p className="text-sm font-semibold text-slate-700">Filters</p>
        <p className="mt-1 text-slate-900" data-testid="alert-filters">
          {data.words}
        </p>
        <Form method="post" action={`${NEW_ALERT_PATH}${search}`} className="mt-5 space-y-4" noValidate>
          {data.error ? <ErrorBox id="alert-name-error">{data.error}</ErrorBox> : null}
          <FormField
            id="alert-name"
            label="Name"
            name="name"
            required
            defaultValue={data.name}
            maxLength={data.nameMax}
            autoComplete="off"
            describedBy={data.error ? 'alert-name-error' : null}
            invalid={Boolean(data.error)}
          />
          <div className="flex flex-wrap items-center gap-3">
            <button type="submit" className="btn-primary" disabled={saving}>
              {saving ? 'Saving...' : 'Save'}
            </button>
            <Link to={data.back} className="btn-outline">
              Back to the search
            </Link>
          </div>
        </Form>
      </div>
    </div>
  );
}
