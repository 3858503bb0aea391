import { Link } from '@remix-run/react';
import { useEffect, useRef, useState } from 'react';
import { AvifPicture, fallbackOf, srcSetOf } from '~/components/ui/picture';
import { bodyTypeLabel, fuelTypeLabel, mileageLabel, transmissionLabel } from '~/lib/wordpress/labels';
import type { CarCard as CarData, ImageSource } from '~/lib/wordpress/types';
import { CompareButton } from './CompareButton';
import { FavoriteButton } from './FavoriteButton';
import { SaleStatusBadge } from './SaleStatusBadge';

/** What a card shows: a catalogue card without the features list and description, which it never renders. */
export type CardCar = Omit<CarData, 'features' | 'description'>;
type Car = CardCar;

export type CarCardProps = {
  car: Car;
  /** "grid": a vertical card; "list": a wide row (explore page list view). */
  variant?: 'grid' | 'list';
  /** The list location the card sits in ("/explore-cars?brand=BYD"), passed on as ?from= for Back to Cars. */
  from?: string;
  /** Above the fold (first cards of a page): load the image at once instead of lazily. */
  priority?: boolean;
  /** The estimated price at the visitor's chosen port ("$41,377 to Lagos"), when one is chosen. */
  toPort?: { amount: string; port: string } | null;
  /** The photo's `sizes` in the caller's layout; the explore grid's (or list's) when left out. */
  sizes?: string;
};

/** "≈ $41,377 to Lagos (Tin Can Island), CIF estimate" under the price. */
function ToPortPrice({ toPort }: { toPort: { amount: string; port: string } }) {
  return (
    <p className="text-sm text-slate-600" data-testid="car-price-to-port">
      ≈ <span className="font-semibold text-slate-900">{toPort.amount}</span> to {toPort.port}
      <span className="sr-only"> (estimated landed price)</span>
    </p>
  );
}

