// Pure mapping from parsed WordPress payloads to the site's entities (types.ts), with their
// fallbacks: specs built from the fields with "N/A", four default features, images
// defaulting to the single image, prices as display text. No I/O here, so it is unit-tested directly.
import type { z } from 'zod';
import { fuelTypeLabel, mileageLabel, priceLabel, transmissionLabel } from './labels';
import type {
  carConnectionSchema,
  carFilterFacetsSchema,
  carFiltersSchema,
  favoriteToggleSchema,
  loginResponseSchema,
  newsIndexNodeSchema,
  newsPostNodeSchema,
  portSchema,
  registerResponseSchema,
  savedSearchesSchema,
  siteSettingsSchema,
  videoNodeSchema,
  WpCarCardNode,
  WpCarDetailNode,
  WpImage,
} from './schemas.server';
import type {
  CarCard,
  CarDetail,
  CarImage,
  CarListResult,
  CarSpec,
  FavoriteToggleResult,
  FilterFacets,
  FilterOptions,
  ImageSource,
  NewsPost,
  NewsSummary,
  Port,
  SavedSearchList,
  SessionUser,
  SiteSettings,
  Video,
} from './types';

export const NOT_AVAILABLE = 'N/A';

/** The features shown when a car lists none. */
export const DEFAULT_FEATURES: readonly string[] = ['Air Conditioning', 'Bluetooth', 'Navigation System', 'Parking Sensors'];

/** The 300×300 crop the plugin registers: gallery thumbnails use the 300x300 variant. */
const THUMB_SIZE = 'car-thumb';
/** The size used as a card's or list's main image URL: sharp on cards, far lighter than the original. */
const CARD_SIZE = 'large';

// --- images -------------------------------------------------------------------------------------

const AVIF = 'image/avif';

function sizeNamed(image: WpImage, name: string): ImageSource | null {
  const s = image.sizes.find((x) => x.name === name && x.mimeType !== AVIF);
  return s ? { url: s.url, width: s.width, height: s.height } : null;
}

/**
 * The srcset candidates of one picture, smallest first: the sizes of one shape (crops of another
 * shape, the square thumbnails, are left out, or the browser may swap in a square crop) in one
 * format. `sizes` is the sub-sizes' format (WebP from the plugin); the original upload joins it
 * only in that same format or when no sub-size exists, so a WebP list never falls back to a heavy
 * JPEG. `avif` holds the AVIF copies, when WordPress could make them, for a <picture> source.
 */
function srcsetSizes(image: WpImage): { sizes: ImageSource[]; avif: ImageSource[] } {
  // Stryker disable next-line ConditionalExpression,EqualityOperator: an upload of no height gives Infinity or NaN without the guard, and the shape check below leaves no size out for those, as for 0
  const ratio = image.height > 0 ? image.width / image.height : 0;
  // The upload itself, when WordPress lists no "full" size; its format is unknown.
  // Stryker disable next-line StringLiteral: nothing reads this name, and the plugin gives every size a type, never "", so any text here matches no sub-size and only itself, as "" does
  const upload = { name: 'full', url: image.url, width: image.width, height: image.height, mimeType: '' };
  const full = image.sizes.find((s) => s.name === 'full') ?? upload;
  const made = image.sizes.filter((s) => s.name !== 'full');
  const mainType = made.find((s) => s.mimeType !== AVIF)?.mimeType ?? full.mimeType;
  const pick = (keep: (s: WpImage['sizes'][number]) => boolean): ImageSource[] => {
    const byUrl = new Map<string, ImageSource>();
    for (const s of [...made, full]) {
      if (!keep(s) || s.width <= 0 || s.height <= 0) continue;
      if (ratio > 0 && Math.abs(s.width / s.height - ratio) / ratio > 0.02) continue;
      byUrl.set(s.url, { url: s.url, width: s.width, height: s.height });
    }
    return [...byUrl.values()].sort((a, b) => a.width - b.width);
  };
  return {
    // With no sub-size of another format than AVIF, mainType is the original's own format.
    sizes: pick((s) => s.mimeType === mainType),
    avif: pick((s) => s.mimeType === AVIF),
  };
}

/** Staff may leave alt text empty; the car's title then describes the picture. */
export function mapImage(image: WpImage, fallbackAlt: string): CarImage {
  const full: ImageSource = { url: image.url, width: image.width, height: image.height };
  return {
    url: image.url,
    alt: image.alt.trim() || fallbackAlt,
    width: image.width,
    height: image.height,
    thumb: sizeNamed(image, THUMB_SIZE) ?? sizeNamed(image, 'thumbnail') ?? full,
    ...srcsetSizes(image),
  };
}

