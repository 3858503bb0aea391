import { CarCard, type CardCar } from '~/components/car/CarCard';
import { cardPriceToPort, type ShippingMethod } from '~/lib/shipping/landed-price';
import type { Port } from '~/lib/wordpress/types';

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
            <CarCard car={car} toPort={cardPriceToPort(car.priceValue, shipTo)} />
          </li>
        ))}
      </ul>
    </section>
  );
}
