// The visitor's chosen destination port, remembered in a small cookie the server reads, so every
// page (the car page's estimate, the explore cards' "to <port>" prices) renders it without
// JavaScript. The cookie holds only a port id and a shipping method ("12.roro"); it names no person.
import { isSecureRequest } from '~/lib/auth/session.server';
import type { Port } from '~/lib/wordpress/types';
import { isShippingMethod, type ShippingMethod } from './landed-price';
import { UNLISTED_PORT } from './unlisted-port';

export const SHIP_TO_COOKIE = 'ship_to';
/** Half a year: long enough to cover a buyer's search, short enough to forget a one-off look. */
const MAX_AGE_SECONDS = 180 * 24 * 60 * 60;

export type ShipTo = { portId: number; method: ShippingMethod };

/**
 * What the request asks for:
 * - `none`: no ?port= in the URL (the cookie, if any, decides);
 * - `missing`: ?port= empty (Show price pressed before a port was chosen);
 * - `unlisted`: ?port=other (the visitor's port is not in the list: they ask for a quote);
 * - `set`: a well-formed port id and method (still to be checked against the ports list);
 * - `invalid`: anything else, with the sentence to show.
 */
export type ShipToRequest =
  | { kind: 'none' }
  | { kind: 'missing'; message: string }
  | { kind: 'unlisted' }
  | { kind: 'set'; choice: ShipTo }
  | { kind: 'invalid'; message: string };

export const CHOOSE_PORT_MESSAGE = 'Please choose your destination port, then press Show price.';
export const UNKNOWN_PORT_MESSAGE = 'That destination port is not in our list. Please choose one from the list.';
const BAD_SHIPPING_MESSAGE = 'Please choose RoRo or container shipping.';

function parseId(raw: string): number | null {
  if (!/^\d{1,15}$/.test(raw)) return null;
  const id = Number(raw);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

export function shipToFromQuery(sp: URLSearchParams): ShipToRequest {
  const port = sp.get('port');
  if (port === null) return { kind: 'none' };
  const raw = port.trim();
  if (raw === '') return { kind: 'missing', message: CHOOSE_PORT_MESSAGE };
  if (raw === UNLISTED_PORT) return { kind: 'unlisted' };
  const portId = parseId(raw);
  if (portId === null) return { kind: 'invalid', message: UNKNOWN_PORT_MESSAGE };
  const shipping = (sp.get('shipping') ?? 'roro').trim() || 'roro';
  if (!isShippingMethod(shipping)) return { kind: 'invalid', message: BAD_SHIPPING_MESSAGE };
  return { kind: 'set', choice: { portId, method: shipping } };
}

/** The remembered choice; a malformed cookie reads as none. */
export function shipToFromCookie(request: Request): ShipTo | null {
  const header = request.headers.get('cookie') ?? '';
  for (const part of header.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name !== SHIP_TO_COOKIE) continue;
    const match = /^(\d{1,15})\.(roro|container)$/.exec(rest.join('=').trim());
    const portId = match ? parseId(match[1]!) : null;
    return match && portId !== null && isShippingMethod(match[2]) ? { portId, method: match[2] } : null;
  }
  return null;
}

export function hasShipToCookie(request: Request): boolean {
  return shipToFromCookie(request) !== null;
}

export function shipToCookie(request: Request, choice: ShipTo | null): string {
  const secure = isSecureRequest(request) ? '; Secure' : '';
  const value = choice ? `${choice.portId}.${choice.method}` : '';
  const age = choice ? MAX_AGE_SECONDS : 0;
  return `${SHIP_TO_COOKIE}=${value}; Path=/; Max-Age=${age}; HttpOnly; SameSite=Lax${secure}`;
}

/** The chosen port itself, when it is still one of the published ports. */
export function findPort(ports: readonly Port[], choice: ShipTo | null): Port | null {
  return choice ? (ports.find((p) => p.id === choice.portId) ?? null) : null;
}
