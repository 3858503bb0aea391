// /account/alerts: the buyer's saved searches with e-mail alerts: each one's name, filters in words,
// a link to run it on explore and when it was saved; rename, pause or resume the e-mails, delete.
// Every change is a plain form post, so the page works without JavaScript.
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { ErrorBox } from '~/components/ui/ErrorBox';
import { alertsAction, alertsLoader, type AlertsActionData, type AlertsData, type ShownSearch } from '~/lib/alerts/alerts.server';
import { ALERTS_PATH } from '~/lib/alerts/paths';
import { pageHeaders } from '~/lib/http/cache-headers.server';
import { staticPageMeta } from '~/lib/seo/meta';

export const headers = pageHeaders;

export const meta = staticPageMeta({
  title: 'Saved searches and alerts',
  description: 'Your saved searches: the e-mails about new matching cars.',
  path: ALERTS_PATH,
  noIndex: true,
});

export const loader = ({ request, context }: LoaderFunctionArgs) => alertsLoader(request, context);
export const action = ({ request, context }: ActionFunctionArgs) => alertsAction(request, context);

const savedOn = (iso: string) =>
  new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

export default function AlertsPage() {
  const { searches, max, nameMax, error, saved } = useLoaderData<typeof loader>() as AlertsData;
  const answer = useActionData<typeof action>() as AlertsActionData | undefined;
  return (
    <div className="container-page max-w-3xl py-10 md:py-14">
      <p className="text-sm font-semibold uppercase tracking-wider text-accent-600">Your account</p>
      <h1 className="mt-1 text-3xl font-extrabold tracking-tight text-brand-950">Saved searches and alerts</h1>
      <p className="mt-3 text-slate-600">
        We e-mail you at most once a day with the new cars that match your searches, and when a favourite of yours gets cheaper.
        {max > 0 ? ` You can keep up to ${max} searches.` : ''}
      </p>
      <div className="mt-6 space-y-4" aria-live="polite">
        {error ? <ErrorBox>{error}</ErrorBox> : null}
        {answer?.error ? <ErrorBox>{answer.error}</ErrorBox> : null}
        {saved && !answer ? (
          <p className="rounded-lg bg-green-50 px-4 py-3 text-sm text-green-800">Search saved. We will e-mail you new matches.</p>
        ) : null}
        {answer?.message ? <p className="rounded-lg bg-green-50 px-4 py-3 text-sm text-green-800">{answer.message}</p> : null}
      </div>
      {!error && searches.length === 0 ? (
        <div className="mt-6 rounded-2xl border border-dashed border-slate-300 p-6 text-center">
          <p className="text-slate-700">No saved searches yet.</p>
          <p className="mt-2 text-sm text-slate-600">Filter the catalogue, then choose “Alert me about new matches”.</p>
          <Link to="/explore-cars" className="btn-primary mt-4">
            Explore cars
          </Link>
        </div>
      ) : null}
      <ul className="mt-6 space-y-4" data-testid="saved-searches">
        {searches.map((search) => (
          <SavedSearchItem key={search.id} search={search} nameMax={nameMax} />
        ))}
      </ul>
    </div>
  );
}

function SavedSearchItem({ search, nameMax }: { search: ShownSearch; nameMax: number }) {
  const nameId = `search-name-${search.id}`;
  return (
    <li className="rounded-2xl border border-slate-200 bg-white p-5 shadow-card">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 className="break-words text-lg font-bold text-brand-950">{search.name}</h2>
          <p className="mt-1 break-words text-sm text-slate-700">{search.words}</p>
          <p className="mt-1 text-xs text-slate-500">
            Saved {savedOn(search.created)} · {search.paused ? 'E-mails paused' : 'E-mails on'}
          </p>
        </div>
        <Link to={search.href} className="btn-outline flex-none">
          See matches
        </Link>
      </div>
      <div className="mt-4 flex flex-wrap items-end gap-3 border-t border-slate-100 pt-4">
        <Form method="post" className="flex min-w-0 flex-1 basis-64 items-end gap-2">
          <input type="hidden" name="id" value={search.id} />
          <div className="min-w-0 flex-1">
            <label htmlFor={nameId} className="field-label">
              Name
            </label>
            <input id={nameId} name="name" defaultValue={search.name} maxLength={nameMax} required className="field-input" />
          </div>
          <button type="submit" name="intent" value="rename" className="btn-outline">
            Rename
          </button>
        </Form>
        <Form method="post" className="flex gap-2">
          <input type="hidden" name="id" value={search.id} />
          <button type="submit" name="intent" value={search.paused ? 'resume' : 'pause'} className="btn-outline">
            {search.paused ? 'Resume e-mails' : 'Pause e-mails'}
          </button>
          <button type="submit" name="intent" value="delete" className="btn border border-red-200 bg-white text-red-700 hover:bg-red-50">
            Delete
          </button>
        </Form>
      </div>
    </li>
  );
}
