// zod schemas of every payload the site reads from WordPress (GraphQL data and REST bodies).
// Payloads are parsed here, at the boundary: a changed or broken back end fails loudly in one place
// instead of rendering undefined. Unknown extra fields are ignored (zod strips them), so the plugin
// can grow without breaking the site.
import { z } from 'zod';

/** Nullable text: WordPress sends null or "" for an empty field; both mean "missing". */
const text = z.string().nullish().transform((v) => v ?? '');
const int = z.number().int();
const optionalInt = int.nullish().transform((v) => v ?? null);

// --- GraphQL ------------------------------------------------------------------------------------

export const imageSizeSchema = z.object({
  name: z.string(),
  url: z.string(),
  width: int,
  height: int,
  /** image/webp for the plugin's sub-sizes, the upload's own type for "full", image/avif for AVIF copies. */
  mimeType: z.string(),
});

export const imageSchema = z.object({
  id: int.optional(),
  alt: text,
  url: z.string(),
  width: int,
  height: int,
  sizes: z.array(imageSizeSchema).default([]),
});
export type WpImage = z.infer<typeof imageSchema>;

/** CarSaleStatus (AVAILABLE, RESERVED, SOLD), as the site spells it; an unknown status fails loudly. */
export const saleStatusSchema = z
  .string()
  .transform((v) => v.toLowerCase())
  .pipe(z.enum(['available', 'reserved', 'sold']));

/** The fields a card needs (lists, featured, search). */
export const carCardNodeSchema = z.object({
  databaseId: int,
  saleStatus: saleStatusSchema,
  title: z.string(),
  price: optionalInt,
  brand: text,
  model: text,
  year: optionalInt,
  mileage: optionalInt,
  bodyType: text,
  fuelType: text,
  transmission: text,
  features: z.array(z.string()).nullish().transform((v) => v ?? []),
  description: text,
  image: imageSchema.nullish().transform((v) => v ?? null),
});
export type WpCarCardNode = z.infer<typeof carCardNodeSchema>;

/** Everything the detail page shows. */
export const carDetailNodeSchema = carCardNodeSchema.extend({
  subtitle: text,
  condition: text,
  driveType: text,
  color: text,
  cylinders: optionalInt,
  countrySpec: text,
  doors: optionalInt,
  seats: optionalInt,
  engineSize: text,
  trim: text,
  registered: text,
  history: text,
  stockNumber: text,
  date: z.string(),
  images: z.array(imageSchema).nullish().transform((v) => v ?? []),
  similarCars: z.array(carCardNodeSchema).nullish().transform((v) => v ?? []),
});
export type WpCarDetailNode = z.infer<typeof carDetailNodeSchema>;

export const carConnectionSchema = z.object({
  nodes: z.array(carCardNodeSchema),
  total: int,
  page: int,
  perPage: int,
  totalPages: int,
});

export const carFiltersSchema = z.object({
  brands: z.array(z.string()),
  models: z.array(z.string()),
  bodyTypes: z.array(z.string()),
  fuelTypes: z.array(z.string()),
  transmissions: z.array(z.string()),
  driveTypes: z.array(z.string()),
  years: z.array(int),
  priceRange: z.object({ min: int, max: int }),
});

const filterOptionsSchema = z.array(z.object({ value: z.string(), count: int.nonnegative() }));
export const carFilterFacetsSchema = z.object({
  priceRange: z.object({ min: int, max: int }),
  matchingPriceRange: z.object({ min: int, max: int }),
  bodyTypeOptions: filterOptionsSchema,
  fuelTypeOptions: filterOptionsSchema,
  transmissionOptions: filterOptionsSchema,
  brandOptions: filterOptionsSchema,
  modelOptions: filterOptionsSchema,
  driveTypeOptions: filterOptionsSchema,
  yearOptions: filterOptionsSchema,
});

export const portSchema = z.object({
  databaseId: int,
  name: z.string(),
  country: z.string(),
  roroFreight: int.nonnegative(),
  containerFreight: int.nonnegative(),
  insuranceRate: z.number().nonnegative(),
  transitDays: int.positive(),
  route: z.enum(['sea', 'overland']),
});

export const videoNodeSchema = z.object({
  id: z.union([z.string(), z.number()]).transform(String),
  title: z.string(),
  videoUrl: z.string(),
  thumbnail: imageSchema.nullish().transform((v) => v ?? null),
  duration: optionalInt,
});

export const siteSettingsSchema = z.object({
  phone: text,
  whatsapp: text,
  email: text,
  address: text,
  wechatQr: imageSchema.nullish().transform((v) => v ?? null),
});

export const newsPostNodeSchema = z.object({
  slug: z.string(),
  title: z.string(),
  excerpt: text,
  content: text,
  date: z.string(),
  categories: z.array(z.string()).nullish().transform((v) => v ?? []),
  image: imageSchema.nullish().transform((v) => v ?? null),
  keySpecs: z
    .array(z.object({ label: z.string(), value: z.string() }))
    .nullish()
    .transform((v) => v ?? []),
  heroTitle: text,
  heroSubtitle: text,
});

export const sitemapFileSchema = z.object({ kind: z.enum(['cars', 'news']), from: int, count: int, modified: z.string() });

