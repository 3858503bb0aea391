// The price range slider's rules: values snap to multiples of 1000, the lower
// handle stays below the upper and the upper above the lower; the slider's ends come from the
// catalogue's price range, widened to whole thousands.

import { priceLabel } from '~/lib/wordpress/labels';

export const PRICE_STEP = 1000;

export type PriceBounds = { min: number; max: number };

/** Used when the filter options could not be loaded (the panel still works). */
export const FALLBACK_BOUNDS: PriceBounds = { min: 0, max: 250_000 };

export function snapPrice(value: number): number {
  if (!Number.isFinite(value)) return 0;
  return Math.round(value / PRICE_STEP) * PRICE_STEP;
}

/**
 * The one snapping rule for a price range from the address: both bounds to the nearest 1000 (the
 * chip, the slider and the query sent to WordPress all read the snapped values), and a range the
 * snapping closed up (20,100 – 20,400 → 20,000 – 20,000) is kept one step wide, so the lower bound
 * stays below the upper.
 */
export function snapPriceRange(
  minPrice: number | undefined,
  maxPrice: number | undefined,
): { minPrice: number | undefined; maxPrice: number | undefined } {
  const min = minPrice === undefined ? undefined : snapPrice(minPrice);
  let max = maxPrice === undefined ? undefined : snapPrice(maxPrice);
  // Stryker disable next-line ConditionalExpression,LogicalOperator: a comparison with a missing bound is false anyway; the checks are for the types
  if (min !== undefined && max !== undefined && max <= min) max = min + PRICE_STEP;
  return { minPrice: min, maxPrice: max };
}

/** The slider's ends: the catalogue's range floored / ceiled to 1000, at least one step wide. */
export function priceBounds(range: { min: number; max: number } | null | undefined): PriceBounds {
  if (!range || !Number.isFinite(range.min) || !Number.isFinite(range.max) || range.max < range.min) {
    return FALLBACK_BOUNDS;
  }
  const min = Math.max(0, Math.floor(range.min / PRICE_STEP) * PRICE_STEP);
  const max = Math.max(Math.ceil(range.max / PRICE_STEP) * PRICE_STEP, min + PRICE_STEP);
  return { min, max };
}

/** A new lower value: snapped, inside the bounds, at least one step below the upper handle. */
export function clampLower(value: number, upper: number, bounds: PriceBounds): number {
  const snapped = snapPrice(value);
  return Math.max(bounds.min, Math.min(snapped, upper - PRICE_STEP));
}

/** A new upper value: snapped, inside the bounds, at least one step above the lower handle. */
export function clampUpper(value: number, lower: number, bounds: PriceBounds): number {
  const snapped = snapPrice(value);
  return Math.min(bounds.max, Math.max(snapped, lower + PRICE_STEP));
}

/** Where the handles sit for the query's bounds (no bound: the slider's end). */
export function sliderValues(
  minPrice: number | undefined,
  maxPrice: number | undefined,
  bounds: PriceBounds,
): { lower: number; upper: number } {
  const upper = maxPrice === undefined ? bounds.max : Math.min(bounds.max, Math.max(snapPrice(maxPrice), bounds.min + PRICE_STEP));
  // Stryker disable next-line ConditionalExpression: with no lower bound the snapped price is 0, and the slider never starts below 0
  const lower = minPrice === undefined ? bounds.min : Math.max(bounds.min, Math.min(snapPrice(minPrice), upper - PRICE_STEP));
  return { lower, upper };
}

/**
 * The query's bounds for handle positions: a handle at the slider's end sets no bound, so moving
 * one handle does not quietly add a filter for the other.
 */
export function priceFilterFromSlider(
  lower: number,
  upper: number,
  bounds: PriceBounds,
): { minPrice: number | undefined; maxPrice: number | undefined } {
  return {
    minPrice: lower > bounds.min ? lower : undefined,
    maxPrice: upper < bounds.max ? upper : undefined,
  };
}

/**
 * Bounds at or beyond the slider's ends dropped. Without JavaScript the form always sends both
 * handles; an untouched slider must not become an active price filter (and a chip).
 */
export function normalizePriceFilter(
  minPrice: number | undefined,
  maxPrice: number | undefined,
  bounds: PriceBounds,
): { minPrice: number | undefined; maxPrice: number | undefined } {
  return {
    // Stryker disable next-line ConditionalExpression: a comparison with a missing bound is false anyway; the checks are for the types
    minPrice: minPrice !== undefined && minPrice > bounds.min ? minPrice : undefined,
    // Stryker disable next-line ConditionalExpression: a comparison with a missing bound is false anyway; the checks are for the types
    maxPrice: maxPrice !== undefined && maxPrice < bounds.max ? maxPrice : undefined,
  };
}

/** "$10,000 – $80,000"; one-sided: "From $10,000", "Up to $80,000". */
export function priceRangeLabel(minPrice: number | undefined, maxPrice: number | undefined): string {
  if (minPrice !== undefined && maxPrice !== undefined) return `${priceLabel(minPrice)} – ${priceLabel(maxPrice)}`;
  if (minPrice !== undefined) return `From ${priceLabel(minPrice)}`;
  if (maxPrice !== undefined) return `Up to ${priceLabel(maxPrice)}`;
  return 'Any price';
}
