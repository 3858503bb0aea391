// How a deal reads to the buyer: the next step in words, money, dates. Shared by the list and the
// deal page (no server code: both render it).
import type { DealNextAction } from './types';

export const DEALS_PATH = '/account/deals';
export const dealPath = (id: string) => `${DEALS_PATH}/${id}`;

export const NEXT_ACTION_WORDS: Record<DealNextAction, string> = {
  wait_for_quote: 'We are preparing your quote.',
  accept_or_decline: 'Your quote is ready: accept or decline it.',
  pay_deposit: 'Pay the deposit and upload the proof of payment.',
  wait_for_confirmation: 'We are checking your payment.',
  pay_balance: 'Pay the balance and upload the proof of payment.',
  wait_for_shipping: 'We are booking the shipping of your car.',
  receive_documents: 'Your original documents are on their way.',
  none: 'Nothing to do.',
};

export const TRADE_TERMS = ['FOB', 'CFR', 'CIF'] as const;
export const SHIPPING_WORDS = { roro: 'RoRo', container: 'Container' } as const;

export const usd = (n: number) => `$${n.toLocaleString('en-US')}`;

/** A UTC time as "8 Dec 2026, 14:05 UTC": the same words on the server and in the browser. */
export function dealTime(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return `${d.toLocaleString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZone: 'UTC' })} UTC`;
}

/** "2 days 3 hours", "45 minutes", or null once the time has passed. */
export function timeLeft(iso: string, now: number): string | null {
  const ms = new Date(iso).getTime() - now;
  if (!Number.isFinite(ms) || ms <= 0) return null;
  const minutes = Math.floor(ms / 60_000);
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const plural = (n: number, w: string) => `${n} ${w}${n === 1 ? '' : 's'}`;
  if (days > 0) return `${plural(days, 'day')} ${plural(hours, 'hour')}`;
  if (hours > 0) return `${plural(hours, 'hour')} ${plural(minutes % 60, 'minute')}`;
  return plural(Math.max(1, minutes), 'minute');
}
