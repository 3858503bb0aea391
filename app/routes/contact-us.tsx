import {
  json,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from '@remix-run/node';
import {
  useActionData,
  useLoaderData,
  useNavigation,
  type ClientActionFunctionArgs,
} from '@remix-run/react';
import { ContactDetails } from '~/components/content/ContactDetails';
import { ContactForm } from '~/components/content/ContactForm';
import { PageHero } from '~/components/content/PageHero';
import { CONTACT_MESSAGES, contactValues, type ContactActionResult } from '~/lib/contact';
import { parseContact } from '~/lib/contact.server';
import { pageMeta } from '~/lib/meta';
import { visitorContext } from '~/lib/session.server';
import { getWordPress, WordPressError } from '~/lib/wordpress/client.server';
import type { SiteSettings } from '~/lib/wordpress/types';

export const meta: MetaFunction = ({ matches }) =>
  pageMeta({
    title: 'Contact Us',
    description:
      'Talk to our export team about buying cars from China: send a message, or reach us by phone, WhatsApp, WeChat or e-mail.',
    path: '/contact-us',
    matches,
  });

export async function loader(_args: LoaderFunctionArgs) {
  let settings: SiteSettings | null = null;
  try {
    settings = await getWordPress().siteSettings();
  } catch (error) {
    // The details are a convenience; the form must stay usable when WordPress cannot answer.
    console.error('Contact: settings could not be loaded:', error instanceof Error ? error.message : error);
  }
  return json({ settings });
}

const NO_STORE = { 'Cache-Control': 'private, no-store' };

/**
 * WordPress's own sentence for a refusal it explains (400 bad field, 429 too many messages); the
 * spec's fallback for anything else (unreachable, time-out, 5xx), never an internal detail.
 */
function failureMessage(error: WordPressError): string {
  const message = error.message.trim();
  if (error.status >= 400 && error.status < 500 && message && !message.startsWith('HTTP error!')) return message;
  return CONTACT_MESSAGES.failed;
}

export async function action({ request }: ActionFunctionArgs) {
  const values = contactValues(await request.formData());
  const parsed = parseContact(values);
  if (!parsed.ok) return json<ContactActionResult>({ ok: false, error: parsed.error, values }, { status: 400, headers: NO_STORE });
  try {
    const result = await getWordPress().sendContact(parsed.data, visitorContext(request));
    if (!result.success) {
      return json<ContactActionResult>({ ok: false, error: result.message || CONTACT_MESSAGES.failed, values }, { status: 502, headers: NO_STORE });
    }
    return json<ContactActionResult>({ ok: true, message: result.message || CONTACT_MESSAGES.success }, { headers: NO_STORE });
  } catch (error) {
    if (!(error instanceof WordPressError)) throw error;
    if (error.status === 0 || error.status >= 500) console.error('Contact: WordPress unavailable:', error.status, error.message);
    const status = error.status >= 400 && error.status < 500 ? error.status : 502;
    return json<ContactActionResult>({ ok: false, error: failureMessage(error), values }, { status, headers: NO_STORE });
  }
}

/**
 * With JavaScript the post runs through here: when the request itself fails (offline, connection
 * dropped) the visitor gets the spec's network message and keeps what they typed, instead of an
 * error page. Without JavaScript the browser posts to `action` directly.
 */
export async function clientAction({ request, serverAction }: ClientActionFunctionArgs): Promise<ContactActionResult> {
  const values = contactValues(await request.clone().formData());
  try {
    return await serverAction<typeof action>();
  } catch (error) {
    const network = error instanceof TypeError;
    return { ok: false, error: network ? CONTACT_MESSAGES.network : CONTACT_MESSAGES.failed, values };
  }
}

export default function ContactPage() {
  const { settings } = useLoaderData<typeof loader>();
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
        <ContactForm result={result} busy={busy} />
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
