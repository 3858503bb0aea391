// What crawlers read about a car: the schema.org Car + Offer JSON-LD and the
// page's meta description. Pure functions of the car, unit-tested; the route renders the result.
import { fuelTypeLabel, mileageLabel, transmissionLabel } from '~/lib/wordpress/labels';
import type { CarDetail } from '~/lib/wordpress/types';
import { COMPANY } from '~/lib/content/company';

// Null prototype: an entity name from the text ("&constructor;") must find nothing, not Object's own.
const NAMED_ENTITIES: Record<string, string> = Object.assign(Object.create(null) as Record<string, string>, {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  ndash: '–',
  mdash: '—',
  hellip: '…',
  rsquo: '’',
  lsquo: '‘',
  rdquo: '”',
  ldquo: '“',
});

/** HTML (the Seller Note) as one line of plain text, for JSON-LD and meta descriptions. */
export function htmlToText(html: string): string {
  return html
    .replace(/<(script|style|template)\b[\s\S]*?<\/\1\s*>/gi, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, entity: string) => {
      if (entity[0] === '#') {
        const code = entity[1] === 'x' || entity[1] === 'X' ? parseInt(entity.slice(2), 16) : parseInt(entity.slice(1), 10);
        return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : ' ';
      }
      return NAMED_ENTITIES[entity.toLowerCase()] ?? whole;
    })
    .replace(/\s+/g, ' ')
    .trim();
}

/** Cut at a word boundary with an ellipsis, for descriptions that must stay short. */
export function truncate(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,.;:–-]+$/, '')}…`;
}

const usable = (v: string | null | undefined) => (v && v.trim() && v.trim() !== 'N/A' ? v.trim() : null);

/**
 * The meta description, from the specifications: "2024 BYD Seal Performance AWD for export: 2024,
 * 0 mi, Electric, Single-Speed (EV), Sedan. $38,900. Shipped…".
 */
export function carMetaDescription(car: Pick<CarDetail, 'title' | 'price' | 'specs'>): string {
  const wanted = ['Year', 'Mileage', 'Condition', 'Fuel Type', 'Transmission', 'Body Type', 'Drive Type'];
  const facts = wanted.map((label) => usable(car.specs.find((s) => s.label === label)?.value)).filter((v): v is string => v !== null);
  const parts = [`${car.title} for export${facts.length ? `: ${facts.join(', ')}` : ''}.`, `${car.price}.`];
  parts.push(`Shipped from China to ${COMPANY.countries} countries.`);
  // Search results show about 160 characters.
  return truncate(parts.join(' '), 160);
}

/** "2024", "1,200 mi", "Electric", "Single-Speed (EV)": the chips under the price. */
export function keyFacts(car: Pick<CarDetail, 'year' | 'mileage' | 'fuelType' | 'transmission'>): string[] {
  return [
    car.year ? String(car.year) : '',
    mileageLabel(car.mileage) ?? '',
    car.fuelType ? fuelTypeLabel(car.fuelType) : '',
    car.transmission ? transmissionLabel(car.transmission) : '',
  ].filter(Boolean);
}

type JsonLd = Record<string, unknown>;

/**
 * The Offer's availability by sale status. A reserved car is schema.org's Reserved ("reserved and
 * therefore not available"), not LimitedAvailability, which means "in stock, few left" and would
 * tell a search engine the car can be bought now.
 */
export const OFFER_AVAILABILITY: Record<CarDetail['saleStatus'], string> = {
  available: 'https://schema.org/InStock',
  reserved: 'https://schema.org/Reserved',
  sold: 'https://schema.org/SoldOut',
};

/** schema.org Car with an Offer: price in USD when known, brand, model, year, mileage, fuel, body, images. */
export function carJsonLd(car: CarDetail, pageUrl: string, descriptionText: string): JsonLd {
  const images = car.images.map((img) => img.url);
  if (images.length === 0 && car.image) images.push(car.image);
  const condition =
    car.condition === 'New' ? 'https://schema.org/NewCondition' : car.condition === 'Used' ? 'https://schema.org/UsedCondition' : undefined;

  const offer: JsonLd = {
    '@type': 'Offer',
    url: pageUrl,
    priceCurrency: 'USD',
    availability: OFFER_AVAILABILITY[car.saleStatus],
  };
  if (car.priceValue !== null && Number.isFinite(car.priceValue)) offer.price = car.priceValue;
  if (condition) offer.itemCondition = condition;

  const data: JsonLd = {
    '@context': 'https://schema.org',
    '@type': 'Car',
    name: car.title,
    url: pageUrl,
    description: descriptionText || carMetaDescription(car),
    offers: offer,
  };
  if (images.length) data.image = images;
  if (usable(car.brand)) data.brand = { '@type': 'Brand', name: car.brand.trim() };
  if (usable(car.model)) data.model = car.model.trim();
  if (car.year) data.vehicleModelDate = String(car.year);
  if (car.mileage !== null && Number.isFinite(car.mileage)) {
    data.mileageFromOdometer = { '@type': 'QuantitativeValue', value: car.mileage, unitCode: 'SMI' };
  }
  if (usable(car.fuelType)) data.fuelType = fuelTypeLabel(car.fuelType);
  if (usable(car.bodyType)) data.bodyType = car.bodyType.trim();
  if (usable(car.transmission)) data.vehicleTransmission = transmissionLabel(car.transmission);
  if (usable(car.driveType)) data.driveWheelConfiguration = car.driveType.trim();
  if (usable(car.color)) data.color = car.color.trim();
  if (car.doors) data.numberOfDoors = car.doors;
  if (car.seats) data.seatingCapacity = car.seats;
  if (condition) data.itemCondition = condition;
  if (usable(car.stockNumber)) data.sku = car.stockNumber.trim();
  return data;
}
