import { Link } from '@remix-run/react';
import { CarCard, type CardCar as Car } from '~/components/car/CarCard';

/** A card's photo width: four columns from 1024 px (of the 1200 px page), two from 768 px, a swipe row of 318 px cards on phones. */
const CARD_SIZES =
  '(min-width: 1280px) 284px, (min-width: 1024px) calc(25vw - 36px), (min-width: 768px) calc(50vw - 38px), (min-width: 436px) 318px, 73vw';
import { ErrorPanel } from '~/components/ui/ErrorPanel';
import { FEATURED_DESKTOP } from './home-model';
import { Icon } from './icons';
import { Section } from '~/components/ui/Section';

type FeaturedCarsProps = {
  /** Up to six cars (the loader cuts the row with featuredRow). */
  cars: Car[];
  /** More exist than shown: the mobile row ends with the Show All Cars tile. */
  showAll: boolean;
  error: string | null;
};

/** The home page's empty state when there are no featured cars, worded per layout. */
function EmptyFeatured() {
  return (
    <div className="rounded-2xl border border-dashed border-slate-300 bg-slate-50 px-6 py-12 text-center" data-testid="featured-empty">
      <p className="text-lg font-semibold text-slate-900">No cars available</p>
      <p className="mt-1 text-sm text-slate-500">
        <span className="md:hidden">Please try again later</span>
        <span className="hidden md:inline">Sorry, Please retry later</span>
      </p>
    </div>
  );
}

function ShowAllTile() {
  return (
    <Link
      to="/explore-cars"
      className="flex h-full min-h-[18rem] flex-col items-center justify-center gap-3 rounded-2xl border border-brand-200 bg-brand-50 p-6 text-center text-brand-800 transition hover:border-brand-300 hover:bg-brand-100"
      data-testid="featured-show-all"
    >
      <span className="flex h-14 w-14 items-center justify-center rounded-full bg-white text-brand-700 shadow-card">
        <Icon name="arrowRight" className="h-6 w-6" />
      </span>
      <span className="text-base font-semibold">Show All Cars</span>
      <span className="text-sm text-brand-700/80">Browse the full catalogue</span>
    </Link>
  );
}

/**
 * Featured cars (4 cards on desktop; 6 in a horizontal scroll on mobile with a Show All Cars
 * tile when more than 6). One server-rendered list serves both layouts: below 768 px it is a
 * scroll-snapping row; from 768 px a grid whose 5th and 6th cards and the tile are hidden by CSS, so
 * nothing shifts when the page hydrates and no card is rendered twice.
 */
export function FeaturedCars({ cars, showAll, error }: FeaturedCarsProps) {
  return (
    <Section
      id="featured-title"
      eyebrow="In stock now"
      title="Featured Cars"
      intro="Hand-picked vehicles ready for export, with transparent prices in US dollars."
      action={
        <Link
          to="/explore-cars"
          className="group hidden items-center gap-1.5 font-semibold text-brand-700 hover:text-brand-900 md:inline-flex"
        >
          View all cars
          <Icon name="arrowRight" className="h-4 w-4 transition group-hover:translate-x-0.5" />
        </Link>
      }
      className="py-14 md:py-20"
      data-testid="featured"
    >
      <div className="mt-8 md:mt-10">
        {error ? (
          <ErrorPanel message={error} />
        ) : cars.length === 0 ? (
          <EmptyFeatured />
        ) : (
          <ul
            className="relative -mx-4 flex snap-x snap-mandatory scroll-px-4 gap-4 overflow-x-auto px-4 pb-4 sm:-mx-6 sm:scroll-px-6 sm:px-6 md:mx-0 md:grid md:grid-cols-2 md:gap-6 md:overflow-visible md:px-0 md:pb-0 lg:grid-cols-4"
            aria-label="Featured cars"
            data-testid="featured-list"
          >
            {cars.map((car, index) => (
              <li
                key={car.id}
                className={`w-[80%] max-w-[20rem] flex-none snap-start md:w-auto md:max-w-none ${
                  index >= FEATURED_DESKTOP ? 'md:hidden' : ''
                }`}
                data-testid="featured-item"
              >
                <CarCard car={car} from="/" sizes={CARD_SIZES} />
              </li>
            ))}
            {showAll ? (
              <li className="w-[60%] max-w-[14rem] flex-none snap-start md:hidden">
                <ShowAllTile />
              </li>
            ) : null}
          </ul>
        )}
      </div>
    </Section>
  );
}
