// What the estimate's two freight figures are called for a port. A port reached by sea ships by
// RoRo or in a container; one reached overland (Almaty, through the Khorgos crossing) takes the
// same two figures by car-carrier truck and by rail container, never by ship: calling them RoRo,
// "sailing time" or CIF there would describe a voyage that does not happen. Apart from
// landed-price.ts so Explore's first load, which only needs the arithmetic, does not carry it.
import type { Port } from '~/lib/wordpress/types';
import type { ShippingMethod } from './landed-price';

type RouteWords = {
  /** The method as the form offers it. */
  method: Record<ShippingMethod, string>;
  /** The method in the breakdown's "Freight, … to <port>" line. */
  short: Record<ShippingMethod, string>;
  insurance: string;
  transit: string;
  /** The Incoterm of the total: CIF is a sea term; its overland counterpart is CIP. */
  term: string;
};

const WORDS: Record<Port['route'], RouteWords> = {
  sea: {
    method: { roro: 'RoRo (roll-on/roll-off)', container: 'Container' },
    short: { roro: 'RoRo', container: 'Container' },
    insurance: 'Marine insurance',
    transit: 'Typical sailing time',
    term: 'CIF',
  },
  overland: {
    method: { roro: 'Truck (car carrier)', container: 'Rail container' },
    short: { roro: 'Truck', container: 'Rail container' },
    insurance: 'Transit insurance',
    transit: 'Typical transit time by road or rail',
    term: 'CIP',
  },
};

/** The words for a port's route; before any port is chosen, the sea's (most ports are seaports). */
export function routeWords(port: Pick<Port, 'route'> | null | undefined): RouteWords {
  return WORDS[port?.route ?? 'sea'];
}
