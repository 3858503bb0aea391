// /account/deals: every deal of the buyer (newest first, as WordPress lists them) with its car, number,
// state, the amount due now and the next step in words. A guest is sent to sign in and comes back.
import { json, type LoaderFunctionArgs } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { ACCOUNT_HEADERS, requireBuyer } from '~/lib/account/account.server';
import { endSessionAndSignIn, isSessionEnded } from '~/lib/auth/session.server';
import { DEALS_PATH, NEXT_ACTION_WORDS, dealPath, usd } from '~/lib/deals/words';
import { pageHeaders } from '~/lib/http/cache-headers.server';
import { staticPageMeta } from '~/lib/seo/meta';
import { failedPage } from '~/lib/wordpress/failure.server';

export const headers = pageHeaders;

export const meta = staticPageMeta({
  title: 'My deals',
  description: 'Your quotes, reservations and purchases: where each one is and what to do next.',
  path: DEALS_PATH,
  noIndex: true,
});

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { auth, wordpress } = await requireBuyer(request, context);
  try {
    return json({ deals: await wordpress.deals(auth.token) }, { headers: ACCOUNT_HEADERS });
  } catch (error) {
    if (isSessionEnded(error)) throw await endSessionAndSignIn(request, ACCOUNT_HEADERS);
    throw failedPage(error, 'Your deals could not be loaded right now. Please try again in a moment.', 'Deals page');
  }
}

export default function DealsPage() {
  const { deals } = useLoaderData<typeof loader>();
  return (
    <div className="container-page max-w-4xl py-10 md:py-14">
      <p className="text-sm font-semibold uppercase tracking-wider text-accent-600">Your account</p>
      <h1 className="mt-1 text-3xl font-extrabold tracking-tight text-brand-950">My deals</h1>
      <p className="mt-3 text-slate-600">
        Your quote requests and purchases, newest first. Open one to see its timeline and what to do next.
      </p>
      {deals.length === 0 ? (
        <div className="mt-6 rounded-2xl border border-dashed border-slate-300 p-6 text-center" data-testid="deals-empty">
          <p className="text-slate-700">No deals yet.</p>
          <p className="mt-2 text-sm text-slate-600">Choose a car, then request a quote or press Buy Now on its page.</p>
          <Link to="/explore-cars" className="btn-primary mt-4">
            Explore cars
          </Link>
        </div>
      ) : (
        <ul className="mt-6 space-y-4" data-testid="deals">
          {deals.map((deal) => (
            <li key={deal.id} className="rounded-2xl border border-slate-200 bg-white p-5 shadow-card" data-testid="deal-row">
              <div className="flex flex-wrap items-start justify-between gap-3">
                <div className="min-w-0">
                  <p className="text-xs font-semibold uppercase tracking-wider text-slate-500">{deal.number}</p>
                  <h2 className="mt-1 break-words text-lg font-bold text-brand-950">
                    <Link to={`/car/${deal.car.id}`} className="hover:underline">
                      {deal.car.title}
                    </Link>
                  </h2>
                  {deal.car.stockNumber ? <p className="text-xs text-slate-500">Stock no. {deal.car.stockNumber}</p> : null}
                </div>
                <span className="rounded-full bg-brand-50 px-3 py-1 text-sm font-semibold text-brand-800" data-testid="deal-state">
                  {deal.stateLabel}
                </span>
              </div>
              <div className="mt-4 flex flex-wrap items-end justify-between gap-3 border-t border-slate-100 pt-4">
                <div className="text-sm">
                  <p className="font-semibold text-slate-900" data-testid="deal-next">
                    {NEXT_ACTION_WORDS[deal.nextAction]}
                  </p>
                  <p className="mt-1 text-slate-600">
                    {deal.amountDue > 0
                      ? `Due now: ${usd(deal.amountDue)}`
                      : deal.total > 0
                        ? `Total: ${usd(deal.total)}`
                        : 'Price to be quoted'}
                  </p>
                </div>
                <Link to={dealPath(deal.id)} className="btn-outline flex-none">
                  Open deal
                </Link>
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