function cardImageUrl(image: WpImage | null): string | null {
  if (!image) return null;
  return sizeNamed(image, CARD_SIZE)?.url ?? image.url;
}

// --- cars ---------------------------------------------------------------------------------------

export function mapCarCard(node: WpCarCardNode): CarCard {
  return {
    id: node.databaseId,
    saleStatus: node.saleStatus,
    title: node.title,
    price: priceLabel(node.price),
    priceValue: node.price,
    image: cardImageUrl(node.image),
    featured_image: node.image ? mapImage(node.image, node.title) : null,
    fuelType: node.fuelType,
    bodyType: node.bodyType,
    transmission: node.transmission,
    features: node.features,
    description: node.description,
    all_fields: { year: node.year, make: node.brand, model: node.model, mileage: node.mileage },
  };
}

const orNA = (value: string | number | null | undefined): string => {
  const s = String(value ?? '').trim();
  return s === '' ? NOT_AVAILABLE : s;
};

/** The Specifications list of the detail page, in a fixed order, "N/A" for anything missing. */
export function buildSpecs(car: WpCarDetailNode): CarSpec[] {
  const cylinders = car.cylinders === 0 ? (car.fuelType === 'electric' ? 'None (electric)' : '0') : car.cylinders;
  return [
    { label: 'Make', value: orNA(car.brand) },
    { label: 'Model', value: orNA(car.model) },
    { label: 'Year', value: orNA(car.year) },
    { label: 'Mileage', value: orNA(mileageLabel(car.mileage)) },
    { label: 'Condition', value: orNA(car.condition) },
    { label: 'Body Type', value: orNA(car.bodyType) },
    { label: 'Fuel Type', value: orNA(car.fuelType && fuelTypeLabel(car.fuelType)) },
    { label: 'Transmission', value: orNA(car.transmission && transmissionLabel(car.transmission)) },
    { label: 'Drive Type', value: orNA(car.driveType) },
    { label: 'Color', value: orNA(car.color) },
    { label: 'Cylinders', value: orNA(cylinders) },
    { label: 'Country Spec', value: orNA(car.countrySpec) },
    { label: 'Doors', value: orNA(car.doors) },
    { label: 'Seats', value: orNA(car.seats) },
    { label: 'Engine Size', value: orNA(car.engineSize) },
    { label: 'Trim', value: orNA(car.trim) },
    { label: 'Registered', value: orNA(car.registered) },
    { label: 'History', value: orNA(car.history) },
  ];
}

export function mapCarDetail(node: WpCarDetailNode): CarDetail {
  const main = node.image ? mapImage(node.image, node.title) : null;
  const gallery = node.images.map((img, i) => mapImage(img, `${node.title}, photo ${i + 1}`));
  const features = node.features.map((f) => f.trim()).filter(Boolean);
  return {
    id: node.databaseId,
    title: node.title,
    subtitle: node.subtitle,
    price: priceLabel(node.price),
    priceValue: node.price,
    brand: node.brand,
    model: node.model,
    image: main?.url ?? gallery[0]?.url ?? null,
    // A car without an images list shows its single image.
    images: gallery.length > 0 ? gallery : main ? [main] : [],
    specs: buildSpecs(node),
    features: features.length > 0 ? features : [...DEFAULT_FEATURES],
    condition: node.condition,
    bodyType: node.bodyType,
    year: node.year,
    mileage: node.mileage,
    transmission: node.transmission,
    color: node.color,
    fuelType: node.fuelType,
    driveType: node.driveType,
    cylinders: node.cylinders,
    countrySpec: node.countrySpec,
    doors: node.doors,
    seats: node.seats,
    engineSize: node.engineSize,
    trim: node.trim,
    registered: node.registered,
    history: node.history,
    stockNumber: node.stockNumber,
    description: node.description.trim(),
    date: node.date,
    saleStatus: node.saleStatus,
    similar: node.similarCars.map(mapCarCard),
  };
}

export function mapPort(p: z.infer<typeof portSchema>): Port {
  return {
    id: p.databaseId,
    name: p.name,
    country: p.country,
    roroFreight: p.roroFreight,
    containerFreight: p.containerFreight,
    insuranceRate: p.insuranceRate,
    transitDays: p.transitDays,
    route: p.route,
  };
}

