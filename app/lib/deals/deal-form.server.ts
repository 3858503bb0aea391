// The car page's deal action: a guest goes to sign in and comes back to the car with their choices;
// a buyer's request is checked, sent with one idempotency key per form render and choices (so a
// double click or a retry makes one deal), and answered with a redirect to the new deal.
import { createHash } from 'node:crypto';
import { json, redirect, type AppLoadContext } from '@remix-run/node';
import { z } from 'zod';
import { ACCOUNT_HEADERS } from '~/lib/account/account.server';
import { endSessionAndSignIn, isSessionEnded, readSession } from '~/lib/auth/session.server';
import { wordpressOf } from '~/lib/server/load-context.server';
import { failureInit } from '~/lib/wordpress/failure.server';
import { BUY_NOW_INTENT, carAddressWithChoices, dealFormValues, type DealFormAnswer, type DealFormValues } from './deal-form';
import { dealFailure } from './deals.server';
import type { DealRequest } from './types';
import { dealPath } from './words';

const requestSchema = z
  .object({
    portId: z.coerce.number().int().nonnegative().optional(),
    country: z.string().trim().max(80),
    tradeTerm: z.enum(['FOB', 'CFR', 'CIF'], { message: 'Please choose a trade term: FOB, CFR or CIF.' }),
    shipping: z.enum(['roro', 'container'], { message: 'Please choose RoRo or container shipping.' }),
    inspection: z.boolean(),
    message: z.string().trim().max(2000, 'Please keep your message under 2000 characters.'),
  })
  .refine((v) => v.country !== '' || (v.portId ?? 0) > 0, { message: 'Please choose your destination port or type your country.' })
  .refine((v) => v.tradeTerm === 'FOB' || (v.portId ?? 0) > 0, {
    message: 'CFR and CIF prices include freight: please choose your destination port.',
  });

/** One key per rendered form and choices, scoped by WordPress to the buyer. */
export function dealIdempotencyKey(formKey: string, intent: string, carId: number, values: DealFormValues): string {
  return createHash('sha256')
    .update(JSON.stringify([formKey, intent, carId, values]))
    .digest('hex')
    .slice(0, 40);
}

function refused(values: DealFormValues, status: number, message: string, retryAfter?: number) {
  return json<DealFormAnswer>({ dealError: message, values }, failureInit({ status, retryAfter }));
}

/** The destination country: typed, else the chosen port's. */
export type PortCountry = (portId: number) => Promise<string | null>;

export async function dealAction(
  request: Request,
  context: AppLoadContext | undefined,
  form: FormData,
  carId: number,
  portCountry: PortCountry,
) {
  const values = dealFormValues((name) => form.get(name));
  const intent = String(form.get('intent'));
  const { auth, ended } = await readSession(request, context);
  if (ended) return endSessionAndSignIn(request, ACCOUNT_HEADERS);
  if (!auth) {
    const back = carAddressWithChoices(carId, values);
    return redirect(`/login?${new URLSearchParams({ redirectTo: back })}`, { headers: ACCOUNT_HEADERS });
  }
  const parsed = requestSchema.safeParse({ ...values, portId: values.portId || undefined });
  if (!parsed.success) return refused(values, 400, parsed.error.issues[0]?.message ?? 'Please check your choices.');
  const p = parsed.data;
  const country = p.country || (p.portId ? await portCountry(p.portId) : null);
  if (!country) return refused(values, 400, 'The chosen port could not be found. Please choose another.');
  const buyNow = intent === BUY_NOW_INTENT;
  const dealRequest: DealRequest = {
    carId,
    country,
    portId: p.portId || undefined,
    tradeTerm: p.tradeTerm,
    shipping: p.shipping,
    inspection: p.inspection,
    message: p.message,
  };
  const formKey = String(form.get('formKey') ?? '');
  try {
    const deal = await wordpressOf(context).createDeal(auth.token, dealRequest, dealIdempotencyKey(formKey, intent, carId, values), buyNow);
    return redirect(`${dealPath(deal.id)}?done=${buyNow ? 'bought' : 'requested'}`, { headers: ACCOUNT_HEADERS });
  } catch (error) {
    if (isSessionEnded(error)) return endSessionAndSignIn(request, ACCOUNT_HEADERS);
    const failure = dealFailure(error, buyNow ? 'The car could not be reserved.' : 'Your quote request could not be sent.');
    return refused(values, failure.status, failure.message, failure.retryAfter);
  }
}
