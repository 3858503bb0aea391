// What every legal page's loader returns: today's date for the "Last Updated" line (the
// current date, rendered on the server so it is in the HTML) and the e-mail address
// for questions, from the WordPress settings with a fallback so the page never fails.
import { json, type AppLoadContext, type LoaderFunctionArgs } from '@remix-run/node';
import { formatLongDate, isoDay } from '~/components/content/format';
import { optionalSiteSettings } from '~/lib/server/load-context.server';

/** Shown when WordPress cannot say which address to use. */
export const FALLBACK_CONTACT_EMAIL = 'sales@carexport.example';

export type LegalPageData = { lastUpdated: string; lastUpdatedIso: string; email: string };

export async function legalPageData(context: AppLoadContext | undefined, now: Date = new Date()): Promise<LegalPageData> {
  const settings = await optionalSiteSettings(context, 'Legal page');
  const email = settings?.email.trim() || FALLBACK_CONTACT_EMAIL;
  return { lastUpdated: formatLongDate(now), lastUpdatedIso: isoDay(now.toISOString()), email };
}

/** The loader of every legal page. */
export async function legalPageLoader({ context }: LoaderFunctionArgs) {
  return json(await legalPageData(context));
}
