import { Form, useNavigation } from '@remix-run/react';
import { useId } from 'react';
import { ErrorBox } from '~/components/ui/ErrorBox';
import { BUY_NOW_INTENT, DEAL_FORM_ID, QUOTE_INTENT, type DealFormValues } from '~/lib/deals/deal-form';
import { SHIPPING_WORDS, TRADE_TERMS } from '~/lib/deals/words';
import type { Port } from '~/lib/wordpress/types';

type Props = {
  carId: number;
  ports: Port[];
  /** Buy Now needs a price to reserve the car at. */
  hasPrice: boolean;
  /** A new key each time the page is drawn: one deal per form, however often it is sent. */
  formKey: string;
  /** What the buyer chose before: a refused post, or a guest back from signing in. */
  values: DealFormValues | null;
  error: string | null;
  /** The port chosen for the landed-price estimate, picked here too when nothing else was. */
  estimatePortId: number | null;
};

/**
 * "Request a quote" and "Buy Now" on an available car: a plain POST form (works without
 * JavaScript). A guest who sends it is asked to sign in and comes back with the choices kept.
 */
export function DealForm({ carId, ports, hasPrice, formKey, values, error, estimatePortId }: Props) {
  const id = useId();
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting' ? navigation.formData?.get('intent') : null;
  const v = values ?? {
    portId: estimatePortId ? String(estimatePortId) : '',
    country: '',
    tradeTerm: 'CIF',
    shipping: 'roro',
    inspection: false,
    message: '',
  };
  const countries = [...new Set(ports.map((p) => p.country))].sort();
  return (
    <section
      id={DEAL_FORM_ID}
      aria-labelledby={`${id}-title`}
      className="scroll-mt-24 rounded-2xl border border-slate-200 bg-white p-5 shadow-card sm:p-6"
      data-testid="deal-form"
    >
      <h2 id={`${id}-title`} className="text-lg font-bold text-brand-950">
        Buy this car
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Request a quote with shipping to your port
        {hasPrice ? ', or press Buy Now to reserve the car at once and get your proforma invoice' : ''}.
      </p>
      {error ? <ErrorBox className="mt-3">{error}</ErrorBox> : null}
      <Form method="post" action={`/car/${carId}`} preventScrollReset className="mt-4 grid gap-4 sm:grid-cols-2">
        <input type="hidden" name="formKey" value={formKey} />
        <div>
          <label htmlFor={`${id}-port`} className="field-label">
            Destination port
          </label>
          <select id={`${id}-port`} name="portId" defaultValue={v.portId} className="field-input">
            <option value="">Not listed / I arrange shipping</option>
            {countries.map((country) => (
              <optgroup key={country} label={country}>
                {ports
                  .filter((p) => p.country === country)
                  .map((p) => (
                    <option key={p.id} value={p.id}>
                      {p.name}, {p.country}
                    </option>
                  ))}
              </optgroup>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={`${id}-country`} className="field-label">
            Destination country <span className="font-normal text-slate-500">(if your port is not listed)</span>
          </label>
          <input
            id={`${id}-country`}
            name="country"
            defaultValue={v.country}
            maxLength={80}
            autoComplete="country-name"
            className="field-input"
          />
        </div>
        <fieldset>
          <legend className="field-label">Trade term</legend>
          <div className="flex flex-wrap gap-4">
            {TRADE_TERMS.map((term) => (
              <label key={term} className="flex items-center gap-2 text-sm">
                <input type="radio" name="tradeTerm" value={term} defaultChecked={v.tradeTerm === term} required />
                {term}
              </label>
            ))}
          </div>
        </fieldset>
        <fieldset>
          <legend className="field-label">Shipping</legend>
          <div className="flex flex-wrap gap-4">
            {(Object.keys(SHIPPING_WORDS) as (keyof typeof SHIPPING_WORDS)[]).map((method) => (
              <label key={method} className="flex items-center gap-2 text-sm">
                <input type="radio" name="shipping" value={method} defaultChecked={v.shipping === method} required />
                {SHIPPING_WORDS[method]}
              </label>
            ))}
          </div>
        </fieldset>
        <label className="flex items-center gap-2 text-sm sm:col-span-2">
          <input type="checkbox" name="inspection" value="1" defaultChecked={v.inspection} />
          Pre-shipment inspection (priced in a quote)
        </label>
        <div className="sm:col-span-2">
          <label htmlFor={`${id}-message`} className="field-label">
            Message <span className="font-normal text-slate-500">(optional)</span>
          </label>
          <textarea id={`${id}-message`} name="message" rows={2} maxLength={2000} defaultValue={v.message} className="field-input" />
        </div>
        <div className="flex flex-wrap gap-3 sm:col-span-2">
          <button type="submit" name="intent" value={QUOTE_INTENT} className="btn-outline" disabled={Boolean(busy)}>
            {busy === QUOTE_INTENT ? 'Sending…' : 'Request a quote'}
          </button>
          {hasPrice ? (
            <button type="submit" name="intent" value={BUY_NOW_INTENT} className="btn-primary" disabled={Boolean(busy)}>
              {busy === BUY_NOW_INTENT ? 'Reserving…' : 'Buy Now'}
            </button>
          ) : null}
        </div>
      </Form>
    </section>
  );
}
