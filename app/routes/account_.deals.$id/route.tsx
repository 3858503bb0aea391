// /account/deals/:id: one deal for its buyer: what to do next, the time left on the quote or the
// hold (a countdown with JavaScript, the date without), the price lines and the money due, the steps
// the state allows (accept or decline a quote, upload a proof of payment), the messages with the
// seller, the proforma invoice and the documents released to the buyer, and the timeline, oldest
// first. Another buyer's deal is the "not found" page.
import type { MetaFunction } from '@remix-run/node';
import { Form, Link, isRouteErrorResponse, useActionData, useLoaderData, useRouteError } from '@remix-run/react';
import { useEffect, useState } from 'react';
import { AccountCard, useBusy } from '~/components/account/AccountCard';
import { Notice } from '~/components/account/AccountFields';
import { ErrorBox } from '~/components/ui/ErrorBox';
import { ErrorPanel } from '~/components/ui/ErrorPanel';
import type { Deal } from '~/lib/deals/types';
import { DEALS_PATH, NEXT_ACTION_WORDS, SHIPPING_WORDS, dealPath, dealTime, timeLeft, usd } from '~/lib/deals/words';
import { pageHeaders } from '~/lib/http/cache-headers.server';
import { action, loader, MESSAGE_MAX, type DealActionData } from './page.server';

export { action, loader };
export const headers = pageHeaders;

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `Deal ${data.deal.number} | Car Export` : 'Deal not found | Car Export' },
  { name: 'robots', content: 'noindex' },
];

const DONE: Record<string, string> = {
  requested: 'Your quote request is sent. We will e-mail you when your quote is ready.',
  bought: 'The car is reserved for you. Pay the deposit shown below and upload the proof of payment.',
  accepted: 'You accepted the quote: the car is reserved for you and your proforma invoice is ready.',
  declined: 'You declined the quote.',
  proof: 'Thank you: your proof of payment is uploaded. We will confirm the payment soon.',
  message: 'Your message is sent.',
};

export default function DealPage() {
  const { deal, done } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as DealActionData | undefined;
  const notice = done && !answer ? DONE[done] : undefined;
  const base = dealPath(deal.id);
  return (
    <div className="bg-slate-50/60 pb-16">
      <header className="border-b border-slate-200 bg-white">
        <div className="container-page py-8 sm:py-10">
          <Link to={DEALS_PATH} className="text-sm font-semibold text-brand-700 hover:underline">
            ← My deals
          </Link>
          <p className="mt-3 text-sm font-semibold uppercase tracking-wider text-accent-700">Deal {deal.number}</p>
          <h1 className="mt-1 break-words text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
            <Link to={`/car/${deal.car.id}`} className="hover:underline">
              {deal.car.title}
            </Link>
          </h1>
          <p className="mt-2">
            <span className="rounded-full bg-brand-50 px-3 py-1 text-sm font-semibold text-brand-800" data-testid="deal-state">
              {deal.stateLabel}
            </span>
          </p>
        </div>
      </header>
      <div className="container-page mt-8 grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start">
        <div className="flex min-w-0 flex-col gap-6">
          {notice ? <Notice>{notice}</Notice> : null}
          {answer?.error && answer.intent !== 'message' ? <ErrorBox>{answer.error}</ErrorBox> : null}
          <NextStep deal={deal} />
          <Prices deal={deal} base={base} />
          <Messages deal={deal} answer={answer?.intent === 'message' ? answer : undefined} />
          <Timeline deal={deal} />
        </div>
        <div className="flex flex-col gap-6">
          <Destination deal={deal} />
          <Documents deal={deal} base={base} />
        </div>
      </div>
    </div>
  );
}

/** A card of the deal page; a link to its section scrolls it clear of the sticky header. */
function Card(props: { id: string; title: string; children: React.ReactNode }) {
  return <AccountCard {...props} className="scroll-mt-24" />;
}

