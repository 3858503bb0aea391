// The car page's "Price to your port" state: which port and shipping method the visitor chose (the
// GET form's ?port=&shipping=, else the remembered cookie), the estimate for this car, the cookie
// to set and whether the request was refused. A refused choice (no port, an unknown port, a bad
// method) is a 400 with a message and changes nothing: the remembered port stays as it was.
import { landedPrice, portLabel, type LandedPrice, type ShippingMethod } from '~/lib/shipping/landed-price';
import { routeWords } from '~/lib/shipping/shipping-labels';
import {
  findPort,
  shipToCookie,
  shipToFromCookie,
  shipToFromQuery,
  UNKNOWN_PORT_MESSAGE,
  type ShipTo,
} from '~/lib/shipping/ship-to.server';
import type { Port } from '~/lib/wordpress/types';

export type PortEstimate = {
  ports: Port[];
  /** The port whose estimate is shown, if any. */
  port: Port | null;
  method: ShippingMethod;
  /** null for a car without a price (Contact for Price) or when no port is chosen. */
  estimate: LandedPrice | null;
  /** The refusal's sentence, shown above the form. */
  error: string | null;
  /** "My port is not listed": no estimate; the inquiry starts as a request for a quote. */
  unlisted: boolean;
  /** The chosen port and method as the inquiry names them ("Almaty …, Kazakhstan, Truck (car carrier)"). */
  inquiryLabel: string | null;
};

export type PortEstimateResult = { model: PortEstimate; setCookie: string | null; status: 200 | 400; personal: boolean };

export function portEstimate(request: Request, ports: Port[], fob: number | null): PortEstimateResult {
  const asked = shipToFromQuery(new URL(request.url).searchParams);
  const remembered = shipToFromCookie(request);
  let choice: ShipTo | null = findPort(ports, remembered) ? remembered : null;
  let setCookie: string | null = null;
  let error: string | null = null;

  if (asked.kind === 'invalid') {
    error = asked.message;
  } else if (asked.kind === 'missing') {
    // The form shows no port chosen, as sent, so the sentence asking for one matches what is on
    // screen; the cookie keeps the remembered port for the next car.
    error = asked.message;
    choice = null;
  } else if (asked.kind === 'set') {
    if (findPort(ports, asked.choice)) {
      choice = asked.choice;
      setCookie = shipToCookie(request, choice);
    } else {
      error = UNKNOWN_PORT_MESSAGE;
    }
  } else if (asked.kind === 'unlisted') {
    // A port outside the list forgets the remembered one too: its prices would be for somewhere else.
    choice = null;
    if (remembered) setCookie = shipToCookie(request, null);
  }

  const port = findPort(ports, choice);
  const method = choice?.method ?? 'roro';
  return {
    model: {
      ports,
      port,
      method,
      estimate: port ? landedPrice(fob, port, method) : null,
      error,
      unlisted: asked.kind === 'unlisted',
      inquiryLabel: port ? `${portLabel(port)}, ${routeWords(port).method[method]}` : null,
    },
    setCookie,
    status: error ? 400 : 200,
    // A page that shows a visitor's own choice is never shared by a cache.
    personal: asked.kind !== 'none' || remembered !== null,
  };
}
