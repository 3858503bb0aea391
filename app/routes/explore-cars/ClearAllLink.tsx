import { Link } from '@remix-run/react';
import { clearAllFilters, exploreHref, type ExploreState } from '~/lib/explore/state';
import { scrollToResults } from './hooks';

type ClearAllLinkProps = { state: ExploreState; appearance?: 'text' | 'button'; className?: string };

/** Clear All Filters: beside the chips, in the empty state and in the phone's filter sheet. */
export function ClearAllLink({ state, appearance = 'text', className = '' }: ClearAllLinkProps) {
  const look =
    appearance === 'button'
      ? 'btn-outline'
      : 'rounded-md px-2 py-1 text-sm font-semibold text-accent-700 underline-offset-2 hover:underline';
  return (
    <Link to={exploreHref(clearAllFilters(state))} preventScrollReset onClick={scrollToResults} className={`${look} ${className}`}>
      Clear All Filters
    </Link>
  );
}
