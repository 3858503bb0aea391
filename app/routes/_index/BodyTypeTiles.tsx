import { Link } from '@remix-run/react';
import { BodySilhouette } from './BodySilhouettes';
import { BODY_TYPES, bodyTypeHref } from './home-model';
import { Section } from '~/components/ui/Section';

/** Browse by Body — SUV, Sedan, Hatchback, Minivan, Pickup, Sports Car, each to /explore-cars?bodyType={name}. */
export function BodyTypeTiles() {
  return (
    <Section
      id="body-types-title"
      eyebrow="Shop by shape"
      title="Browse by Body"
      intro="From city hatchbacks to seven-seat family movers: start with the shape that fits your market."
      className="bg-slate-50 py-14 md:py-20"
      data-testid="body-types"
    >
      <ul className="mt-8 grid grid-cols-2 gap-3 sm:grid-cols-3 md:mt-10 md:gap-4 lg:grid-cols-6">
        {BODY_TYPES.map((type) => (
          <li key={type}>
            <Link
              to={bodyTypeHref(type)}
              className="group flex h-full flex-col items-center gap-3 rounded-2xl border border-slate-200 bg-white px-3 pb-4 pt-5 text-center shadow-sm transition hover:-translate-y-0.5 hover:border-brand-300 hover:shadow-card motion-reduce:transition-none"
              data-testid="body-type-tile"
            >
              <BodySilhouette
                type={type}
                className="h-14 w-full max-w-[9rem] text-brand-700 transition-colors group-hover:text-brand-900"
              />
              <span className="font-semibold text-slate-800 group-hover:text-brand-800">{type}</span>
            </Link>
          </li>
        ))}
      </ul>
    </Section>
  );
}
