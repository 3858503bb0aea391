import type { MouseEvent } from 'react';
import { carClickParams, track } from '~/lib/analytics/analytics';
import { telHref, whatsAppHref, whatsAppMessage } from './contact-links';
import { MessageIcon, PhoneIcon, WhatsAppIcon } from '~/components/car-detail/icons';

type ContactButtonsProps = {
  car: { id: number; title: string; price: string };
  /** The page's absolute address, quoted in the WhatsApp message. */
  pageUrl: string;
  whatsapp: string;
  phone: string;
  /** id of the inquiry form's section, the target of Send Message. */
  formId: string;
};

const base =
  'inline-flex min-h-[3rem] items-center justify-center gap-2 rounded-xl px-3 py-3 text-center text-sm font-semibold transition-colors sm:px-4 sm:text-base';

/**
 * Chat on WhatsApp (a new window with the prefilled message), Call Now (tel:) and Send Message (to
 * the inquiry form). Real links, so all three work without JavaScript; with it, the two calls are
 * tracked and Send Message scrolls smoothly and puts the cursor in the first field.
 */
export function ContactButtons({ car, pageUrl, whatsapp, phone, formId }: ContactButtonsProps) {
  const waHref = whatsAppHref(whatsapp, whatsAppMessage(car, pageUrl));
  const phoneHref = telHref(phone);

  function toForm(event: MouseEvent<HTMLAnchorElement>) {
    const section = document.getElementById(formId);
    if (!section) return;
    event.preventDefault();
    const reduceMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    section.scrollIntoView({ behavior: reduceMotion ? 'auto' : 'smooth', block: 'start' });
    // Focus without a second, instant jump; the smooth scroll above brings the field into view.
    section.querySelector<HTMLElement>('input:not([type="hidden"]), textarea')?.focus({ preventScroll: true });
  }

  return (
    <div className="grid grid-cols-2 gap-3 sm:grid-cols-3" data-testid="contact-buttons">
      {waHref ? (
        <a
          href={waHref}
          target="_blank"
          rel="noopener noreferrer"
          onClick={() => track('whatsapp_click', carClickParams(car))}
          className={`${base} col-span-2 bg-[#1a7f4b] sm:col-span-1 text-white hover:bg-[#156a3e]`}
        >
          <WhatsAppIcon className="h-5 w-5" />
          Chat on WhatsApp
          <span className="sr-only"> (opens in a new window)</span>
        </a>
      ) : null}
      {phoneHref ? (
        <a
          href={phoneHref}
          onClick={() => track('phone_click', carClickParams(car))}
          className={`${base} bg-brand-700 text-white hover:bg-brand-800`}
        >
          <PhoneIcon className="h-5 w-5" />
          Call Now
        </a>
      ) : null}
      <a
        href={`#${formId}`}
        onClick={toForm}
        className={`${base} border border-brand-200 bg-white text-brand-800 hover:border-brand-300 hover:bg-brand-50`}
      >
        <MessageIcon className="h-5 w-5" />
        Send Message
      </a>
    </div>
  );
}
