// zod schemas of the plugin's deal answers (the buyer's side of the sale). Parsed at the boundary
// like every other WordPress payload: a deal the site cannot read fails loudly (502) instead of
// showing a buyer wrong money.
import { z } from 'zod';

const int = z.number().int();
/** Money is whole US dollars. */
const dollars = int.nonnegative();
const time = z.string().nullish().transform((v) => v ?? null);
const optionalText = z.string().nullish().transform((v) => v ?? null);

export const DEAL_NEXT_ACTIONS = [
  'wait_for_quote',
  'accept_or_decline',
  'pay_deposit',
  'wait_for_confirmation',
  'pay_balance',
  'wait_for_shipping',
  'receive_documents',
  'none',
] as const;

/**
 * An action the site does not know yet reads as "none" rather than failing the whole list: the plugin
 * may add a step before the site learns its words, and the state label still says where the deal is.
 */
const nextAction = z
  .string()
  .transform((v): (typeof DEAL_NEXT_ACTIONS)[number] => ((DEAL_NEXT_ACTIONS as readonly string[]).includes(v) ? (v as (typeof DEAL_NEXT_ACTIONS)[number]) : 'none'));

/** Deal ids are 24 random hex digits: anything else is never sent to WordPress. */
export const DEAL_ID = /^[0-9a-f]{24}$/;

export const dealSummarySchema = z.object({
  id: z.string().regex(DEAL_ID),
  number: z.string(),
  state: z.string(),
  stateLabel: z.string(),
  car: z.object({ id: int, title: z.string(), stockNumber: z.string().nullish().transform((v) => v ?? '') }),
  total: dollars,
  amountDue: dollars,
  nextAction,
  holdUntil: time,
  validUntil: time,
  createdAt: z.string(),
});

const lineSchema = z.object({ kind: z.string(), label: z.string(), amount: int });

export const dealSchema = dealSummarySchema.extend({
  destination: z.object({
    country: z.string(),
    port: optionalText,
    tradeTerm: z.string(),
    shipping: z.string(),
    inspection: z.boolean(),
  }),
  lines: z.array(lineSchema),
  deposit: dollars,
  paid: dollars,
  balanceDue: dollars,
  proforma: z.object({ number: z.string(), date: time }).nullable(),
  shipment: z.object({
    vessel: optionalText,
    etd: optionalText,
    eta: optionalText,
    blNumber: optionalText,
    courierTracking: optionalText,
  }),
  timeline: z.array(
    z.object({
      at: z.string(),
      action: z.string(),
      by: z.string().nullish().transform((v) => v ?? ''),
      fromState: optionalText,
      state: z.string(),
      stateLabel: z.string(),
      note: optionalText,
    }),
  ),
  messages: z.array(z.object({ at: z.string(), fromStaff: z.boolean(), body: z.string() })),
  files: z.array(
    z.object({ id: z.string().regex(/^[0-9a-f]{1,64}$/), name: z.string(), kind: z.string(), mime: z.string(), size: int, at: z.string() }),
  ),
});

export const dealListSchema = z.object({ deals: z.array(dealSummarySchema) });
export const dealAnswerSchema = z.object({ deal: dealSchema });
