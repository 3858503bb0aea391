// "Price to your port": the estimated landed (CIF) price of a car at a destination port, from the
// car's FOB price and the port's freight and insurance figures. Pure and browser-safe: the car page
// and the explore cards show the same figures for the same inputs.
//
// Rules, in whole US dollars:
// - freight is the port's RoRo or container figure, as chosen;
// - insurance = rate % × (FOB + freight), rounded UP to the next whole dollar (an estimate must not
//   understate the cost), computed in integers from the rate in basis points, so no binary fraction
//   ever changes a dollar;
// - CIF = FOB + freight + insurance.
// A car without a price (Contact for Price) has no estimate.
import type { Port } from '~/lib/wordpress/types';
import { priceLabel } from '~/lib/wordpress/labels';

export const SHIPPING_METHODS = ['roro', 'container'] as const;
export type ShippingMethod = (typeof SHIPPING_METHODS)[number];

export type LandedPrice = {
  fob: number;
  freight: number;
  insurance: number;
  cif: number;
  method: ShippingMethod;
  transitDays: number;
};

export function isShippingMethod(value: unknown): value is ShippingMethod {
  return value === 'roro' || value === 'container';
}

/** Insurance on a sum at a percentage rate (two decimals at most), rounded up to whole dollars. */
export function insuranceFor(insuredValue: number, ratePercent: number): number {
  const basisPoints = Math.round(ratePercent * 100);
  if (insuredValue <= 0 || basisPoints <= 0) return 0;
  return Math.ceil((insuredValue * basisPoints) / 10_000);
}

/** The estimate, or null when the car has no price. */
export function landedPrice(fob: number | null, port: Port, method: ShippingMethod): LandedPrice | null {
  if (fob === null || !Number.isFinite(fob) || fob <= 0) return null;
  const freight = method === 'container' ? port.containerFreight : port.roroFreight;
  const insurance = insuranceFor(fob + freight, port.insuranceRate);
  return { fob, freight, insurance, cif: fob + freight + insurance, method, transitDays: port.transitDays };
}

/** A card's "≈ $41,362 to Lagos (Tin Can Island)" line, or null without a port or a price. */
export function cardPriceToPort(
  priceValue: number | null,
  shipTo: { port: Port; method: ShippingMethod } | null,
): { amount: string; port: string } | null {
  const estimate = shipTo ? landedPrice(priceValue, shipTo.port, shipTo.method) : null;
  return estimate && shipTo ? { amount: priceLabel(estimate.cif), port: shipTo.port.name } : null;
}

/** "Lagos (Tin Can Island), Nigeria". */
export function portLabel(port: Pick<Port, 'name' | 'country'>): string {
  return `${port.name}, ${port.country}`;
}
