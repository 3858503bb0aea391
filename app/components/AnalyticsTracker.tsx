import { useLocation } from '@remix-run/react';
import { useEffect, useRef } from 'react';
import { newScrollMarks, scrollPercent, timeOnPageSeconds, track } from '~/lib/analytics/analytics';

/**
 * After a route change the page is still scrolling (smoothly to the top, or back to a list's saved
 * position); scroll events in that window belong to the previous page's offset, not to the visitor.
 */
const SCROLL_SETTLE_MS = 1000;

type PageVisit = { path: string; startedAt: number; marks: Set<number> };

/**
 * Page-level analytics, rendered once in root: a page_view on every route
 * change, time_on_page for the page being left (route change or pagehide) when over 10 s, and
 * scroll_depth at 25/50/75/90 % once each per page. Renders nothing.
 */
export function AnalyticsTracker() {
  const location = useLocation();
  const pagePath = `${location.pathname}${location.search}`;
  const visit = useRef<PageVisit | null>(null);

  useEffect(() => {
    const left = visit.current;
    if (left) reportTime(left, Date.now());
    visit.current = { path: pagePath, startedAt: Date.now(), marks: new Set() };
    // Remix has already written the new <title> in this commit.
    track('page_view', { page_path: pagePath, page_title: document.title });
  }, [pagePath]);

  useEffect(() => {
    let frame = 0;
    const measure = () => {
      frame = 0;
      const current = visit.current;
      if (!current || Date.now() - current.startedAt < SCROLL_SETTLE_MS) return;
      const root = document.documentElement;
      const percent = scrollPercent(window.scrollY, window.innerHeight, root.scrollHeight);
      for (const mark of newScrollMarks(percent, current.marks)) {
        current.marks.add(mark);
        track('scroll_depth', { percent: mark, page_path: current.path });
      }
    };
    // One measurement per frame however many scroll events the browser fires.
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(measure);
    };
    const onPageHide = () => {
      const current = visit.current;
      if (!current) return;
      reportTime(current, Date.now());
      // If the page comes back from the back/forward cache, only the time after that counts.
      current.startedAt = Date.now();
    };

    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('pagehide', onPageHide);
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('pagehide', onPageHide);
      if (frame) cancelAnimationFrame(frame);
    };
  }, []);

  return null;
}

function reportTime(page: PageVisit, now: number) {
  const seconds = timeOnPageSeconds(page.startedAt, now);
  if (seconds !== null) track('time_on_page', { seconds, page_path: page.path });
}
