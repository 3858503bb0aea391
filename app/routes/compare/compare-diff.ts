// The rows of the comparison table: price, then every specification, then features. A row "differs"
// when the cars do not all share one value, compared without regard to case and surrounding spaces
// ("AWD" and "awd " are the same); with a single car nothing differs. Pure, so it is unit-tested.

export type ComparableCar = {
  price: string;
  specs: readonly { label: string; value: string }[];
  features: readonly string[];
};

export type CompareRow = { label: string; values: string[]; differs: boolean };

/** What a car without a value for a row shows (the specifications' own placeholder). */
export const MISSING_VALUE = 'N/A';

const normalise = (value: string) => value.trim().replace(/\s+/g, ' ').toLowerCase();

/** true when there are two or more cars and at least two of them have different values. */
export function valuesDiffer(values: readonly string[]): boolean {
  return values.length > 1 && new Set(values.map(normalise)).size > 1;
}

/** Features as one sortable line, so the same set in another order is not a difference. */
export function featuresValue(features: readonly string[]): string {
  const list = [...new Set(features.map((f) => f.trim()).filter(Boolean))].sort((a, b) => a.localeCompare(b));
  return list.length > 0 ? list.join(', ') : MISSING_VALUE;
}

/** One row per label in the order first seen across the cars; a label a car lacks shows "N/A". */
export function compareRows(cars: readonly ComparableCar[]): CompareRow[] {
  const labels: string[] = [];
  for (const car of cars) {
    for (const spec of car.specs) if (!labels.includes(spec.label)) labels.push(spec.label);
  }
  const row = (label: string, values: string[]): CompareRow => ({ label, values, differs: valuesDiffer(values) });
  return [
    row(
      'Price',
      cars.map((c) => c.price),
    ),
    ...labels.map((label) =>
      row(
        label,
        cars.map((c) => c.specs.find((s) => s.label === label)?.value ?? MISSING_VALUE),
      ),
    ),
    row(
      'Features',
      cars.map((c) => featuresValue(c.features)),
    ),
  ];
}