/** A car without a photo shows a 400×250 placeholder image. An inline SVG, so it can never fail to load. */
export const PLACEHOLDER_WIDTH = 400;
export const PLACEHOLDER_HEIGHT = 250;
export const PLACEHOLDER_IMAGE = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(
  `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="250" viewBox="0 0 400 250"><rect width="400" height="250" fill="#eef2f7"/><g fill="none" stroke="#94a3b8" stroke-width="5" stroke-linecap="round" stroke-linejoin="round" transform="translate(140 75) scale(5)"><path d="M3 16v-3.5l2-4.5a2 2 0 0 1 1.8-1.2h10.4A2 2 0 0 1 19 8l2 4.5V16a1 1 0 0 1-1 1h-1" stroke-width="1"/><path d="M5 17H4a1 1 0 0 1-1-1M3.5 12.5h17M9.5 17h5" stroke-width="1"/><circle cx="7.5" cy="17" r="2" stroke-width="1"/><circle cx="16.5" cy="17" r="2" stroke-width="1"/></g></svg>`,
)}`;

/** `/car/12` or `/car/12?from=%2Fexplore-cars%3Fpage%3D2`. */
export function carHref(id: number, from?: string): string {
  return from ? `/car/${id}?${new URLSearchParams({ from })}` : `/car/${id}`;
}

/** "2023 · BYD Seal": the year and make/model line, without empty parts. */
export function carSubtitle(car: Car): string {
  const { year, make, model } = car.all_fields;
  const makeModel = [make, model]
    .map((s) => s?.trim())
    .filter(Boolean)
    .join(' ');
  return [year ? String(year) : '', makeModel].filter(Boolean).join(' · ');
}

type ImgSource = { src: string; srcSet?: string; avif: ImageSource[]; width: number; height: number; alt: string };

/** The card's picture: a sized srcset when WordPress gave sizes, else the card image or 300×300 thumb. */
function cardImage(car: Car): ImgSource | null {
  const fi = car.featured_image;
  const alt = fi?.alt || car.title;
  // Smallest first; the one near 600 px wide is a sharp default for browsers without srcset.
  const fallback = fi ? fallbackOf(fi.sizes, 600) : undefined;
  if (fi && fallback) {
    return { src: fallback.url, srcSet: srcSetOf(fi.sizes), avif: fi.avif, width: fallback.width, height: fallback.height, alt };
  }
  const src = car.image ?? fi?.thumb.url ?? fi?.url ?? null;
  if (!src) return null;
  // Dimensions unknown (the favourites REST route sends URLs only): the CSS box keeps the shape.
  return { src, avif: [], width: PLACEHOLDER_WIDTH, height: PLACEHOLDER_HEIGHT, alt };
}

/**
 * The photo's width on the page, for the browser to pick a size before layout: the explore grid
 * (three columns beside the filters from 1024 px, one beside them from 768 px, two below, one on
 * phones) and its list rows. Other layouts pass their own through the card's `sizes`.
 */
const SIZES = {
  grid: '(min-width: 1280px) 273px, (min-width: 1024px) calc(50vw - 220px), (min-width: 768px) calc(100vw - 370px), (min-width: 640px) calc(50vw - 36px), calc(100vw - 34px)',
  list: '(min-width: 768px) 320px, (min-width: 640px) 288px, calc(100vw - 34px)',
} as const;

function CarImage({
  car,
  variant,
  priority,
  sizes: layoutSizes,
}: {
  car: Car;
  variant: 'grid' | 'list';
  priority: boolean;
  sizes?: string;
}) {
  const image = cardImage(car);
  const [failed, setFailed] = useState(false);
  const ref = useRef<HTMLImageElement>(null);

  useEffect(() => {
    setFailed(false);
    // An image that failed before hydration fired its error event before React listened for it.
    const img = ref.current;
    if (img && img.complete && img.naturalWidth === 0 && img.getAttribute('src') !== PLACEHOLDER_IMAGE) setFailed(true);
  }, [image?.src]);

  const className = 'h-full w-full object-cover transition duration-300 group-hover:scale-[1.03] motion-reduce:transition-none';
  if (!image || failed) {
    return (
      <img
        src={PLACEHOLDER_IMAGE}
        alt={`${car.title}: not photographed yet`}
        width={PLACEHOLDER_WIDTH}
        height={PLACEHOLDER_HEIGHT}
        className="h-full w-full object-cover"
        data-testid="car-image-placeholder"
      />
    );
  }
  // React 18 does not know fetchPriority; the lowercase attribute passes straight to the DOM.
  const priorityAttrs = priority ? ({ fetchpriority: 'high' } as Record<string, string>) : {};
  const sizes = image.srcSet ? (layoutSizes ?? SIZES[variant]) : undefined;
  return (
    <AvifPicture avif={image.avif} sizes={sizes}>
      <img
        ref={ref}
        src={image.src}
        srcSet={image.srcSet}
        sizes={sizes}
        alt={image.alt}
        width={image.width}
        height={image.height}
        loading={priority ? 'eager' : 'lazy'}
        decoding="async"
        onError={() => setFailed(true)}
        className={className}
        {...priorityAttrs}
      />
    </AvifPicture>
  );
}

function Chips({ car }: { car: Car }) {
  const chips = [
    car.fuelType ? fuelTypeLabel(car.fuelType) : '',
    car.bodyType ? bodyTypeLabel(car.bodyType) : '',
    car.transmission ? transmissionLabel(car.transmission) : '',
  ].filter(Boolean);
  if (chips.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-1.5" aria-label="Key facts">
      {chips.map((chip) => (
        <li key={chip} className="chip">
          {chip}
        </li>
      ))}
    </ul>
  );
}

function Price({ price, large = false }: { price: string; large?: boolean }) {
  const onRequest = !price.startsWith('$');
  return (
    <p
      className={`font-bold tracking-tight ${onRequest ? 'text-base text-brand-800' : large ? 'text-2xl text-brand-900' : 'text-xl text-brand-900'}`}
      data-testid="car-price"
    >
      {price}
    </p>
  );
}

function DetailsLink({ href, title, className }: { href: string; title: string; className: string }) {
  return (
    <Link to={href} prefetch="intent" className={`btn-primary ${className}`}>
      {/* Many cards share the visible text; the hidden part names the car for screen readers. */}
      View Details<span className="sr-only"> of {title}</span>
    </Link>
  );
}

type CardPictureProps = {
  car: CarCardProps['car'];
  href: string;
  variant: 'grid' | 'list';
  priority: boolean;
  sizes?: string;
  className?: string;
};

/** The card's photo with the heart on its right and the sale status on its left. */
function CardPicture({ car, href, variant, priority, sizes, className = '' }: CardPictureProps) {
  return (
    <div className={`relative aspect-[8/5] overflow-hidden bg-slate-100 ${className}`}>
      {/* The picture links too (a big target); the View Details link is the one announced. */}
      <Link to={href} tabIndex={-1} aria-hidden="true" className="block h-full">
        <CarImage car={car} variant={variant} priority={priority} sizes={sizes} />
      </Link>
      <FavoriteButton carId={car.id} className="absolute right-3 top-3" />
      <SaleStatusBadge status={car.saleStatus} className="absolute left-3 top-3" />
    </div>
  );
}

/** The card's name (its h3, which names the whole card) and the year, make and model under it. */
function CardTitle(props: { id: string; title: string; subtitle: string; className?: string; titleClassName: string }) {
  return (
    <div className={props.className}>
      <h3 id={props.id} className={`font-semibold leading-snug text-slate-900 ${props.titleClassName}`}>
        {props.title}
      </h3>
      {props.subtitle ? <p className="mt-0.5 text-sm text-slate-500">{props.subtitle}</p> : null}
    </div>
  );
}

/**
 * THE car card of home, explore (grid and list) and favourites: picture with the heart, title, price,
 * year with make and model, mileage, fuel/body/transmission chips and View Details. Markup is an
 * <article> named by its title, so a page of cards reads as a list of cars.
 */
export function CarCard({ car, variant = 'grid', from, priority = false, toPort = null, sizes }: CarCardProps) {
  const href = carHref(car.id, from);
  const subtitle = carSubtitle(car);
  const mileage = mileageLabel(car.all_fields.mileage);
  const titleId = `car-${car.id}-title`;
  // The card is an article named by its title; tests and scripts find cards by these data attributes.
  const frame = { 'aria-labelledby': titleId, 'data-testid': 'car-card', 'data-car-id': car.id };

  if (variant === 'list') {
    return (
      <article
        {...frame}
        className="group flex flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-card transition hover:border-brand-200 sm:flex-row"
      >
        <CardPicture
          car={car}
          href={href}
          variant="list"
          priority={priority}
          sizes={sizes}
          className="w-full flex-none sm:aspect-auto sm:w-72 md:w-80"
        />
        <div className="flex min-w-0 flex-1 flex-col gap-3 p-5">
          <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1">
            <CardTitle id={titleId} title={car.title} subtitle={subtitle} className="min-w-0" titleClassName="text-lg" />
            <div className="text-right">
              <Price price={car.price} large />
              {toPort ? <ToPortPrice toPort={toPort} /> : null}
            </div>
          </div>
          <Chips car={car} />
          <div className="mt-auto flex flex-wrap items-center justify-between gap-3 pt-1">
            {mileage ? (
              <p className="text-sm text-slate-600">
                <span className="sr-only">Mileage: </span>
                {mileage}
              </p>
            ) : (
              <span />
            )}
            <div className="flex w-full items-start gap-2 sm:w-auto">
              <CompareButton carId={car.id} title={car.title} />
              <DetailsLink href={href} title={car.title} className="flex-1 sm:flex-none" />
            </div>
          </div>
        </div>
      </article>
    );
  }

  return (
    <article
      {...frame}
      className="group flex h-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-card transition hover:-translate-y-0.5 hover:border-brand-200 motion-reduce:transition-none"
    >
      <CardPicture car={car} href={href} variant="grid" priority={priority} sizes={sizes} />
      <div className="flex flex-1 flex-col gap-3 p-4 sm:p-5">
        <CardTitle id={titleId} title={car.title} subtitle={subtitle} titleClassName="line-clamp-2 text-base sm:text-lg" />
        <Chips car={car} />
        <div className="mt-auto flex flex-wrap items-end justify-between gap-x-3 gap-y-1 pt-1">
          <Price price={car.price} />
          {mileage ? (
            // Miles and kilometres stay on one line: a break inside "(12,553 km)" reads as two values.
            <p className="whitespace-nowrap text-sm text-slate-600">
              <span className="sr-only">Mileage: </span>
              {mileage}
            </p>
          ) : null}
        </div>
        {toPort ? <ToPortPrice toPort={toPort} /> : null}
        {/* Side by side where the card is wide enough; in a narrow grid column each takes a full row
            rather than one running past the card's edge. */}
        <div className="flex flex-wrap items-start gap-2">
          <CompareButton carId={car.id} title={car.title} className="flex-auto" />
          <DetailsLink href={href} title={car.title} className="flex-auto" />
        </div>
      </div>
    </article>
  );
}
