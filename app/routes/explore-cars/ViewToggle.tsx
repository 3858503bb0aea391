import { useEffect, useState } from 'react';
import { solidIcon } from '~/components/ui/StrokeIcon';

export type ExploreView = 'grid' | 'list';

/** The visitor's choice of grid or list, kept in this browser (not part of the shared query). */
const VIEW_KEY = 'explore-view';

function readView(): ExploreView {
  try {
    return window.localStorage.getItem(VIEW_KEY) === 'list' ? 'list' : 'grid';
  } catch {
    return 'grid';
  }
}

/** Grid on the server and at first render (so hydration matches), then the stored choice. */
export function useExploreView(): [ExploreView, (view: ExploreView) => void] {
  const [view, setView] = useState<ExploreView>('grid');
  useEffect(() => setView(readView()), []);
  const choose = (next: ExploreView) => {
    setView(next);
    try {
      window.localStorage.setItem(VIEW_KEY, next);
    } catch {
      // Private mode or storage full: the choice lasts for this page only.
    }
  };
  return [view, choose];
}

const VIEWS = [
  { option: 'grid', label: 'Grid view', Icon: solidIcon('M3 3h6v6H3V3Zm8 0h6v6h-6V3ZM3 11h6v6H3v-6Zm8 0h6v6h-6v-6Z') },
  {
    option: 'list',
    label: 'List view',
    Icon: solidIcon('M3 4h3v3H3V4Zm5 .5h9v2H8v-2ZM3 8.5h3v3H3v-3Zm5 .5h9v2H8V9Zm-5 4h3v3H3v-3Zm5 .5h9v2H8v-2Z'),
  },
] as const;

type ViewToggleProps = { view: ExploreView; onChange: (view: ExploreView) => void; hydrated: boolean };

/**
 * Two toggle buttons. They need JavaScript, so until hydration they keep their place but are hidden;
 * with scripting off they take no place at all (they would never appear).
 */
export function ViewToggle({ view, onChange, hydrated }: ViewToggleProps) {
  return (
    <div
      role="group"
      aria-label="View"
      className={`inline-flex rounded-lg border border-slate-300 bg-white p-0.5 ${hydrated ? '' : 'invisible [@media(scripting:none)]:hidden'}`}
    >
      {VIEWS.map(({ option, label, Icon }) => (
        <button
          key={option}
          type="button"
          aria-pressed={view === option}
          onClick={() => onChange(option)}
          className={`inline-flex h-8 w-8 items-center justify-center rounded-md transition-colors ${
            view === option ? 'bg-brand-700 text-white' : 'text-slate-500 hover:bg-slate-100 hover:text-slate-800'
          }`}
        >
          <Icon className="h-4 w-4" />
          <span className="sr-only">{label}</span>
        </button>
      ))}
    </div>
  );
}