/** The date in the HTML; once the page runs its script, the time left, updated each minute. */
function Countdown({ until, label }: { until: string; label: string }) {
  const [now, setNow] = useState<number | null>(null);
  useEffect(() => {
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);
  const left = now === null ? null : timeLeft(until, now);
  return (
    <p className="mt-2 text-sm text-slate-700" data-testid="deal-deadline">
      {label} <time dateTime={until}>{dealTime(until)}</time>
      {left ? <span className="font-semibold text-accent-700"> ({left} left)</span> : null}
    </p>
  );
}

function NextStep({ deal }: { deal: Deal }) {
  const accepting = useBusy('accept');
  const declining = useBusy('decline');
  const uploading = useBusy('proof');
  const mayPay = deal.nextAction === 'pay_deposit' || deal.nextAction === 'pay_balance';
  return (
    <section
      aria-labelledby="next-title"
      className="rounded-2xl border-2 border-brand-200 bg-white p-5 shadow-card sm:p-6"
      data-testid="next-action"
    >
      <h2 id="next-title" className="text-sm font-semibold uppercase tracking-wider text-brand-700">
        Next action
      </h2>
      <p className="mt-2 text-lg font-bold text-slate-900">{NEXT_ACTION_WORDS[deal.nextAction]}</p>
      {deal.amountDue > 0 ? (
        <p className="mt-1 text-slate-700">
          Due now: <strong>{usd(deal.amountDue)}</strong>
        </p>
      ) : null}
      {deal.validUntil ? <Countdown until={deal.validUntil} label="The quote is valid until" /> : null}
      {deal.holdUntil ? <Countdown until={deal.holdUntil} label="The car is held for you until" /> : null}
      {deal.nextAction === 'accept_or_decline' ? (
        <div className="mt-4 flex flex-wrap gap-3">
          <Form method="post">
            <button type="submit" name="intent" value="accept" className="btn-primary" disabled={accepting}>
              {accepting ? 'Accepting…' : 'Accept the quote'}
            </button>
          </Form>
          <Form method="post">
            <button type="submit" name="intent" value="decline" className="btn-outline" disabled={declining}>
              {declining ? 'Declining…' : 'Decline'}
            </button>
          </Form>
        </div>
      ) : null}
      {mayPay ? (
        <Form method="post" encType="multipart/form-data" className="mt-4 border-t border-slate-100 pt-4">
          <label htmlFor="proof-file" className="field-label">
            Upload proof of payment (PDF, JPEG or PNG, up to 10 MB)
          </label>
          <div className="flex flex-wrap items-center gap-3">
            <input
              id="proof-file"
              name="file"
              type="file"
              required
              accept="application/pdf,image/jpeg,image/png"
              className="min-w-0 max-w-full text-sm"
            />
            <button type="submit" name="intent" value="proof" className="btn-primary" disabled={uploading}>
              {uploading ? 'Uploading…' : 'Upload proof'}
            </button>
          </div>
        </Form>
      ) : null}
    </section>
  );
}

function Prices({ deal, base }: { deal: Deal; base: string }) {
  if (deal.lines.length === 0) {
    return (
      <Card id="prices" title="Price">
        <p className="text-sm text-slate-600">Your quote will list the car, the freight and any extras here.</p>
      </Card>
    );
  }
  return (
    <Card id="prices" title="Price">
      <table className="w-full text-sm">
        <tbody>
          {deal.lines.map((line, i) => (
            <tr key={i} className="border-b border-slate-100">
              <td className="py-2 pr-3 text-slate-700">{line.label}</td>
              <td className="py-2 text-right tabular-nums">{usd(line.amount)}</td>
            </tr>
          ))}
          <tr className="font-bold text-slate-900">
            <td className="py-2 pr-3">Total ({deal.destination.tradeTerm})</td>
            <td className="py-2 text-right tabular-nums" data-testid="deal-total">
              {usd(deal.total)}
            </td>
          </tr>
        </tbody>
      </table>
      <dl className="mt-3 grid grid-cols-[1fr_auto] gap-x-3 gap-y-1 border-t border-slate-100 pt-3 text-sm">
        <dt className="text-slate-600">Deposit</dt>
        <dd className="text-right tabular-nums">{usd(deal.deposit)}</dd>
        <dt className="text-slate-600">Paid</dt>
        <dd className="text-right tabular-nums">{usd(deal.paid)}</dd>
        <dt className="font-semibold text-slate-900">Balance due</dt>
        <dd className="text-right font-semibold tabular-nums" data-testid="deal-balance">
          {usd(deal.balanceDue)}
        </dd>
      </dl>
      {deal.proforma ? (
        <p className="mt-4 text-sm">
          <a href={`${base}/invoice.pdf`} className="font-semibold text-brand-700 underline" data-testid="proforma-link">
            Proforma invoice {deal.proforma.number} (PDF)
          </a>
        </p>
      ) : null}
    </Card>
  );
}

function Destination({ deal }: { deal: Deal }) {
  const { destination: d, shipment: s } = deal;
  const rows: [string, string | null][] = [
    ['Country', d.country],
    ['Port', d.port],
    ['Trade term', d.tradeTerm],
    ['Shipping', SHIPPING_WORDS[d.shipping as keyof typeof SHIPPING_WORDS] ?? d.shipping],
    ['Inspection', d.inspection ? 'Pre-shipment inspection' : 'None'],
    ['Vessel', s.vessel],
    ['Departs', s.etd],
    ['Arrives', s.eta],
    ['Bill of lading', s.blNumber],
    ['Courier tracking', s.courierTracking],
  ];
  return (
    <Card id="destination" title="Shipping">
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1.5 text-sm">
        {rows
          .filter((row): row is [string, string] => Boolean(row[1]))
          .map(([k, v]) => (
            <div key={k} className="contents">
              <dt className="text-slate-600">{k}</dt>
              <dd className="break-words text-slate-900">{v}</dd>
            </div>
          ))}
      </dl>
    </Card>
  );
}

function Documents({ deal, base }: { deal: Deal; base: string }) {
  return (
    <Card id="documents" title="Documents">
      {deal.files.length === 0 ? (
        <p className="text-sm text-slate-600">Your original documents appear here once everything is paid and the car has shipped.</p>
      ) : (
        <ul className="space-y-2 text-sm" data-testid="deal-files">
          {deal.files.map((file) => (
            <li key={file.id}>
              <a href={`${base}/files/${file.id}`} className="break-all font-semibold text-brand-700 underline">
                {file.name}
              </a>
              <span className="text-slate-500"> · {Math.max(1, Math.round(file.size / 1024))} KB</span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

function Messages({ deal, answer }: { deal: Deal; answer?: DealActionData }) {
  const sending = useBusy('message');
  return (
    <Card id="messages" title="Messages">
      {deal.messages.length === 0 ? <p className="text-sm text-slate-600">No messages yet. Ask us anything about this deal.</p> : null}
      <ul className="space-y-3" data-testid="deal-messages">
        {deal.messages.map((m, i) => (
          <li key={i} className={`rounded-xl px-4 py-3 text-sm ${m.fromStaff ? 'mr-8 bg-slate-100' : 'ml-8 bg-brand-50'}`}>
            <p className="text-xs font-semibold text-slate-500">
              {m.fromStaff ? 'Car Export' : 'You'} · {dealTime(m.at)}
            </p>
            <p className="mt-1 whitespace-pre-line break-words text-slate-900">{m.body}</p>
          </li>
        ))}
      </ul>
      <Form method="post" className="mt-4">
        {answer?.error ? <ErrorBox className="mb-3">{answer.error}</ErrorBox> : null}
        <label htmlFor="deal-message" className="field-label">
          Write to us
        </label>
        <textarea
          id="deal-message"
          name="message"
          rows={3}
          maxLength={MESSAGE_MAX}
          required
          defaultValue={answer?.message ?? ''}
          className="field-input"
        />
        <button type="submit" name="intent" value="message" className="btn-primary mt-3" disabled={sending}>
          {sending ? 'Sending…' : 'Send message'}
        </button>
      </Form>
    </Card>
  );
}

function Timeline({ deal }: { deal: Deal }) {
  return (
    <Card id="timeline" title="Timeline (oldest first)">
      <ol className="space-y-3 border-l-2 border-slate-200 pl-4" data-testid="deal-timeline">
        {deal.timeline.map((event, i) => (
          <li key={i} className="text-sm">
            <p className="font-semibold text-slate-900">{event.stateLabel}</p>
            <p className="text-xs text-slate-500">{dealTime(event.at)}</p>
            {event.note ? <p className="mt-1 whitespace-pre-line text-slate-700">{event.note}</p> : null}
          </li>
        ))}
      </ol>
    </Card>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <div className="container-page max-w-2xl py-16 text-center" data-testid="deal-not-found">
        <h1 className="text-3xl font-bold text-slate-900">Deal not found</h1>
        <p className="mt-3 text-slate-600">This deal could not be found. It may belong to another account.</p>
        <Link to={DEALS_PATH} className="btn-primary mt-6">
          My deals
        </Link>
      </div>
    );
  }
  const message =
    isRouteErrorResponse(error) && typeof error.data?.message === 'string'
      ? error.data.message
      : 'This deal could not be loaded right now.';
  return (
    <div className="container-page max-w-2xl py-16">
      <ErrorPanel message={message} />
    </div>
  );
}