/** A card from a car's details (lists built from carsByIds or car(id) rather than from a search). */
export function cardFromDetail(car: CarDetail): CarCard {
  return {
    id: car.id,
    saleStatus: car.saleStatus,
    title: car.title,
    price: car.price,
    priceValue: car.priceValue,
    image: car.image,
    featured_image: car.images[0] ?? null,
    fuelType: car.fuelType,
    bodyType: car.bodyType,
    transmission: car.transmission,
    features: car.features,
    description: car.description,
    all_fields: { year: car.year, make: car.brand, model: car.model, mileage: car.mileage },
  };
}

export function mapCarList(conn: z.infer<typeof carConnectionSchema>): CarListResult {
  return {
    cars: conn.nodes.map(mapCarCard),
    total: conn.total,
    page: conn.page,
    limit: conn.perPage,
    totalPages: conn.totalPages,
  };
}

export function mapFilters(f: z.infer<typeof carFiltersSchema>): FilterOptions {
  return {
    brands: f.brands,
    bodyTypes: f.bodyTypes,
    fuelTypes: f.fuelTypes,
    transmissions: f.transmissions,
    models: f.models,
    driveTypes: f.driveTypes,
    years: f.years,
    priceRange: { min: f.priceRange.min, max: f.priceRange.max },
  };
}

export function mapFilterFacets(f: z.infer<typeof carFilterFacetsSchema>): FilterFacets {
  return {
    brands: f.brandOptions,
    bodyTypes: f.bodyTypeOptions,
    fuelTypes: f.fuelTypeOptions,
    transmissions: f.transmissionOptions,
    models: f.modelOptions,
    driveTypes: f.driveTypeOptions,
    years: f.yearOptions,
    priceRange: f.priceRange,
    matchingPriceRange: f.matchingPriceRange,
  };
}

// --- other content ------------------------------------------------------------------------------

export function mapVideo(v: z.infer<typeof videoNodeSchema>): Video {
  const thumb = v.thumbnail ? (sizeNamed(v.thumbnail, 'medium_large') ?? sizeNamed(v.thumbnail, 'large'))?.url ?? v.thumbnail.url : null;
  return { id: v.id, title: v.title, thumbnail: thumb, videoUrl: v.videoUrl, duration: v.duration };
}

export function mapSiteSettings(s: z.infer<typeof siteSettingsSchema>): SiteSettings {
  return {
    phone: s.phone,
    whatsapp: s.whatsapp,
    email: s.email,
    address: s.address,
    wechatQr: s.wechatQr ? (sizeNamed(s.wechatQr, 'medium') ?? sizeNamed(s.wechatQr, 'car-thumb'))?.url ?? s.wechatQr.url : null,
  };
}

export function mapNewsPost(p: z.infer<typeof newsPostNodeSchema>): NewsPost {
  return {
    slug: p.slug,
    title: p.title,
    excerpt: p.excerpt,
    content: p.content,
    date: p.date,
    categories: p.categories,
    image: p.image ? mapImage(p.image, p.title) : null,
    keySpecs: p.keySpecs,
    heroTitle: p.heroTitle,
    heroSubtitle: p.heroSubtitle,
  };
}

export function mapNewsSummary(p: z.infer<typeof newsIndexNodeSchema>): NewsSummary {
  return {
    slug: p.slug,
    title: p.title,
    excerpt: p.excerpt,
    date: p.date,
    categories: p.categories,
    image: p.image ? mapImage(p.image, p.title) : null,
  };
}

export function mapSavedSearches(r: z.infer<typeof savedSearchesSchema>): SavedSearchList {
  return { message: r.message, max: r.max, searches: r.searches };
}

export function mapToggle(r: z.infer<typeof favoriteToggleSchema>): FavoriteToggleResult {
  return { success: r.success, message: r.message, favorites: r.favorites };
}

// --- users --------------------------------------------------------------------------------------

/**
 * The session user from login: username = user_nicename, email = user_email, displayName =
 * user_display_name. The login answer has no id (0 would do); the token's payload carries the account id
 * (data.user.id), which is more useful, so it is used when present (0 otherwise).
 */
export function userFromLogin(res: z.infer<typeof loginResponseSchema>, tokenUserId: number | null): SessionUser {
  return {
    id: tokenUserId ?? 0,
    username: res.user_nicename,
    email: res.user_email,
    displayName: res.user_display_name,
  };
}

/** The session user from register: id = user_id, displayName = username. */
export function userFromRegister(res: z.infer<typeof registerResponseSchema>): SessionUser {
  return { id: res.user_id, username: res.username, email: res.email, displayName: res.username };
}
