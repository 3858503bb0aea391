// Display forms of the catalogue's stored values (WordPress keeps "premium-petrol", "ev"; people read
// "Premium Petrol", "Electric (single-speed)"). Shared by the server mapping (specs) and the UI
// (cards, filter lists, chips), so one value always reads the same everywhere.

// Maps, not object literals: the values looked up come from the address bar (?fuelType=__proto__),
// and a plain object would answer such a key with its prototype instead of "no label".
const FUEL = new Map<string, string>([
  ['premium-petrol', 'Premium Petrol'],
  ['petrol', 'Petrol'],
  ['diesel', 'Diesel'],
  ['hybrid', 'Hybrid'],
  ['plug-in-hybrid', 'Plug-in Hybrid'],
  ['electric', 'Electric'],
]);

const TRANSMISSION = new Map<string, string>([
  ['automatic', 'Automatic'],
  ['manual', 'Manual'],
  ['dct', 'Dual-Clutch (DCT)'],
  ['cvt', 'CVT'],
  ['ev', 'Single-Speed (EV)'],
]);

// Stryker disable next-line Regex: one separator or a run of them splits alike once the empty words are dropped
const WORD_SEPARATORS = /[\s_-]+/;

/** "some-stored_value" → "Some Stored Value": the fallback for values added in WordPress later. */
export function titleCase(value: string): string {
  // Only each word's first letter is raised: "CVT" and "eV" keep their other letters as stored.
  return value
    .split(WORD_SEPARATORS)
    .filter(Boolean)
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join(' ');
}

export function fuelTypeLabel(value: string): string {
  const v = value.trim();
  return FUEL.get(v.toLowerCase()) ?? titleCase(v);
}

export function transmissionLabel(value: string): string {
  const v = value.trim();
  return TRANSMISSION.get(v.toLowerCase()) ?? titleCase(v);
}

/** Body and drive types are stored in display form already (SUV, Sports Car, AWD). */
export function bodyTypeLabel(value: string): string {
  return value.trim();
}

/**
 * 1234567 → "1,234,567"; -1200 → "-1,200": Intl's en-US grouping, for whole numbers (a fraction is
 * rounded half up first). By hand rather than with Intl: the first Intl call of a page loads the
 * browser's locale data on the main thread while the page hydrates (94 ms in headless Chromium on the
 * 2-core test machine, several times that on the slow phone Lighthouse models), and each later
 * `toLocaleString('en-US')` still cost 44 µs there, for about 150 numbers on an explore page.
 */
export function groupDigits(value: number): string {
  // A comma before every run of three digits that ends the number (never at its start).
  return String(Math.round(value)).replace(/\B(?=(\d{3})+$)/g, ',');
}

/** A number a label can show: null, undefined, NaN and the infinities are none. */
function isShownNumber(n: number | null | undefined): n is number {
  return Number.isFinite(n);
}

/** Kilometres in one statute mile (exact, by definition of the international mile). */
export const KM_PER_MILE = 1.609344;

/**
 * Miles to kilometres, rounded to the nearest whole kilometre (halves up), from the miles as stored,
 * not from the rounded miles shown, so 0.4 mi reads "0 mi (1 km)".
 */
export function milesToKm(miles: number): number {
  return Math.round(miles * KM_PER_MILE);
}

/**
 * "12,000 mi (19,312 km)": miles first (the catalogue's unit), kilometres beside them for the many
 * buyers who think in km; both rounded to whole units. A car never driven reads "New", the word a
 * buyer looks for, not "0 mi (0 km)". null for an unknown mileage.
 */
export function mileageLabel(miles: number | null | undefined): string | null {
  if (!isShownNumber(miles)) return null;
  if (miles === 0) return 'New';
  return `${groupDigits(miles)} mi (${groupDigits(milesToKm(miles))} km)`;
}

/** "$45,000", or "Contact for Price" when the car has no price. */
export function priceLabel(usd: number | null | undefined): string {
  if (!isShownNumber(usd)) return 'Contact for Price';
  return `$${groupDigits(usd)}`;
}
