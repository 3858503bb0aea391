import type { ExploreView } from './ViewToggle';

// Placeholders while another query's results load. Never in the server's HTML (a page is rendered
// with its results), so they come with the parts that hydrate later and cost the first load nothing;
// that chunk has long arrived by the time a visitor changes the query.

/** Six placeholders while results load. */
export const SKELETON_COUNT = 6;

export function ResultSkeletons({ view, listClass }: { view: ExploreView; listClass: string }) {
  return (
    <ul className={listClass} aria-hidden="true" data-testid="result-skeletons">
      {Array.from({ length: SKELETON_COUNT }, (_, i) => (
        <li
          key={i}
          data-testid="car-skeleton"
          className={`animate-pulse overflow-hidden rounded-2xl border border-slate-200 bg-white motion-reduce:animate-none ${
            view === 'list' ? 'flex flex-col sm:flex-row' : ''
          }`}
        >
          <div className={`bg-slate-200 ${view === 'list' ? 'aspect-[8/5] sm:aspect-auto sm:h-48 sm:w-72 md:w-80' : 'aspect-[8/5]'}`} />
          <div className="flex-1 space-y-3 p-5">
            <div className="h-5 w-3/4 rounded bg-slate-200" />
            <div className="h-4 w-1/2 rounded bg-slate-100" />
            <div className="flex gap-2">
              <div className="h-6 w-16 rounded-full bg-slate-100" />
              <div className="h-6 w-14 rounded-full bg-slate-100" />
            </div>
            <div className="h-6 w-1/3 rounded bg-slate-200" />
            <div className="h-10 rounded-lg bg-slate-100" />
          </div>
        </li>
      ))}
    </ul>
  );
}
