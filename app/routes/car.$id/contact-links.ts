// The car page's contact links: WhatsApp with a prefilled message naming the car,
// its price and the page, and a telephone link. Pure, so the exact text is unit-tested.

import { compactPhone, phoneDigits } from '~/lib/leads/phone';

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

/** The text a shared car page carries: title, price and the address. */
export function shareText(car: CarForMessage, pageUrl: string): string {
  return `${car.title} (${car.price}) ${pageUrl}`;
}

/** https://wa.me/?text=…: WhatsApp lets the visitor pick whom to send the car to. */
export function whatsAppShareHref(car: CarForMessage, pageUrl: string): string {
  return `https://wa.me/?text=${encodeURIComponent(shareText(car, pageUrl))}`;
}

/** mailto: with the car as subject and the address in the body (encoded, as RFC 6068 asks). */
export function emailShareHref(car: CarForMessage, pageUrl: string): string {
  const subject = encodeURIComponent(`${car.title} – ${car.price}`);
  const body = encodeURIComponent(`I found this car and thought of you:\n\n${car.title} (${car.price})\n${pageUrl}`);
  return `mailto:?subject=${subject}&body=${body}`;
}
