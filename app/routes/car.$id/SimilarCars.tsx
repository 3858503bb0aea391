import { CarCard, type CardCar } from '~/components/car/CarCard';
import { cardPriceToPort, type ShippingMethod } from '~/lib/shipping/landed-price';
import type { Port } from '~/lib/wordpress/types';

/** A card's photo width: four columns from 1280 px, two from 640 px, one on phones. */
const CARD_SIZES =
  '(min-width: 1280px) 287px, (min-width: 1024px) calc(50vw - 44px), (min-width: 640px) calc(50vw - 36px), calc(100vw - 34px)';

/**
 * Available cars of the same body type and price band. Hidden when there are none: an empty
 * "similar cars" heading would only be noise.
 */
export function SimilarCars({ cars, shipTo }: { cars: CardCar[]; shipTo: { port: Port; method: ShippingMethod } | null }) {
  if (cars.length === 0) return null;
  return (
    <section id="similar-cars" aria-labelledby="similar-cars-title" className="scroll-mt-24" data-testid="similar-cars">
      <h2 id="similar-cars-title" className="mb-4 text-xl font-bold text-brand-950">
        Similar cars
      </h2>
      <ul className="grid gap-5 sm:grid-cols-2 xl:grid-cols-4">
        {cars.map((car) => (
          <li key={car.id}>
            <CarCard car={car} toPort={cardPriceToPort(car.priceValue, shipTo)} sizes={CARD_SIZES} />
          </li>
        ))}
      </ul>
    </section>
  );
}
