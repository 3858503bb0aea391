import { Link } from '@remix-run/react';
import { buttonClass } from '~/components/ui/Button';
import { COMPARE_MAX, compareHref } from '~/lib/compare/compare-list';

/** "Compare" on the favourites page: the first four favourites side by side (a plain link). */
export function CompareFavoritesLink({ ids }: { ids: readonly number[] }) {
  const picked = ids.slice(0, COMPARE_MAX);
  return (
    <Link to={compareHref(picked)} className={buttonClass('outline')} data-testid="compare-favorites">
      Compare {ids.length > COMPARE_MAX ? `the first ${COMPARE_MAX}` : `these ${picked.length}`} cars
    </Link>
  );
}
