import { Form, useNavigate } from '@remix-run/react';
import type { FormEvent } from 'react';
import { bodyTypeLabel, fuelTypeLabel, transmissionLabel } from '~/lib/wordpress/labels';
import type { FilterOptions } from '~/lib/wordpress/types';
import { filterQuery } from './home-model';
import { Icon } from './icons';
import { CTA_CLASS } from './styles';

type SelectSpec = {
  name: 'brand' | 'bodyType' | 'fuelType' | 'transmission';
  label: string;
  all: string;
  values: string[];
  display: (value: string) => string;
};

function FilterSelect({ spec }: { spec: SelectSpec }) {
  const id = `home-filter-${spec.name}`;
  return (
    // Mobile: label and select side by side, so every "All …" text fits; from 640 px stacked.
    <div className="grid min-w-0 grid-cols-[6.75rem_minmax(0,1fr)] items-center gap-3 sm:block">
      <label htmlFor={id} className="field-label mb-0 sm:mb-1.5">
        {spec.label}
      </label>
      <div className="relative">
        <select id={id} name={spec.name} defaultValue="" className="field-input appearance-none truncate pr-9">
          <option value="">{spec.all}</option>
          {spec.values.map((value) => (
            <option key={value} value={value}>
              {spec.display(value)}
            </option>
          ))}
        </select>
        <Icon name="chevronDown" className="pointer-events-none absolute right-3 top-1/2 h-4 w-4 -translate-y-1/2 text-slate-500" />
      </div>
    </div>
  );
}

/**
 * The home filter bar (brand, body type, fuel type, transmission and a search button going to
 * /explore-cars with those parameters). A real GET form, so it works without JavaScript (empty
 * selects are then sent empty and the explore page ignores them); with JavaScript the empty ones are
 * left out of the URL.
 */
/** The four lists the bar offers (the loader sends only these). */
export type HomeFilterOptions = Pick<FilterOptions, 'brands' | 'bodyTypes' | 'fuelTypes' | 'transmissions'>;

export function FilterBar({ filters }: { filters: HomeFilterOptions }) {
  const navigate = useNavigate();
  const selects: SelectSpec[] = [
    { name: 'brand', label: 'Brand', all: 'All brands', values: filters.brands, display: (v) => v },
    { name: 'bodyType', label: 'Body type', all: 'All body types', values: filters.bodyTypes, display: bodyTypeLabel },
    { name: 'fuelType', label: 'Fuel type', all: 'All fuel types', values: filters.fuelTypes, display: fuelTypeLabel },
    {
      name: 'transmission',
      label: 'Transmission',
      all: 'All transmissions',
      values: filters.transmissions,
      display: transmissionLabel,
    },
  ];

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const query = filterQuery(new FormData(event.currentTarget).entries());
    navigate(query ? `/explore-cars?${query}` : '/explore-cars');
  };

  return (
    <section aria-labelledby="home-search-title" className="relative z-10 bg-brand-950 md:bg-transparent">
      <div className="container-page pb-8 md:-mt-14 md:pb-0">
        <div className="rounded-2xl bg-white p-5 shadow-dialog md:p-6">
          <h2 id="home-search-title" className="text-lg font-bold text-slate-900">
            Find your next car
          </h2>
          <Form
            method="get"
            action="/explore-cars"
            onSubmit={onSubmit}
            className="mt-4 grid grid-cols-1 gap-2.5 sm:grid-cols-2 sm:gap-3 md:grid-cols-[repeat(4,minmax(0,1fr))_auto] md:items-end md:gap-4"
            data-testid="home-filter-form"
          >
            {selects.map((spec) => (
              <FilterSelect key={spec.name} spec={spec} />
            ))}
            <button
              type="submit"
              className={`${CTA_CLASS} mt-1.5 h-[2.875rem] px-7 text-base sm:col-span-2 sm:mt-0 sm:h-[2.625rem] sm:text-sm md:col-span-1`}
            >
              <Icon name="search" />
              Search
            </button>
          </Form>
        </div>
      </div>
    </section>
  );
}
