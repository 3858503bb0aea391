import { useFetcher } from '@remix-run/react';
import { useEffect, useId, useRef } from 'react';
import { FormField } from '~/components/forms/FormField';
import { LeadFormGuard } from '~/components/forms/LeadFormGuard';
import { Button } from '~/components/ui/Button';
import { ErrorBox } from '~/components/ui/ErrorBox';
import { EMPTY_INQUIRY, INQUIRY_INTENT, INQUIRY_LIMITS, type InquiryActionData } from '~/forms/inquiry';
import { QUOTE_REQUEST } from '~/lib/shipping/unlisted-port';
import { CheckIcon } from '~/components/car-detail/icons';
import { useRootData } from '~/lib/page/root-data';

/** Name, phone and e-mail: all required. */
const CONTACT_FIELDS = [
  { name: 'name', label: 'Name', type: 'text', autoComplete: 'name', placeholder: 'Your full name' },
  { name: 'phone', label: 'Phone', type: 'tel', autoComplete: 'tel', inputMode: 'tel', placeholder: '+1 555 123 4567' },
  { name: 'email', label: 'Email', type: 'email', autoComplete: 'email', placeholder: 'you@example.com' },
] as const;

type InquiryFormProps = {
  carId: number;
  /** The action's answer to a post made without JavaScript (useActionData), if any. */
  noScriptResult?: InquiryActionData;
  /** The form's key and render time (hidden fields). */
  stamp: { formKey: string; renderedAt: number };
  /** The destination port chosen on the page, sent with the inquiry so staff see it with the lead. */
  shipTo?: { portId: number; method: string; label: string } | null;
  /** A sentence above the fields (a sold or reserved car says so here). */
  notice?: string | null;
  /** The buyer's port is not in the estimator's list: the message starts as a request for a quote. */
  quote?: boolean;
};

/**
 * "Send an Inquiry for this Car". A fetcher form posting to the car route's
 * action: without JavaScript it is a plain POST and the page comes back with the message and, after
 * a refusal, the visitor's values. While sending, every field is disabled and the button reads
 * "Sending..."; the green or red message shows above the fields; success clears them. The parent
 * keys it by car id, so another car starts with an empty form and no message.
 */
export function InquiryForm({ carId, noScriptResult, stamp, shipTo = null, notice = null, quote = false }: InquiryFormProps) {
  const fetcher = useFetcher<InquiryActionData>();
  const formRef = useRef<HTMLFormElement>(null);
  const ids = useId();

  const busy = fetcher.state !== 'idle';
  const result = fetcher.data ?? noScriptResult;
  // A new submission hides the previous answer until its own arrives.
  const shown = fetcher.state === 'submitting' ? undefined : result;
  // A signed-in buyer's name and e-mail come from the account, so they are not typed again (the
  // phone is not kept on the account); what was typed into a refused form wins over them.
  const user = useRootData()?.user;
  const values =
    result && !result.ok ? result.values : user ? { ...EMPTY_INQUIRY, name: user.displayName, email: user.email } : EMPTY_INQUIRY;

  useEffect(() => {
    if (fetcher.data?.ok) formRef.current?.reset();
  }, [fetcher.data]);

  // Choosing "My port is not listed" after the form was drawn: start the message, never overwrite one.
  useEffect(() => {
    const box = formRef.current?.elements.namedItem('message');
    if (quote && box instanceof HTMLTextAreaElement && !box.value) box.value = QUOTE_REQUEST;
  }, [quote]);

  const field = (name: string) => `${ids}-${name}`;

  return (
    <div>
      {shown ? (
        shown.ok ? (
          <div
            role="status"
            className="mb-4 flex items-start gap-2 rounded-lg border border-emerald-200 bg-emerald-50 px-3.5 py-3 text-sm text-emerald-800"
            data-testid="inquiry-success"
          >
            <CheckIcon className="mt-0.5 h-4 w-4 flex-none" strokeWidth={2.5} />
            <p>{shown.message}</p>
          </div>
        ) : (
          <ErrorBox className="mb-4">
            <span data-testid="inquiry-error">{shown.message}</span>
          </ErrorBox>
        )
      ) : null}

      <fetcher.Form method="post" ref={formRef} aria-label="Send an Inquiry for this Car" data-testid="inquiry-form">
        <input type="hidden" name="intent" value={INQUIRY_INTENT} />
        <input type="hidden" name="carId" value={carId} />
        {shipTo ? (
          <>
            <input type="hidden" name="portId" value={shipTo.portId} />
            <input type="hidden" name="shipping" value={shipTo.method} />
          </>
        ) : null}
        {notice ? (
          <p className="mb-4 rounded-lg bg-slate-100 px-3.5 py-3 text-sm text-slate-800" data-testid="inquiry-notice">
            {notice}
          </p>
        ) : null}
        {shipTo ? (
          <p className="mb-4 text-sm text-slate-600" data-testid="inquiry-port">
            Shipping to: <span className="font-semibold text-slate-900">{shipTo.label}</span>
          </p>
        ) : null}
        {/* One fieldset: disabling it disables every field and the button while the message is sent. */}
        <fieldset disabled={busy} className="flex flex-col gap-4">
          <legend className="sr-only">Your details</legend>
          {CONTACT_FIELDS.map((f) => (
            <FormField
              key={f.name}
              id={field(f.name)}
              mark="required"
              required
              maxLength={INQUIRY_LIMITS[f.name]}
              defaultValue={values[f.name]}
              {...f}
            />
          ))}
          <FormField
            id={field('message')}
            label="Message"
            mark="optional"
            name="message"
            rows={3}
            maxLength={INQUIRY_LIMITS.message}
            defaultValue={values.message || (quote ? QUOTE_REQUEST : '')}
            placeholder="Destination port, questions about the car…"
          />
          <Button type="submit" variant="primary" loading={busy} className="w-full py-3 text-base">
            {busy ? 'Sending...' : 'Send Inquiry'}
          </Button>
        </fieldset>
        {/* Last in the form, so nothing that looks for the first field ever lands on the honeypot. */}
        <LeadFormGuard formKey={stamp.formKey} renderedAt={stamp.renderedAt} />
      </fetcher.Form>
    </div>
  );
}
