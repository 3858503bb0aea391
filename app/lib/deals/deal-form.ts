// The car page's "Request a quote" / "Buy Now" form: its field names and the choices a guest's
// sign-in carries back to the car (as query parameters of the car's address). Browser-safe.

export const DEAL_FORM_ID = 'deal';
export const QUOTE_INTENT = 'deal-quote';
export const BUY_NOW_INTENT = 'deal-buy';

export type DealFormValues = {
  portId: string;
  country: string;
  tradeTerm: string;
  shipping: string;
  inspection: boolean;
  message: string;
};

export type DealFormAnswer = { dealError: string; values: DealFormValues };

const text = (v: unknown, max: number) => (typeof v === 'string' ? v.slice(0, max) : '');

/** What was chosen, from a posted form or from the car address a guest came back to. */
export function dealFormValues(get: (name: string) => unknown): DealFormValues {
  return {
    portId: text(get('portId'), 12),
    country: text(get('country'), 80),
    tradeTerm: text(get('tradeTerm'), 3),
    shipping: text(get('shipping'), 10),
    inspection: get('inspection') === '1' || get('inspection') === 'on',
    message: text(get('message'), 2000),
  };
}

/** The car's address with the choices, for a guest to come back to after signing in. */
export function carAddressWithChoices(carId: number, values: DealFormValues): string {
  const q = new URLSearchParams({ deal: '1' });
  for (const key of ['portId', 'country', 'tradeTerm', 'shipping', 'message'] as const) if (values[key]) q.set(key, values[key]);
  if (values.inspection) q.set('inspection', '1');
  return `/car/${carId}?${q}#${DEAL_FORM_ID}`;
}
