// Dates as the content pages show them. Always formatted in UTC, so the server's HTML and the
// browser's hydration agree whatever time zone either runs in. Written by hand rather than with Intl,
// whose first use loads the browser's locale data on the main thread while the page hydrates; the
// output is Intl's en-US.

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** "Aug 12, 2025" (month: 'short') or "August 12, 2025" (month: 'long'), read in UTC. */
export function utcDate(date: Date, month: 'short' | 'long'): string {
  const name = MONTHS[date.getUTCMonth()]!;
  return `${month === 'short' ? name.slice(0, 3) : name} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
}

/** "2025-08-12T09:00:00Z" → "Aug 12, 2025" (the news article is dated "Aug 12, 2025"). */
export function formatPostDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return utcDate(date, 'short');
}

/** A date as "November 22, 2026" (the legal pages' "Last Updated" line). */
export function formatLongDate(date: Date): string {
  return utcDate(date, 'long');
}

/** "2025-08-12T09:00:00Z" → "2025-08-12", for <time dateTime> and the sitemap. */
export function isoDay(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : date.toISOString().slice(0, 10);
}
