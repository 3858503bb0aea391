import { Link } from '@remix-run/react';
import { FavoriteButton } from '~/components/car/FavoriteButton';
import { SaleStatusBadge } from '~/components/car/SaleStatusBadge';
import type { CarDetail } from '~/lib/wordpress/types';
import { ArrowLeftIcon } from './icons';

type BannerProps = { title: string; subtitle: string; backTo: string };

/** The page's banner: Back to Cars, the car's name and its subtitle (its subtitle, else its title). */
export function CarBanner({ title, subtitle, backTo }: BannerProps) {
  return (
    <div className="bg-gradient-to-br from-brand-950 via-brand-900 to-brand-800 text-white" data-testid="car-banner">
      <div className="container-page py-6 md:py-10">
        <Link
          to={backTo}
          className="inline-flex items-center gap-1.5 rounded-md text-sm font-medium text-brand-100 transition-colors hover:text-white"
        >
          <ArrowLeftIcon className="h-4 w-4" />
          Back to Cars
        </Link>
        <h1 className="mt-3 max-w-4xl text-2xl font-extrabold tracking-tight sm:text-3xl md:text-4xl">{title}</h1>
        {subtitle ? <p className="mt-2 max-w-3xl text-base text-brand-100 md:text-lg">{subtitle}</p> : null}
      </div>
    </div>
  );
}

type SummaryCar = Pick<CarDetail, 'id' | 'title' | 'price' | 'priceValue' | 'saleStatus'>;

/** Title, price and the key facts: in the sticky column on desktop, under the photos on mobile. */
export function PriceSummary({ car, facts }: { car: SummaryCar; facts: string[] }) {
  const onRequest = car.priceValue === null;

  return (
    <div className="flex flex-col gap-3" data-testid="car-summary">
      <div className="flex items-start justify-between gap-3">
        <p className="text-lg font-semibold leading-snug text-slate-900">{car.title}</p>
        <SaleStatusBadge status={car.saleStatus} className="mt-0.5 flex-none" />
      </div>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <p className="text-xs font-semibold uppercase tracking-wider text-slate-500">{onRequest ? 'Price' : 'Price (USD)'}</p>
          <p className={`font-extrabold tracking-tight text-brand-900 ${onRequest ? 'text-2xl' : 'text-3xl'}`} data-testid="car-price">
            {car.price}
          </p>
        </div>
        <FavoriteButton carId={car.id} appearance="outline" />
      </div>
      {facts.length > 0 ? (
        <ul className="flex flex-wrap gap-1.5" aria-label="Key facts">
          {facts.map((fact) => (
            <li key={fact} className="chip">
              {fact}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
