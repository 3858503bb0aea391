// The car page's contact links: WhatsApp with a prefilled message naming the car,
// its price and the page, and a telephone link. Pure, so the exact text is unit-tested.

import { compactPhone, phoneDigits } from '~/lib/phone';

export type CarForMessage = { title: string; price: string };

/** The prefilled WhatsApp text: the car's title, its price and the page's address. */
export function whatsAppMessage(car: CarForMessage, pageUrl: string): string {
  return `Hello! I'm interested in the ${car.title} (${car.price}). Is it still available? ${pageUrl}`;
}


/** https://wa.me/<digits>?text=<message>, or null when no WhatsApp number is set. */
export function whatsAppHref(number: string | null | undefined, message: string): string | null {
  const digits = phoneDigits(number);
  if (digits.length < 5) return null;
  return `https://wa.me/${digits}?text=${encodeURIComponent(message)}`;
}

/** tel:+862258660188 (a leading "+" kept, separators dropped), or null when no phone is set. */
export function telHref(number: string | null | undefined): string | null {
  if (phoneDigits(number).length < 5) return null;
  return `tel:${compactPhone(number)}`;
}
