// The analytics adapter. Events are pushed to `window.dataLayer`, the queue a
// tag manager reads when the business adds one; no third-party script is bundled or loaded here, so
// the site stays fast and nothing leaves the browser until staff choose a tool.
//
//   track('whatsapp_click', { car_id: 12, car_title: '2024 BYD Seal', value: 38900, currency: 'USD' });

export const SCROLL_MARKS = [25, 50, 75, 90] as const;
export type ScrollMark = (typeof SCROLL_MARKS)[number];

/** Time on page is reported only when the visitor stayed longer than this. */
export const TIME_ON_PAGE_MIN_MS = 10_000;

export const CURRENCY = 'USD';

export type CarClickParams = { car_id: number; car_title: string; value: number; currency: typeof CURRENCY };

/** The events the site sends and their parameters. */
export type AnalyticsEvents = {
  page_view: { page_path: string; page_title: string };
  time_on_page: { seconds: number; page_path: string };
  scroll_depth: { percent: ScrollMark; page_path: string };
  whatsapp_click: CarClickParams;
  phone_click: CarClickParams;
};

export type DataLayerEntry = { event: string } & Record<string, unknown>;

declare global {
  interface Window {
    dataLayer?: DataLayerEntry[];
  }
}

type ParamsOf<E extends string> = E extends keyof AnalyticsEvents ? AnalyticsEvents[E] : Record<string, unknown>;

/** Pushes `{event, ...params}` to window.dataLayer (created when missing). A no-op on the server. */
export function track<E extends string>(event: E, params: ParamsOf<E>): void {
  if (typeof window === 'undefined') return;
  try {
    window.dataLayer = window.dataLayer ?? [];
    window.dataLayer.push({ ...params, event });
  } catch {
    // Analytics must never break a click or a navigation.
  }
}

/**
 * A price's display text as a number of dollars: "$45,000" → 45000, "$38,900.50" → 38900.5;
 * "Contact for Price" (or anything without digits) → 0.
 */
export function parsePrice(text: string | null | undefined): number {
  if (!text) return 0;
  const match = /\d[\d,]*(?:\.\d+)?/.exec(text);
  if (!match) return 0;
  const value = Number(match[0].replace(/,/g, ''));
  return Number.isFinite(value) ? value : 0;
}

/** The parameters of a WhatsApp or phone click on a car page. */
export function carClickParams(car: { id: number; title: string; price: string }): CarClickParams {
  return { car_id: car.id, car_title: car.title, value: parsePrice(car.price), currency: CURRENCY };
}

/** How far down the page the visitor has seen, 0–100 (the bottom edge of the viewport). */
export function scrollPercent(scrollTop: number, viewportHeight: number, documentHeight: number): number {
  if (documentHeight <= 0) return 0;
  const seen = Math.max(0, scrollTop) + Math.max(0, viewportHeight);
  return Math.min(100, Math.max(0, (seen / documentHeight) * 100));
}

/** The marks reached at `percent` that were not sent yet for this page, in increasing order. */
export function newScrollMarks(percent: number, sent: ReadonlySet<number>): ScrollMark[] {
  return SCROLL_MARKS.filter((mark) => percent >= mark && !sent.has(mark));
}

/** Whole seconds on the page, or null when the stay is too short to report (≤ 10 s). */
export function timeOnPageSeconds(startedAt: number, now: number): number | null {
  const elapsed = now - startedAt;
  if (!(elapsed > TIME_ON_PAGE_MIN_MS)) return null;
  return Math.round(elapsed / 1000);
}
