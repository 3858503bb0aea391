// The site's entities as the rest of the app sees them. The WordPress client maps
// GraphQL and REST payloads into these shapes; nothing outside app/lib/wordpress sees WordPress's.

/** The signed-in user as the root loader exposes it. */
export type SessionUser = {
  id: number;
  username: string;
  email: string;
  displayName: string;
};

/** POST /jwt-auth/v1/token, as WordPress and /api/auth/login answer it. */
export type LoginResponse = {
  token: string;
  user_nicename: string;
  user_email: string;
  user_display_name: string;
};

/** POST /car-export/v1/register, as WordPress and /api/auth/register answer it. */
export type RegisterResponse = {
  token: string;
  user_id: number;
  username: string;
  email: string;
};

/** The signed-in buyer's own account, as /account shows it. */
export type Account = {
  id: number;
  username: string;
  email: string;
  displayName: string;
  /** A new address waiting for its link to be followed. */
  pendingEmail: string | null;
};

/** One inquiry the buyer sent while signed in: what the buyer may see of it, nothing internal. */
export type BuyerInquiry = {
  id: number;
  carId: number;
  carTitle: string;
  /** ISO 8601. */
  date: string;
  message: string;
  /** "answered" once staff have got back to the buyer. */
  status: 'sent' | 'answered';
};

/** One size of a WordPress image. */
export type ImageSource = { url: string; width: number; height: number };

export type CarImage = {
  url: string;
  alt: string;
  width: number;
  height: number;
  /** The 300×300 crop used for thumbnails and cards (gallery thumbnails use the 300x300 variant). */
  thumb: ImageSource;
  /** The sizes of the picture's shape in its sub-sizes' format (WebP), smallest first, for srcset. */
  sizes: ImageSource[];
  /** The same sizes as AVIF copies, when WordPress could write AVIF; empty otherwise. */
  avif: ImageSource[];
};

/** Whether a car can still be bought; a sold car keeps its page but leaves the catalogue list. */
export type SaleStatus = 'available' | 'reserved' | 'sold';

/** A car on a card or list row, plus what the favourites page reads. */
export type CarCard = {
  saleStatus: SaleStatus;
  id: number;
  title: string;
  /** Display text: "$45,000" or "Contact for Price". */
  price: string;
  /** USD, null for Contact for Price. */
  priceValue: number | null;
  /** Main image URL, null when the car has none (the UI shows the placeholder). */
  image: string | null;
  featured_image: CarImage | null;
  fuelType: string;
  bodyType: string;
  transmission: string;
  features: string[];
  description: string;
  all_fields: { year: number | null; make: string; model: string; mileage: number | null };
};

export type CarSpec = { label: string; value: string };

/** The car detail page. Empty text fields are "" in WordPress, "N/A" in specs. */
export type CarDetail = {
  id: number;
  title: string;
  subtitle: string;
  price: string;
  priceValue: number | null;
  brand: string;
  model: string;
  image: string | null;
  images: CarImage[];
  specs: CarSpec[];
  features: string[];
  condition: string;
  bodyType: string;
  year: number | null;
  mileage: number | null;
  transmission: string;
  color: string;
  fuelType: string;
  driveType: string;
  cylinders: number | null;
  countrySpec: string;
  doors: number | null;
  seats: number | null;
  engineSize: string;
  trim: string;
  registered: string;
  history: string;
  stockNumber: string;
  /** Seller Note as WordPress HTML; sanitise before rendering. "" when absent. */
  description: string;
  /** ISO date the car was listed. */
  date: string;
  saleStatus: SaleStatus;
  /** Available cars of the same body type and price band, closest price first (at most 4). */
  similar: CarCard[];
};

/** A destination port staff keep in WordPress, with the figures of the landed-price estimate. */
export type Port = {
  id: number;
  name: string;
  country: string;
  /** USD per car. */
  roroFreight: number;
  /** USD per car. */
  containerFreight: number;
  /** Percent of FOB price plus freight. */
  insuranceRate: number;
  transitDays: number;
  /** Overland (Almaty): the RoRo figure is a car-carrier truck, the container one a rail container. */
  route: 'sea' | 'overland';
};

