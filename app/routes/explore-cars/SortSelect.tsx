import { Form } from '@remix-run/react';
import { useEffect, useId, useRef } from 'react';
import {
  EXPLORE_PATH,
  FILTER_PARAMS,
  serializeExploreState,
  SORT_ALIAS_PARAM,
  SORT_OPTIONS,
  sortValueOf,
  withSort,
  type ExploreState,
} from '~/lib/explore/state';
import { usePicked } from './hooks';

type SortSelectProps = { state: ExploreState; onNavigate: (next: ExploreState) => void };

/**
 * Most Recent / Price: Low to High / Price: High to Low. A select sends one value,
 * so without JavaScript its little GET form sends "sort" (plus the current filters) and the loader
 * redirects to sortBy/sortOrder; with JavaScript a change navigates straight to the new query.
 */
export function SortSelect({ state, onNavigate }: SortSelectProps) {
  const id = useId();
  const [value, pick] = usePicked<string>(sortValueOf(state));
  const select = useRef<HTMLSelectElement>(null);
  const choose = (next: string) => {
    if (next === value) return;
    pick(next);
    onNavigate(withSort(state, next));
  };
  // A sort picked while React was taking the page over is in the select but reached no handler of
  // ours, and the first render after hydration would put the server's value back over it: adopt it.
  // eslint-disable-next-line react-hooks/exhaustive-deps -- once, with the state the page was served with
  useEffect(() => choose(select.current!.value), []);
  const query = new URLSearchParams(serializeExploreState({ ...state, page: 1 }));
  const carried = [...query.entries()].filter(([name]) => (FILTER_PARAMS as readonly string[]).includes(name) || name === 'showAll');
  return (
    // Before hydration the page's early script submits this form on change (a plain GET); afterwards
    // that submission still happens, and this handler is what stops it: onChange has navigated.
    <Form
      method="get"
      action={EXPLORE_PATH}
      className="flex items-center gap-2"
      onSubmit={(e) => e.preventDefault()}
      data-submit-on-change=""
    >
      {carried.map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <label htmlFor={id} className="whitespace-nowrap text-sm text-slate-600">
        Sort by
      </label>
      <select
        id={id}
        name={SORT_ALIAS_PARAM}
        ref={select}
        value={value}
        onChange={(e) => choose(e.target.value)}
        className="rounded-lg border border-slate-300 bg-white py-2 pl-3 pr-8 text-sm font-medium text-slate-800 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30"
      >
        {SORT_OPTIONS.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <noscript>
        <button type="submit" className="btn-outline px-3 py-2">
          Sort
        </button>
      </noscript>
    </Form>
  );
}
