import type { ReactNode } from 'react';
import { compactPhone, phoneDigits } from '~/lib/leads/phone';
import type { SiteSettings } from '~/lib/wordpress/types';
import { MailIcon, PhoneIcon, PinIcon, WeChatIcon, WhatsAppIcon } from '~/components/content/icons';
import { WeChatModal } from './WeChatModal';

/** "+86 139 2050 8816" → "https://wa.me/8613920508816" (wa.me wants the digits only). */
export function whatsappUrl(number: string): string | null {
  const digits = phoneDigits(number);
  return digits ? `https://wa.me/${digits}` : null;
}

function Row({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <li className="flex gap-4">
      <span className="flex h-11 w-11 flex-none items-center justify-center rounded-xl bg-brand-50 text-brand-700">{icon}</span>
      <div className="min-w-0">
        <p className="text-xs font-semibold uppercase tracking-wider text-slate-500">{label}</p>
        <div className="mt-0.5 break-words text-base text-slate-900">{children}</div>
      </div>
    </li>
  );
}

const linkClass = 'font-medium text-brand-700 underline-offset-4 hover:text-brand-900 hover:underline';

/**
 * Address, phone, WhatsApp, e-mail and WeChat from the WordPress settings. Without them (WordPress
 * did not answer) a short note replaces the list and the form beside it still works.
 */
export function ContactDetails({ settings }: { settings: SiteSettings | null }) {
  const wa = settings ? whatsappUrl(settings.whatsapp) : null;
  const tel = settings ? compactPhone(settings.phone) : '';
  return (
    <section aria-labelledby="contact-details-title" className="rounded-2xl bg-slate-50 p-6 sm:p-8">
      <h2 id="contact-details-title" className="text-2xl font-bold text-brand-950">
        Contact Details
      </h2>
      <p className="mt-1 text-sm text-slate-500">Our export team speaks English and Chinese.</p>
      {settings ? (
        <ul className="mt-6 space-y-6">
          {settings.address ? (
            <Row icon={<PinIcon />} label="Office address">
              <address className="not-italic">{settings.address}</address>
            </Row>
          ) : null}
          {tel ? (
            <Row icon={<PhoneIcon />} label="Phone">
              <a href={`tel:${tel}`} className={linkClass}>
                {settings.phone}
              </a>
            </Row>
          ) : null}
          {wa ? (
            <Row icon={<WhatsAppIcon />} label="WhatsApp">
              <a href={wa} target="_blank" rel="noopener noreferrer" className={linkClass}>
                {settings.whatsapp}
                <span className="sr-only"> (opens WhatsApp in a new window)</span>
              </a>
            </Row>
          ) : null}
          {settings.email ? (
            <Row icon={<MailIcon />} label="Email">
              <a href={`mailto:${settings.email}`} className={linkClass}>
                {settings.email}
              </a>
            </Row>
          ) : null}
          {settings.wechatQr ? (
            <Row icon={<WeChatIcon />} label="WeChat">
              <WeChatModal qrUrl={settings.wechatQr} className={linkClass}>
                Show our WeChat QR code
              </WeChatModal>
            </Row>
          ) : null}
        </ul>
      ) : (
        <p className="mt-6 rounded-lg border border-slate-200 bg-white px-4 py-3 text-sm text-slate-600">
          Contact details are unavailable right now. Please use the form and we will get back to you.
        </p>
      )}
    </section>
  );
}