/** One page of catalogue search results. */
export type CarListResult = {
  cars: CarCard[];
  total: number;
  page: number;
  limit: number;
  totalPages: number;
};

/** Query of the explore page and /api/search/cars. */
export type CarSearchParams = {
  page?: number;
  /** Cars per page: 12 by default, 100 with showAll. */
  limit?: number;
  search?: string;
  bodyType?: string;
  fuelType?: string;
  transmission?: string;
  brand?: string;
  model?: string;
  drive?: string;
  year?: number;
  minPrice?: number;
  maxPrice?: number;
  sortBy?: 'recent' | 'price';
  sortOrder?: 'asc' | 'desc';
  showAll?: boolean;
  /** Also list sold cars (hidden by default). */
  includeSold?: boolean;
};

/** The values the explore filters offer. */
export type FilterOptions = {
  brands: string[];
  bodyTypes: string[];
  fuelTypes: string[];
  transmissions: string[];
  models: string[];
  driveTypes: string[];
  years: number[];
  priceRange: { min: number; max: number };
};

/** A filter value and how many cars of the current search it leads to (0: none, shown unavailable). */
export type FilterOption = { value: string; count: number };

/**
 * The explore panel's lists for one search: every value of each list with its count (the count of
 * cars matching the search with that list's own choice replaced by the value), the catalogue's
 * price range (the slider's ends) and the range among the search's cars but its price bounds.
 */
export type FilterFacets = {
  brands: FilterOption[];
  bodyTypes: FilterOption[];
  fuelTypes: FilterOption[];
  transmissions: FilterOption[];
  models: FilterOption[];
  driveTypes: FilterOption[];
  years: FilterOption[];
  priceRange: { min: number; max: number };
  matchingPriceRange: { min: number; max: number };
};

export type Video = {
  id: string;
  title: string;
  thumbnail: string | null;
  videoUrl: string;
  duration: number | null;
};

export type SiteSettings = {
  phone: string;
  whatsapp: string;
  email: string;
  address: string;
  wechatQr: string | null;
};

export type NewsPost = {
  slug: string;
  title: string;
  excerpt: string;
  content: string;
  date: string;
  categories: string[];
  image: CarImage | null;
  keySpecs: CarSpec[];
  heroTitle: string;
  heroSubtitle: string;
};

/** One entry of the news index. */
export type NewsSummary = Pick<NewsPost, 'slug' | 'title' | 'excerpt' | 'date' | 'categories' | 'image'>;

/** One page of the news index. */
export type NewsListResult = { posts: NewsSummary[]; total: number; page: number; perPage: number; totalPages: number };

/** A message from the contact form. */
export type ContactMessage = {
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber?: string;
  message?: string;
};

/** An inquiry about one car, from its page. */
export type CarInquiry = {
  name: string;
  phoneNumber: string;
  emailAddress: string;
  carId: number;
  message?: string;
  /** The destination port chosen on the car page, and how the car would ship there. */
  portId?: number;
  shipping?: 'roro' | 'container';
};

/** What the site forwards about the visitor with a contact message or inquiry. */
export type VisitorContext = {
  /** Advertising cookie ids (sent as headers when present). */
  adIds: { fbp?: string; fbc?: string; gclid?: string; ttp?: string };
  ip?: string;
  userAgent?: string;
};

export type MessageResult = { success: boolean; message: string };

export type FavoritesList = { success: boolean; favorites: CarCard[] };

/** A saved search's filters: the catalogue query without its sort and paging. */
export type SavedSearchFilter = Pick<
  CarSearchParams,
  'search' | 'bodyType' | 'fuelType' | 'transmission' | 'brand' | 'model' | 'drive' | 'year' | 'minPrice' | 'maxPrice' | 'includeSold'
>;
export type SavedSearch = { id: number; name: string; filter: SavedSearchFilter; created: string; paused: boolean };
/** The account's saved searches after a read or a change, with WordPress's sentence about the change. */
export type SavedSearchList = { message: string; max: number; searches: SavedSearch[] };
export type FavoriteToggleResult = { success: boolean; message: string; favorites: number[] };

/** Everything the home page needs, in one GraphQL round trip. */
export type HomeData = {
  featured: CarCard[];
  filters: FilterOptions;
  videos: Video[];
  settings: SiteSettings;
};
