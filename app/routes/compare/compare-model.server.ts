// The compare page's data: the ids from the address, the cars from WordPress in one carsByIds
// query, the notices about what was left out, and the table rows.
import { json } from '@remix-run/node';
import { COMPARE_LOAD_FAILED, COMPARE_MAX, compareHref, parseCompareIds } from '~/lib/compare/compare-list';
import { failedPageInit } from '~/lib/wordpress/failure.server';
import type { WordPressClient } from '~/lib/wordpress/client.server';
import type { CarDetail } from '~/lib/wordpress/types';
import { compareRows, type CompareRow } from './compare-diff';

export type ComparedCar = {
  id: number;
  title: string;
  price: string;
  image: { url: string; width: number; height: number; alt: string } | null;
  /** The compare page without this car. */
  removeHref: string;
};

export type CompareModel = {
  cars: ComparedCar[];
  rows: CompareRow[];
  /** Why some of what the address asked for is not on the page (plain sentences). */
  notices: string[];
};

function headerOf(car: CarDetail, ids: readonly number[]): ComparedCar {
  const photo = car.images[0];
  return {
    id: car.id,
    title: car.title,
    price: car.price,
    image: photo ? { url: photo.thumb.url, width: photo.thumb.width || 300, height: photo.thumb.height || 300, alt: '' } : null,
    removeHref: compareHref(ids.filter((id) => id !== car.id)),
  };
}

const list = (items: readonly (string | number)[]) => items.map((i) => `"${i}"`).join(', ');

/**
 * Reads `?ids=` and loads the cars. Malformed ids are ignored, ids past the fourth left out, and
 * cars that do not exist (or were sold and unpublished) skipped, each with a notice; nothing here is
 * an error page, since the visitor can always see what is comparable. WordPress failing → 503.
 */
export async function loadCompare(wordpress: WordPressClient, url: URL): Promise<CompareModel> {
  const parsed = parseCompareIds(url.searchParams.getAll('ids'));
  const notices: string[] = [];
  if (parsed.invalid.length > 0) {
    notices.push(`Ignored ${list(parsed.invalid)}: not a car number.`);
  }
  if (parsed.dropped.length > 0) {
    notices.push(
      `Up to ${COMPARE_MAX} cars can be compared at once, so the first ${COMPARE_MAX} are shown and ${parsed.dropped.length} left out.`,
    );
  }
  if (parsed.ids.length === 0) return { cars: [], rows: [], notices };

  let cars: CarDetail[];
  try {
    cars = await wordpress.carsByIds(parsed.ids);
  } catch (error) {
    console.error('Compare: WordPress failed:', error instanceof Error ? error.message : error);
    throw json({ message: COMPARE_LOAD_FAILED }, failedPageInit(error));
  }
  const found = cars.map((c) => c.id);
  const missing = parsed.ids.filter((id) => !found.includes(id));
  if (missing.length > 0) {
    notices.push(
      `${missing.length === 1 ? 'Car' : 'Cars'} ${list(missing)} ${missing.length === 1 ? 'is' : 'are'} no longer available and left out.`,
    );
  }
  return { cars: cars.map((car) => headerOf(car, found)), rows: compareRows(cars), notices };
}
