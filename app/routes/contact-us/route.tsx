import {
  useActionData,
  useLoaderData,
  useNavigation,
  type ClientActionFunctionArgs,
  type ShouldRevalidateFunction,
} from '@remix-run/react';
import { ContactDetails } from '~/routes/contact-us/ContactDetails';
import { ContactForm } from '~/routes/contact-us/ContactForm';
import { PageHero } from '~/components/content/PageHero';
import { CONTACT_MESSAGES, contactValues, type ContactActionResult } from '~/forms/contact';
import { staticPageMeta } from '~/lib/seo/meta';
import { isNetworkErrorResult } from '~/lib/page/network-error';
import { pageHeaders } from '~/lib/http/cache-headers.server';
// The loader and action in one server module, by its full path: a route's *.server modules are empty
// modules in the browser build, and one path shared by several routes would be a chunk of its own.
import { action, loader } from '~/routes/contact-us/page.server';

export { action, loader };

export const headers = pageHeaders;

export const meta = staticPageMeta({
  title: 'Contact Us',
  description: 'Talk to our export team about buying cars from China: send a message, or reach us by phone, WhatsApp, WeChat or e-mail.',
  path: '/contact-us',
});

/**
 * With JavaScript the post runs through here: when the request itself fails (offline, connection
 * dropped) the visitor gets "Network error. Please check your connection and try again." and keeps what they typed, instead of an
 * error page. Without JavaScript the browser posts to `action` directly.
 */
export async function clientAction({ request, serverAction }: ClientActionFunctionArgs): Promise<ContactActionResult> {
  const values = contactValues(await request.clone().formData());
  try {
    return await serverAction<typeof action>();
  } catch (error) {
    const network = error instanceof TypeError;
    return { ok: false, error: network ? CONTACT_MESSAGES.network : CONTACT_MESSAGES.failed, values, networkError: true };
  }
}

/** A post that never reached the server changed nothing, and reloading would fail the same way. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionResult, defaultShouldRevalidate }) =>
  isNetworkErrorResult(actionResult) ? false : defaultShouldRevalidate;

export default function ContactPage() {
  const { settings, form } = useLoaderData<typeof loader>();
  const result = useActionData<typeof clientAction>();
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting' && navigation.formAction?.startsWith('/contact-us') === true;

  return (
    <>
      <PageHero
        size="banner"
        eyebrow="We are here to help"
        title="Contact Us"
        subtitle="Questions about a car, shipping or payment? Our export team answers within one business day."
      />
      <div className="container-page grid gap-8 py-12 md:py-16 lg:grid-cols-[1.5fr_1fr] lg:items-start lg:gap-12">
        <ContactForm result={result} busy={busy} stamp={form} />
        <div className="space-y-6">
          <ContactDetails settings={settings} />
          <aside className="rounded-2xl border border-brand-100 bg-brand-50/60 p-6 text-sm text-slate-600" aria-label="Office hours">
            <p className="font-semibold text-brand-900">Office hours</p>
            <p className="mt-1">Monday to Saturday, 9:00–18:00 China Standard Time (UTC+8).</p>
            <p className="mt-3">Messages sent outside office hours are answered the next business day.</p>
          </aside>
        </div>
      </div>
    </>
  );
}