// Query results, one per document in queries.server.ts.
export const searchCarsDataSchema = z.object({ cars: carConnectionSchema });
export const carDataSchema = z.object({ car: carDetailNodeSchema.nullable() });
export const featuredCarsDataSchema = z.object({ featuredCars: z.array(carCardNodeSchema) });
export const filtersDataSchema = z.object({ carFilters: carFiltersSchema });
export const filterFacetsDataSchema = z.object({ carFilters: carFilterFacetsSchema });
export const homeDataSchema = z.object({
  featuredCars: z.array(carCardNodeSchema),
  carFilters: carFiltersSchema,
  videos: z.array(videoNodeSchema),
  siteSettings: siteSettingsSchema,
});
export const carPageDataSchema = z.object({
  car: carDetailNodeSchema.nullable(),
  siteSettings: siteSettingsSchema,
  ports: z.array(portSchema),
});
export const portsDataSchema = z.object({ ports: z.array(portSchema) });
export const videosDataSchema = z.object({ videos: z.array(videoNodeSchema) });
export const siteSettingsDataSchema = z.object({ siteSettings: siteSettingsSchema });
export const newsPostDataSchema = z.object({ newsPost: newsPostNodeSchema.nullable() });
/** A preview also says whether it shows edits not saved yet (Preview Changes of a published post). */
export const carPreviewDataSchema = carPageDataSchema.extend({ unsavedEdits: z.boolean() });
export const newsPostPreviewDataSchema = newsPostDataSchema.extend({ unsavedEdits: z.boolean() });
export const carsByIdsDataSchema = z.object({ carsByIds: z.array(carDetailNodeSchema) });
export const newsIndexNodeSchema = newsPostNodeSchema.pick({ slug: true, title: true, excerpt: true, date: true, categories: true, image: true });
export const newsIndexDataSchema = z.object({
  newsPosts: z.object({ nodes: z.array(newsIndexNodeSchema), total: int, page: int, perPage: int, totalPages: int }),
});
export const sitemapFilesDataSchema = z.object({ sitemapFiles: z.array(sitemapFileSchema) });
export const sitemapEntriesDataSchema = z.object({
  sitemapEntries: z
    .object({ keys: z.array(z.string()), modified: z.array(z.string()) })
    .refine((e) => e.keys.length === e.modified.length, 'keys and modified differ in length'),
});

// --- REST ---------------------------------------------------------------------------------------

/** POST /jwt-auth/v1/token */
export const loginResponseSchema = z.object({
  token: z.string().min(1),
  user_email: z.string(),
  user_nicename: z.string(),
  user_display_name: z.string(),
});

/** POST /jwt-auth/v1/token/validate: only the status matters; the body is not relied on. */
export const validTokenSchema = z.unknown();

/** POST /car-export/v1/password/forgot, /account/delete, /account/email, /password/check: only the status matters. */
export const acceptedSchema = z.unknown();

/** GET and POST /car-export/v1/account */
export const accountSchema = z.object({
  id: int,
  username: z.string(),
  email: z.string(),
  displayName: z.string(),
  pendingEmail: z.string().nullable(),
});

/** GET /car-export/v1/account/inquiries */
export const buyerInquiriesSchema = z.object({
  inquiries: z.array(
    z.object({
      id: int,
      carId: int,
      carTitle: z.string(),
      date: z.string(),
      message: z.string(),
      status: z.enum(['sent', 'answered']),
    }),
  ),
});

/** POST /car-export/v1/register */
export const registerResponseSchema = z.object({
  token: z.string().min(1),
  user_id: int,
  username: z.string(),
  email: z.string(),
});

/** GET /car-export/v1/favorites: the account's cars as cards, in the GraphQL Car type's shape. */
export const favoritesListSchema = z.object({
  success: z.boolean(),
  favorites: z.array(carCardNodeSchema),
});

/** GET /car-export/v1/favorites?fields=ids: only the ids of the account's (published) cars. */
export const favoriteIdsSchema = z.object({
  success: z.boolean(),
  favorites: z.array(int),
});

export const favoriteToggleSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  favorites: z.array(int).default([]),
});

/** A saved search's filter as WordPress stored it (the catalogue search's own reading of it). */
const savedFilterSchema = z.object({
  search: z.string().optional(),
  bodyType: z.string().optional(),
  fuelType: z.string().optional(),
  transmission: z.string().optional(),
  brand: z.string().optional(),
  model: z.string().optional(),
  drive: z.string().optional(),
  year: int.optional(),
  minPrice: int.optional(),
  maxPrice: int.optional(),
  includeSold: z.boolean().optional(),
});

/** /car-export/v1/saved-searches (every answer: the account's list after the change). */
export const savedSearchesSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  max: int,
  searches: z.array(
    z.object({ id: int, name: z.string(), filter: savedFilterSchema, created: z.string(), paused: z.boolean() }),
  ),
});

/** POST /car-export/v1/contact and /inquiries */
export const messageResultSchema = z.object({ success: z.boolean(), message: z.string() });

/** A WP_Error as the REST API serialises it: {code, message, data: {status, ...}}. */
export const restErrorSchema = z.object({
  code: z.string().optional(),
  message: z.string().optional(),
  data: z
    // limitedBy: whose address a flood limit counted, "visitor" or "peer" (the site's connection).
    .object({ status: z.number().optional(), retryAfter: z.number().optional(), limitedBy: z.string().optional() })
    .passthrough()
    .nullish(),
});

/** The payload of the site's JWTs (TokenService::issue); only what the site reads. */
export const tokenPayloadSchema = z.object({
  exp: z.number(),
  data: z.object({ user: z.object({ id: int }).partial() }).partial().optional(),
});
