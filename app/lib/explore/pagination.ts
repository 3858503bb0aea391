// The explore pagination: Last Page (the previous page), at most 7 numbered buttons whose window
// shifts near the start and the end, Next Page.

export const MAX_PAGE_BUTTONS = 7;

/**
 * The page numbers to show as buttons: every page when there are at most `max`, else a window of
 * `max` pages with the current one in the middle, pinned to the first or last pages near the ends.
 *   pageWindow(1, 20)  → 1…7     pageWindow(10, 20) → 7…13     pageWindow(20, 20) → 14…20
 */
export function pageWindow(current: number, totalPages: number, max: number = MAX_PAGE_BUTTONS): number[] {
  const total = Math.max(0, Math.trunc(totalPages));
  // Stryker disable next-line all: without it a window of no pages (or fewer) is still empty, as Array.from makes none; it only says so early
  if (total === 0 || max < 1) return [];
  const page = Math.min(Math.max(1, Math.trunc(current) || 1), total);
  const size = Math.min(max, total);
  const start = Math.min(Math.max(1, page - Math.floor((size - 1) / 2)), total - size + 1);
  return Array.from({ length: size }, (_, i) => start + i);
}

export type PaginationModel = {
  pages: number[];
  current: number;
  /** The page "Last Page" (previous) goes to, or null on the first page. */
  previous: number | null;
  /** The page "Next Page" goes to, or null on the last page. */
  next: number | null;
};

export function paginationModel(current: number, totalPages: number): PaginationModel {
  const total = Math.max(0, Math.trunc(totalPages));
  const page = Math.min(Math.max(1, Math.trunc(current) || 1), Math.max(total, 1));
  return {
    pages: pageWindow(page, total),
    current: page,
    previous: page > 1 ? page - 1 : null,
    next: page < total ? page + 1 : null,
  };
}

/**
 * The page a request past the end is sent to: the last page that has cars (page 1 when none match),
 * or null when the requested page exists. A link to page 7 of 6 (the catalogue shrank, or a hand-typed
 * address) redirects there rather than rendering "No Cars Found" under a count of matches.
 */
export function pageBeyondEnd(requested: number, totalPages: number): number | null {
  const last = Math.max(1, Math.trunc(totalPages));
  return requested > last ? last : null;
}
