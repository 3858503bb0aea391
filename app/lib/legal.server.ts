// What every legal page's loader returns: today's date for the "Last Updated" line (the
// current date, rendered on the server so it is in the HTML) and the e-mail address
// for questions, from the WordPress settings with a fallback so the page never fails.
import { formatLongDate, isoDay } from '~/components/content/format';
import { getWordPress } from './wordpress/client.server';

/** Shown when WordPress cannot say which address to use. */
export const FALLBACK_CONTACT_EMAIL = 'sales@carexport.example';

export type LegalPageData = { lastUpdated: string; lastUpdatedIso: string; email: string };

export async function legalPageData(now: Date = new Date()): Promise<LegalPageData> {
  let email = FALLBACK_CONTACT_EMAIL;
  try {
    email = (await getWordPress().siteSettings()).email.trim() || FALLBACK_CONTACT_EMAIL;
  } catch (error) {
    console.error('Legal page: settings could not be loaded:', error instanceof Error ? error.message : error);
  }
  return { lastUpdated: formatLongDate(now), lastUpdatedIso: isoDay(now.toISOString()), email };
}
