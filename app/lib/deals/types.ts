// The buyer's deals as the site shows them (parsed from WordPress by deal-schemas.server.ts).
import type { z } from 'zod';
import type { dealSchema, dealSummarySchema } from '~/lib/wordpress/deal-schemas.server';

export type DealSummary = z.infer<typeof dealSummarySchema>;
export type Deal = z.infer<typeof dealSchema>;
export type DealNextAction = DealSummary['nextAction'];
export type TradeTerm = 'FOB' | 'CFR' | 'CIF';
export type DealShipping = 'roro' | 'container';

/** What a buyer asks for on the car page: a quote, or Buy Now (no inspection there). */
export type DealRequest = {
  carId: number;
  country: string;
  portId?: number;
  tradeTerm: TradeTerm;
  shipping: DealShipping;
  inspection?: boolean;
  message?: string;
};
