import { Form } from '@remix-run/react';
import { useId, useState } from 'react';
import { ErrorBox } from '~/components/ui/ErrorBox';
import { INQUIRY_FORM_ID } from '~/forms/inquiry';
import { portLabel, SHIPPING_METHODS } from '~/lib/shipping/landed-price';
import { routeWords } from '~/lib/shipping/shipping-labels';
import { UNLISTED_PORT } from '~/lib/shipping/unlisted-port';
import { priceLabel } from '~/lib/wordpress/labels';
import type { PortEstimate } from './shipping-model.server';

type Props = {
  model: PortEstimate;
  /** Contact for Price: there is nothing to add freight to. */
  hasPrice: boolean;
  /** The page's own path: the GET form reloads it with ?port=&shipping=. */
  action: string;
  /** The page's ?from= (the buyer's list), sent on so Back to Cars still leads there. */
  from: string | null;
};

/**
 * "Price to your port": a GET form (port and shipping method) that works without JavaScript, and
 * the estimate's breakdown: FOB + freight + insurance = estimated CIF, with the transit time. The
 * chosen port is remembered by the server, so it is already selected on the next car.
 */
export function PortEstimator({ model, hasPrice, action, from }: Props) {
  const id = useId();
  const { ports, port, method, estimate, error, unlisted } = model;
  // The methods are named for the port picked in the list (truck and rail for an overland one), even
  // before it is submitted; without JavaScript, for the port the page was drawn with.
  const [picked, setPicked] = useState(port?.id);
  const choices = routeWords(ports.find((p) => p.id === picked));
  const words = routeWords(port);

  return (
    <section
      aria-labelledby={`${id}-title`}
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-card sm:p-6"
      data-testid="port-estimator"
    >
      <h2 id={`${id}-title`} className="text-lg font-bold text-brand-950">
        Price to your port
      </h2>
      {!hasPrice ? (
        <p className="mt-2 text-sm text-slate-600" data-testid="port-estimate-none">
          This car is priced on request, so we cannot estimate its price at your port. Send an inquiry and we will quote it with shipping.
        </p>
      ) : ports.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">Shipping estimates are not available right now. Ask us in an inquiry.</p>
      ) : (
        <>
          {error ? <ErrorBox className="mt-3">{error}</ErrorBox> : null}
          <Form method="get" action={action} preventScrollReset className="mt-4 grid gap-4 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-end">
            {from !== null ? <input type="hidden" name="from" value={from} /> : null}
            <div>
              <label htmlFor={`${id}-port`} className="field-label">
                Destination port
              </label>
              <select
                id={`${id}-port`}
                name="port"
                defaultValue={port ? String(port.id) : unlisted ? UNLISTED_PORT : ''}
                onChange={(e) => setPicked(Number(e.target.value))}
                className="field-input"
              >
                <option value="">Choose a port…</option>
                {ports.map((p) => (
                  <option key={p.id} value={p.id}>
                    {portLabel(p)}
                  </option>
                ))}
                <option value={UNLISTED_PORT}>My port is not listed</option>
              </select>
            </div>
            <fieldset className="sm:col-span-2 sm:row-start-2">
              <legend className="field-label">Shipping</legend>
              <div className="flex flex-wrap gap-x-6 gap-y-2">
                {SHIPPING_METHODS.map((m) => (
                  <label key={m} className="inline-flex items-center gap-2 text-sm text-slate-800">
                    <input type="radio" name="shipping" value={m} defaultChecked={m === method} className="h-4 w-4 accent-brand-700" />
                    {choices.method[m]}
                  </label>
                ))}
              </div>
            </fieldset>
            <button type="submit" className="btn-primary sm:row-start-1 sm:col-start-2">
              Show price
            </button>
          </Form>

          {unlisted ? (
            <p className="mt-5 rounded-xl bg-slate-50 p-4 text-sm text-slate-700" data-testid="port-unlisted">
              We ship to other ports too and quote them one by one.{' '}
              <a href={`#${INQUIRY_FORM_ID}`} className="font-semibold text-brand-700 underline underline-offset-2">
                Ask for a quote to your port
              </a>
              : the inquiry is ready for you to name it.
            </p>
          ) : null}
          {estimate && port ? (
            <div className="mt-5 rounded-xl bg-slate-50 p-4" data-testid="port-estimate" aria-live="polite">
              <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1.5 text-sm">
                <dt className="text-slate-600">Car price (FOB China)</dt>
                <dd className="text-right font-medium tabular-nums text-slate-900">{priceLabel(estimate.fob)}</dd>
                <dt className="text-slate-600">
                  Freight, {words.short[estimate.method]} to {port.name}
                </dt>
                <dd className="text-right font-medium tabular-nums text-slate-900">{priceLabel(estimate.freight)}</dd>
                <dt className="text-slate-600">
                  {words.insurance} ({port.insuranceRate}%)
                </dt>
                <dd className="text-right font-medium tabular-nums text-slate-900">{priceLabel(estimate.insurance)}</dd>
                <dt className="border-t border-slate-200 pt-2 font-semibold text-slate-900">
                  Estimated price at {portLabel(port)} ({words.term})
                </dt>
                <dd
                  className="border-t border-slate-200 pt-2 text-right text-lg font-extrabold tabular-nums text-brand-900"
                  data-testid="port-estimate-cif"
                >
                  {priceLabel(estimate.cif)}
                </dd>
              </dl>
              <p className="mt-3 text-sm text-slate-700">
                {words.transit}: about {estimate.transitDays} days.
              </p>
              <p className="mt-2 text-xs text-slate-500">
                This is an estimate from our usual freight and insurance rates, not a quote. It leaves out import duty, taxes and port
                charges at your end; ask us for a firm price.
              </p>
            </div>
          ) : null}
        </>
      )}
    </section>
  );
}
