// The one module that knows WordPress's addresses. Catalogue reads go through the plugin's GraphQL
// endpoint (one query per screen where it can, cached by cache.server.ts); sign-in, sign-up,
// favourites, contact and inquiries go through its REST routes and are never cached. Every payload
// is parsed with zod (schemas.server.ts) and mapped to the site's entities (map.server.ts).
import { ClientError, GraphQLClient } from 'graphql-request';
import type { z } from 'zod';
import { isCarId } from '~/forms/car-id';
import { cacheKey, cachedCatalogueRead, type CatalogueReadOptions } from '~/lib/wordpress/catalogue-cache.server';
import { env } from '~/lib/server/env.server';
import { CircuitBreaker, CircuitOpenError } from './breaker.server';
import { HANG_MS, HangWatch } from './hang-watch.server';
import { signVisitor, VISITOR_HEADER } from './visitor-signature.server';
import { contextualFetch } from '~/lib/server/request-context.server';
import * as map from './map.server';
import * as Q from './queries.server';
import * as S from './schemas.server';
import * as D from './deal-schemas.server';
import type { Deal, DealRequest, DealSummary } from '~/lib/deals/types';
import { effectiveLimit } from './search-params';
import type {
  Account,
  BuyerInquiry,
  CarCard,
  CarDetail,
  CarInquiry,
  CarListResult,
  CarSearchParams,
  ContactMessage,
  FavoritesList,
  FavoriteToggleResult,
  FilterFacets,
  FilterOptions,
  HomeData,
  LoginResponse,
  MessageResult,
  NewsListResult,
  NewsPost,
  Port,
  RegisterResponse,
  SavedSearchFilter,
  SavedSearchList,
  SiteSettings,
  Video,
  VisitorContext,
} from './types';

/** The client's time-out for a write (sign-in, favourites, a lead): 10 s, as the browser client had. */
export const TIMEOUT_MS = 10_000;
/**
 * Catalogue reads answer in tens of milliseconds; one that takes seconds means WordPress is in
 * trouble, and a visitor is better served by a stale copy or a quick "try again" than by a long wait.
 */
export const READ_TIMEOUT_MS = 4_000;
/**
 * How long a visitor waits for WordPress to take their lead before the outbox takes it instead (it is
 * safe there and sent again under the same key, so WordPress storing the first try late makes no
 * second lead). The outbox's own deliveries get the full write time-out.
 */
export const LEAD_ANSWER_MS = 2_500;
const HOME_VIDEOS = 4;
/** A car that does not exist yet may be published any minute; "not found" is kept briefly. */
const NOT_FOUND_TTL_MS = 30_000;
const SERVER_USER_AGENT = 'car-export-site (Remix)';
/** The plugin's carsByIds answers at most this many ids. */
export const CARS_BY_IDS_MAX = 24;

/**
 * A failed call. `message` is the body's message, else `HTTP error! status: {code}`;
 * `status` is the HTTP status, 0 for a network failure or time-out.
 */
export class WordPressError extends Error {
  override name = 'WordPressError';
  constructor(
    message: string,
    public status: number,
    /** WordPress's error code (e.g. "[jwt_auth] incorrect_password"), when it sent one. */
    public code?: string,
    /** Seconds to wait, when WordPress rate-limited the call (429) or is unavailable. */
    public retryAfter?: number,
    /**
     * A 429 counted on the connection's address rather than the visitor's (WordPress did not believe
     * the signed address): every visitor of the site shares that limit, so it says nothing about this one.
     */
    public sharedLimit = false,
  ) {
    super(message);
  }
}

/** Code of the error a call gets while the circuit breaker holds WordPress for down. */
export const CIRCUIT_OPEN = 'circuit_open';
/** Code of a GraphQL error answered with HTTP 200: WordPress is up, the query failed. */
const GRAPHQL_ERROR = 'graphql_error';

/**
 * WordPress could not answer: unreachable, timed out, a 5xx, an answer that is not what it sends, or
 * the breaker holding it for down. A caller may retry later or serve a stale copy. A refusal (4xx) is
 * not an outage: WordPress looked at the request and said no.
 */
export function isWordPressOutage(error: unknown): boolean {
  if (!(error instanceof WordPressError)) return false;
  if (error.code === GRAPHQL_ERROR) return false;
  return error.status === 0 || error.status >= 500;
}

/** Optional fields of a lead that only WordPress looks at. */
export type LeadOptions = {
  /** Stored with the lead; a repeat with the same key gets the first answer instead of a second lead. */
  idempotencyKey?: string;
  /** Time-out of this call, when shorter than the write time-out (see LEAD_ANSWER_MS). */
  timeoutMs?: number;
  /** The form's hidden honeypot field, as submitted (a person leaves it empty). */
  honeypot?: string;
  /** How long the visitor spent on the form, in ms, when known. */
  fillMs?: number;
  /** Whether the form's page ran its script in the sender's browser; unknown for a script's own form. */
  scripted?: boolean;
  /** The signed-in sender's token: WordPress stores the lead as that account's. */
  token?: string;
};

export type CarPageData = { car: CarDetail | null; settings: SiteSettings; ports: Port[] };
export type SitemapKind = 'cars' | 'news';
/** One sitemap file: the entries of a kind from id `from` on (its name), and when the latest changed. */
export type SitemapFile = { kind: SitemapKind; from: number; count: number; modified: string };
/** A car's id or a news post's slug, and when it last changed. */
export type SitemapEntry = { key: string; modified: string };

export interface WordPressClient {
  searchCars(p: CarSearchParams): Promise<CarListResult>;
  getCar(id: number): Promise<CarDetail | null>;
  featuredCars(limit: number): Promise<CarCard[]>;
  /** The filter lists; sold cars' values only with includeSold. */
  filterOptions(includeSold?: boolean): Promise<FilterOptions>;
  /** The explore panel's lists with each option's count for this search (only its filters matter). */
  filterFacets(p: CarSearchParams): Promise<FilterFacets>;
  /** Destination ports of the landed-price estimate. */
  ports(): Promise<Port[]>;
  homeData(featuredLimit: number): Promise<HomeData>;
  /** The car page's car and the seller's contact details in one round trip. */
  carPage(id: number): Promise<CarPageData>;
  videos(limit?: number): Promise<Video[]>;
  siteSettings(): Promise<SiteSettings>;
  newsPost(slug: string): Promise<NewsPost | null>;
  /** Published cars by id, in the order asked; unknown, unpublished and repeated ids left out (at most 24 ids). */
  carsByIds(ids: readonly number[]): Promise<CarDetail[]>;
  /** One page of published news posts, newest first. */
  newsIndex(page: number, perPage: number): Promise<NewsListResult>;
  /** An unpublished car for a staff preview (never cached); car is null when WordPress refuses the token. */
  carPreview(token: string): Promise<CarPageData & { unsavedEdits: boolean }>;
  /** An unpublished news post for a staff preview (never cached); null when WordPress refuses the token. */
  newsPostPreview(token: string): Promise<{ post: NewsPost | null; unsavedEdits: boolean }>;
  /** The sitemap's files (for /sitemap.xml, the index). */
  sitemapFiles(): Promise<SitemapFile[]>;
  /** One sitemap file's entries in id order; empty when no entry is left from `from` on. */
  sitemapEntries(kind: SitemapKind, from: number): Promise<SitemapEntry[]>;
  /** `visitor` (optional) forwards the visitor's address so sign-in limits apply per visitor. */
  login(username: string, password: string, visitor?: VisitorContext): Promise<LoginResponse>;
  register(input: { username: string; email: string; password: string }, visitor?: VisitorContext): Promise<RegisterResponse>;
  /** true when WordPress accepts the token, false when it rejects it (401/403); throws otherwise. */
  validateToken(token: string): Promise<boolean>;
  /** Asks WordPress to mail a reset link; the same answer whatever the address. */
  forgotPassword(email: string, visitor: VisitorContext): Promise<void>;
  /** Whether a reset link (login + key) still works. */
  resetKeyWorks(login: string, key: string, visitor: VisitorContext): Promise<boolean>;
  /** Sets a new password with a reset link; the answer signs the buyer in. */
  resetPassword(input: { login: string; key: string; password: string }, visitor: VisitorContext): Promise<LoginResponse>;
  account(token: string): Promise<Account>;
  /** The name changes at once; a new e-mail address waits for the link sent to it. */
  updateAccount(token: string, input: { displayName: string; email: string }): Promise<Account>;
  /** The answer carries a new token: every earlier one of the account is refused from now on. */
  changePassword(token: string, input: { currentPassword: string; password: string }): Promise<LoginResponse>;
  deleteAccount(token: string, password: string): Promise<void>;
  /** Follows the link sent to a new e-mail address. */
  confirmEmail(userId: number, key: string, visitor: VisitorContext): Promise<void>;
  buyerInquiries(token: string): Promise<BuyerInquiry[]>;
  favorites(token: string): Promise<FavoritesList>;
  /** Only the ids of the account's favourites (published cars), without their cards. */
  favoriteIds(token: string): Promise<number[]>;
  toggleFavorite(token: string, carId: number, action: 'add' | 'remove'): Promise<FavoriteToggleResult>;
  /** The account's saved searches (alerts of new matches). */
  savedSearches(token: string): Promise<SavedSearchList>;
  saveSearch(token: string, name: string, filter: SavedSearchFilter): Promise<SavedSearchList>;
  /** Renames a saved search or pauses/resumes its e-mails. */
  updateSavedSearch(token: string, id: number, change: { name?: string; paused?: boolean }): Promise<SavedSearchList>;
  deleteSavedSearch(token: string, id: number): Promise<SavedSearchList>;
  /** Stops every alert of an account, allowed by the signed token of its alert mail. */
  unsubscribeAlerts(user: number, token: string): Promise<{ message: string }>;
  /** The buyer's deals, newest first. */
  deals(token: string): Promise<DealSummary[]>;
  /** One of the buyer's deals; another's, or an id never issued, is a 404 WordPressError. */
  deal(token: string, id: string): Promise<Deal>;
  /** A quote request, or Buy Now (reserves the car); the same key answers the same deal. */
  createDeal(token: string, request: DealRequest, idempotencyKey: string, buyNow: boolean): Promise<Deal>;
  /** Accepts or declines the quote; a step the state does not allow is a 409 with the reason. */
  dealStep(token: string, id: string, step: 'accept' | 'decline'): Promise<Deal>;
  sendDealMessage(token: string, id: string, message: string): Promise<Deal>;
  /** The proof of payment as a multipart upload; WordPress checks its content (400) and size (413). */
  uploadDealProof(token: string, id: string, file: Blob, name: string): Promise<Deal>;
  /** The proforma invoice or a released file, unread: the caller streams its body to the buyer. */
  dealDownload(token: string, id: string, what: { invoice: true } | { fileId: string }): Promise<Response>;
  sendContact(msg: ContactMessage, visitor: VisitorContext, lead?: LeadOptions): Promise<MessageResult>;
  sendInquiry(inq: CarInquiry, visitor: VisitorContext, lead?: LeadOptions): Promise<MessageResult>;
  /** The breaker's view of WordPress, for readiness checks. */
  readonly breaker: CircuitBreaker;
}

export type ClientOptions = {
  /** WordPress's base URL, without /graphql or /wp-json. */
  baseUrl: string;
  fetch?: typeof fetch;
  /** Time-out of writes (REST). */
  timeoutMs?: number;
  /** Time-out of catalogue reads (GraphQL). */
  readTimeoutMs?: number;
  /** A read with no answer at all from WordPress for this long finds it hung (hang-watch.server.ts). */
  hangMs?: number;
  /** Off in unit tests, which must see every call. */
  cache?: boolean;
  breaker?: CircuitBreaker;
  /** The secret the visitor's address is signed with for WordPress (PURGE_SECRET); none, it is sent unsigned. */
  visitorSecret?: string | null;
};

type RestInit = {
  method?: 'GET' | 'POST' | 'DELETE';
  body?: unknown;
  token?: string;
  visitor?: VisitorContext;
  idempotencyKey?: string;
  /** Shorter than the client's write time-out, for this call only. */
  timeoutMs?: number;
  /** Gives up as soon as WordPress is found hung (hang-watch.server.ts): only for calls safe to repeat. */
  watchHang?: boolean;
};

/** The search as GraphQL variables: empty values left out, sort mapped to orderBy + order. */
export function searchVariables(p: CarSearchParams) {
  const filter: Record<string, string | number | boolean> = {};
  const texts = ['search', 'bodyType', 'fuelType', 'transmission', 'brand', 'model', 'drive'] as const;
  for (const key of texts) {
    const v = p[key]?.trim();
    if (v) filter[key] = v;
  }
  for (const key of ['year', 'minPrice', 'maxPrice'] as const) {
    const v = p[key];
    if (typeof v === 'number' && Number.isFinite(v)) filter[key] = Math.trunc(v);
  }
  if (p.includeSold) filter.includeSold = true;
  return {
    filter,
    orderBy: p.sortBy === 'price' ? ('PRICE' as const) : ('DATE' as const),
    order: p.sortOrder === 'asc' ? ('ASC' as const) : ('DESC' as const),
    page: Math.max(1, Math.trunc(p.page ?? 1)),
    perPage: effectiveLimit(p),
  };
}

/** The variables as one flat object, for a cache key. */
function flatVars(v: ReturnType<typeof searchVariables>): Record<string, unknown> {
  const { filter, ...rest } = v;
  return { ...filter, ...rest };
}

/** `promise`, or the signal's reason once it aborts, whichever comes first. */
function beforeDeadline<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}

function networkError(err: unknown): WordPressError {
  const timedOut = err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError');
  return new WordPressError(timedOut ? 'The request to WordPress timed out.' : 'Network error: WordPress could not be reached.', 0);
}

/**
 * The headers that tell WordPress who the visitor is. WordPress believes the signed address from any
 * network address, and X-Forwarded-For only from a proxy it trusts (loopback, or addresses its
 * operator listed), which is how a WordPress without the shared secret still tells visitors apart.
 */
function visitorHeaders(visitor: VisitorContext | undefined, secret: string | null): Record<string, string> {
  const h: Record<string, string> = { 'User-Agent': visitor?.userAgent || SERVER_USER_AGENT };
  if (visitor?.ip) {
    h['X-Forwarded-For'] = visitor.ip;
    if (secret) h[VISITOR_HEADER] = signVisitor(visitor.ip, secret);
  }
  const ids = visitor?.adIds ?? {};
  if (ids.fbp) h['X-Ad-Fbp'] = ids.fbp;
  if (ids.fbc) h['X-Ad-Fbc'] = ids.fbc;
  if (ids.gclid) h['X-Ad-Gclid'] = ids.gclid;
  if (ids.ttp) h['X-Ad-Ttp'] = ids.ttp;
  return h;
}

export function createWordPressClient(options: ClientOptions): WordPressClient {
  const base = options.baseUrl.replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? TIMEOUT_MS;
  const readTimeoutMs = options.readTimeoutMs ?? READ_TIMEOUT_MS;
  const useCache = options.cache ?? true;
  const breaker = options.breaker ?? new CircuitBreaker();
  const visitorSecret = options.visitorSecret ?? null;
  const hangWatch = new HangWatch(breaker, options.hangMs ?? HANG_MS);
  // Every answer, read or write, tells the hang watch that WordPress is alive.
  const doFetch = hangWatch.watch(options.fetch ?? globalThis.fetch);

  /** Every call goes through the breaker; an open circuit answers at once with a 503. */
  async function guarded<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await breaker.run(call, isWordPressOutage);
    } catch (err) {
      if (err instanceof CircuitOpenError) {
        throw new WordPressError(
          'WordPress is unavailable right now. Please try again shortly.',
          503,
          CIRCUIT_OPEN,
          Math.max(1, Math.ceil(err.retryInMs / 1000)),
        );
      }
      throw err;
    }
  }

  // GET, so the reads are cacheable by any HTTP cache between the site and WordPress.
  const graphql = new GraphQLClient(`${base}/graphql`, {
    method: 'GET',
    fetch: doFetch,
    headers: { 'User-Agent': SERVER_USER_AGENT },
  });

  // POST for previews: WordPress marks POST answers as never stored, so no cache between keeps a draft.
  const graphqlPost = new GraphQLClient(`${base}/graphql`, {
    method: 'POST',
    fetch: doFetch,
    headers: { 'User-Agent': SERVER_USER_AGENT },
  });

  function query<T extends z.ZodTypeAny>(
    document: string,
    variables: Record<string, unknown>,
    schema: T,
    via: GraphQLClient = graphql,
  ): Promise<z.output<T>> {
    return guarded(async () => {
      let data: unknown;
      const deadline = hangWatch.deadline(readTimeoutMs);
      try {
        data = await beforeDeadline(via.request({ document, variables, signal: deadline.signal }), deadline.signal);
      } catch (err) {
        if (err instanceof ClientError) {
          const status = err.response.status;
          const first = err.response.errors?.[0]?.message;
          // GraphQL reports a failed field with HTTP 200; as an HTTP status that is a bad gateway answer.
          if (status >= 200 && status < 300) throw new WordPressError(first || 'Unexpected response from WordPress.', 502, GRAPHQL_ERROR);
          throw new WordPressError(first || `HTTP error! status: ${status}`, status);
        }
        throw networkError(err);
      } finally {
        deadline.done();
      }
      const parsed = schema.safeParse(data);
      if (!parsed.success) {
        console.error('WordPress GraphQL answer did not match the schema:', parsed.error.issues.slice(0, 5));
        throw new WordPressError('Unexpected response from WordPress.', 502);
      }
      return parsed.data;
    });
  }

  function cached<T>(key: string, load: () => Promise<T>, opts: CatalogueReadOptions<T> = {}): Promise<T> {
    return useCache ? cachedCatalogueRead(key, load, { staleIfError: isWordPressOutage, ...opts }) : load();
  }

  function rest<T extends z.ZodTypeAny>(
    path: string,
    schema: T,
    init: RestInit = {},
  ): Promise<z.output<T>> {
    return guarded(() => restCall(path, schema, init));
  }

  async function restCall<T extends z.ZodTypeAny>(
    path: string,
    schema: T,
    init: RestInit,
  ): Promise<z.output<T>> {
    const headers: Record<string, string> = { Accept: 'application/json', ...visitorHeaders(init.visitor, visitorSecret) };
    if (init.body !== undefined) headers['Content-Type'] = 'application/json';
    if (init.token) headers.Authorization = `Bearer ${init.token}`;
    if (init.idempotencyKey) headers['Idempotency-Key'] = init.idempotencyKey;
    let res: Response;
    let text: string;
    const callTimeoutMs = Math.min(timeoutMs, init.timeoutMs ?? timeoutMs);
    const deadline = init.watchHang ? hangWatch.deadline(callTimeoutMs) : undefined;
    const signal = deadline?.signal ?? AbortSignal.timeout(callTimeoutMs);
    try {
      // The deadline covers the whole exchange, headers and body: a WordPress that sends headers
      // and then stalls is as down as one that never answers.
      res = await beforeDeadline(
        doFetch(`${base}/wp-json${path}`, {
          method: init.method ?? 'GET',
          headers,
          body: init.body === undefined ? undefined : JSON.stringify(init.body),
          redirect: 'manual',
          signal,
        }),
        signal,
      );
      text = await beforeDeadline(res.text(), signal);
    } catch (err) {
      throw networkError(err);
    } finally {
      deadline?.done();
    }
    let json: unknown = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = null;
    }
    if (!res.ok) throw refusalOf(res, json);
    const parsed = schema.safeParse(json);
    if (!parsed.success) {
      console.error(`WordPress ${path} answer did not match the schema:`, parsed.error.issues.slice(0, 5));
      throw new WordPressError('Unexpected response from WordPress.', 502);
    }
    return parsed.data;
  }

  /**
   * A buyer's call whose body is not JSON: a multipart upload out, or a file back. The answer is
   * returned unread when it succeeded, so a download streams through the site without being held.
   */
  function rawCall(path: string, token: string, init: { method?: 'GET' | 'POST'; body?: FormData } = {}): Promise<Response> {
    return guarded(async () => {
      let res: Response;
      try {
        res = await doFetch(`${base}/wp-json${path}`, {
          method: init.method ?? 'GET',
          headers: { Authorization: `Bearer ${token}`, 'User-Agent': SERVER_USER_AGENT },
          body: init.body,
          redirect: 'manual',
          signal: AbortSignal.timeout(timeoutMs * 3),
        });
      } catch (err) {
        throw networkError(err);
      }
      if (res.ok) return res;
      let json: unknown = null;
      try {
        json = await res.json();
      } catch {
        json = null;
      }
      throw refusalOf(res, json);
    });
  }

  async function dealAnswer(path: string, token: string, init: RestInit = {}): Promise<Deal> {
    return (await rest(path, D.dealAnswerSchema, { ...init, token })).deal;
  }

  const client: WordPressClient = {
    breaker,

    searchCars(p) {
      const vars = searchVariables(p);
      return cached(cacheKey('cars', flatVars(vars)), async () =>
        map.mapCarList((await query(Q.SEARCH_CARS, vars, S.searchCarsDataSchema)).cars),
      );
    },

    async getCar(id) {
      if (!isCarId(id)) return null;
      return cached(
        cacheKey('car', { id }),
        async () => {
          const data = await query(Q.CAR, { id: String(id) }, S.carDataSchema);
          return data.car ? map.mapCarDetail(data.car) : null;
        },
        { freshFor: (car) => (car ? undefined : NOT_FOUND_TTL_MS) },
      );
    },

    async carPage(id) {
      if (!isCarId(id)) return { car: null, settings: await client.siteSettings(), ports: [] };
      return cached(
        cacheKey('carPage', { id }),
        async () => {
          const data = await query(Q.CAR_PAGE, { id: String(id) }, S.carPageDataSchema);
          return {
            car: data.car ? map.mapCarDetail(data.car) : null,
            settings: map.mapSiteSettings(data.siteSettings),
            ports: data.ports.map(map.mapPort),
          };
        },
        { freshFor: (page) => (page.car ? undefined : NOT_FOUND_TTL_MS) },
      );
    },

    featuredCars(limit) {
      const n = clampInt(limit, 1, 24, 4);
      return cached(cacheKey('featured', { n }), async () =>
        (await query(Q.FEATURED_CARS, { limit: n }, S.featuredCarsDataSchema)).featuredCars.map(map.mapCarCard),
      );
    },

    filterOptions(includeSold = false) {
      const sold = includeSold === true;
      return cached(cacheKey('filters', sold ? { includeSold: 1 } : undefined), async () =>
        map.mapFilters((await query(Q.FILTERS_QUERY, { includeSold: sold }, S.filtersDataSchema)).carFilters),
      );
    },

    filterFacets(p) {
      const { filter } = searchVariables(p);
      return cached(cacheKey('facets', filter), async () =>
        map.mapFilterFacets((await query(Q.FILTER_FACETS, { filter }, S.filterFacetsDataSchema)).carFilters),
      );
    },

    ports() {
      return cached(cacheKey('ports'), async () => (await query(Q.PORTS, {}, S.portsDataSchema)).ports.map(map.mapPort));
    },

    homeData(featuredLimit) {
      const n = clampInt(featuredLimit, 1, 24, 4);
      return cached(cacheKey('home', { n }), async () => {
        const data = await query(Q.HOME, { featuredLimit: n, videoLimit: HOME_VIDEOS }, S.homeDataSchema);
        return {
          featured: data.featuredCars.map(map.mapCarCard),
          filters: map.mapFilters(data.carFilters),
          videos: data.videos.map(map.mapVideo),
          settings: map.mapSiteSettings(data.siteSettings),
        };
      });
    },

    videos(limit = HOME_VIDEOS) {
      const n = clampInt(limit, 1, 24, HOME_VIDEOS);
      return cached(cacheKey('videos', { n }), async () =>
        (await query(Q.VIDEOS, { limit: n }, S.videosDataSchema)).videos.map(map.mapVideo),
      );
    },

    siteSettings() {
      return cached(cacheKey('settings'), async () =>
        map.mapSiteSettings((await query(Q.SITE_SETTINGS, {}, S.siteSettingsDataSchema)).siteSettings),
      );
    },

    async carPreview(token) {
      const data = await query(Q.CAR_PREVIEW, { token }, S.carPreviewDataSchema, graphqlPost);
      return {
        car: data.car ? map.mapCarDetail(data.car) : null,
        settings: map.mapSiteSettings(data.siteSettings),
        ports: data.ports.map(map.mapPort),
        unsavedEdits: data.unsavedEdits,
      };
    },

    async newsPostPreview(token) {
      const data = await query(Q.NEWS_POST_PREVIEW, { token }, S.newsPostPreviewDataSchema, graphqlPost);
      return { post: data.newsPost ? map.mapNewsPost(data.newsPost) : null, unsavedEdits: data.unsavedEdits };
    },

    newsPost(slug) {
      const s = slug.trim().toLowerCase();
      // WordPress slugs (sanitize_title) are lower-case letters, digits, hyphens and underscores.
      if (!/^[a-z0-9][a-z0-9_-]{0,199}$/.test(s)) return Promise.resolve(null);
      return cached(
        cacheKey('news', { s }),
        async () => {
          const post = (await query(Q.NEWS_POST, { slug: s }, S.newsPostDataSchema)).newsPost;
          return post ? map.mapNewsPost(post) : null;
        },
        { freshFor: (post) => (post ? undefined : NOT_FOUND_TTL_MS) },
      );
    },

    carsByIds(ids) {
      const wanted = [...new Set(ids.filter(isCarId))].slice(0, CARS_BY_IDS_MAX);
      if (wanted.length === 0) return Promise.resolve([]);
      return cached(cacheKey('carsByIds', { ids: wanted.join(',') }), async () =>
        (await query(Q.CARS_BY_IDS, { ids: wanted.map(String) }, S.carsByIdsDataSchema)).carsByIds.map(map.mapCarDetail),
      );
    },

    newsIndex(page, perPage) {
      const vars = { page: clampInt(page, 1, 10_000, 1), perPage: clampInt(perPage, 1, 100, 10) };
      return cached(cacheKey('newsIndex', vars), async () => {
        const data = (await query(Q.NEWS_INDEX, vars, S.newsIndexDataSchema)).newsPosts;
        return {
          posts: data.nodes.map(map.mapNewsSummary),
          total: data.total,
          page: data.page,
          perPage: data.perPage,
          totalPages: data.totalPages,
        };
      });
    },

    sitemapFiles() {
      return cached(cacheKey('sitemapFiles'), async () => (await query(Q.SITEMAP_FILES, {}, S.sitemapFilesDataSchema)).sitemapFiles);
    },

    sitemapEntries(kind, from) {
      return cached(cacheKey('sitemapEntries', { kind, from }), async () => {
        const { keys, modified } = (await query(Q.SITEMAP_ENTRIES, { kind, from }, S.sitemapEntriesDataSchema)).sitemapEntries;
        return keys.map((key, i) => ({ key, modified: modified[i] ?? '' }));
      });
    },

    login(username, password, visitor) {
      return rest('/jwt-auth/v1/token', S.loginResponseSchema, { method: 'POST', body: { username, password }, visitor });
    },

    register(input, visitor) {
      return rest('/car-export/v1/register', S.registerResponseSchema, {
        method: 'POST',
        body: { username: input.username, email: input.email, password: input.password },
        visitor,
      });
    },

    async validateToken(token) {
      try {
        await rest('/jwt-auth/v1/token/validate', S.validTokenSchema, { method: 'POST', token });
        return true;
      } catch (err) {
        if (err instanceof WordPressError && (err.status === 401 || err.status === 403)) return false;
        throw err;
      }
    },

    async forgotPassword(email, visitor) {
      await rest('/car-export/v1/password/forgot', S.acceptedSchema, { method: 'POST', body: { email }, visitor });
    },

    async resetKeyWorks(login, key, visitor) {
      try {
        await rest('/car-export/v1/password/check', S.acceptedSchema, { method: 'POST', body: { login, key }, visitor });
        return true;
      } catch (err) {
        if (err instanceof WordPressError && err.status === 400) return false;
        throw err;
      }
    },

    resetPassword(input, visitor) {
      return rest('/car-export/v1/password/reset', S.loginResponseSchema, { method: 'POST', body: input, visitor });
    },

    account(token) {
      return rest('/car-export/v1/account', S.accountSchema, { token });
    },

    updateAccount(token, input) {
      return rest('/car-export/v1/account', S.accountSchema, { method: 'POST', token, body: input });
    },

    changePassword(token, input) {
      return rest('/car-export/v1/account/password', S.loginResponseSchema, { method: 'POST', token, body: input });
    },

    async deleteAccount(token, password) {
      await rest('/car-export/v1/account/delete', S.acceptedSchema, { method: 'POST', token, body: { password } });
    },

    async confirmEmail(userId, key, visitor) {
      await rest('/car-export/v1/account/email', S.acceptedSchema, { method: 'POST', body: { user: userId, key }, visitor });
    },

    async buyerInquiries(token) {
      return (await rest('/car-export/v1/account/inquiries', S.buyerInquiriesSchema, { token })).inquiries;
    },

    async favorites(token) {
      const data = await rest('/car-export/v1/favorites', S.favoritesListSchema, { token });
      return { success: data.success, favorites: data.favorites.map(map.mapCarCard) };
    },

    async favoriteIds(token) {
      return (await rest('/car-export/v1/favorites?fields=ids', S.favoriteIdsSchema, { token })).favorites;
    },

    async toggleFavorite(token, carId, action) {
      return map.mapToggle(
        await rest('/car-export/v1/favorites', S.favoriteToggleSchema, { method: 'POST', token, body: { carId, action } }),
      );
    },

    async savedSearches(token) {
      return map.mapSavedSearches(await rest('/car-export/v1/saved-searches', S.savedSearchesSchema, { token }));
    },

    async saveSearch(token, name, filter) {
      return map.mapSavedSearches(
        await rest('/car-export/v1/saved-searches', S.savedSearchesSchema, { method: 'POST', token, body: { name, filter } }),
      );
    },

    async updateSavedSearch(token, id, change) {
      return map.mapSavedSearches(
        await rest(`/car-export/v1/saved-searches/${Math.trunc(id)}`, S.savedSearchesSchema, { method: 'POST', token, body: change }),
      );
    },

    async deleteSavedSearch(token, id) {
      return map.mapSavedSearches(
        await rest(`/car-export/v1/saved-searches/${Math.trunc(id)}`, S.savedSearchesSchema, { method: 'DELETE', token }),
      );
    },

    async unsubscribeAlerts(user, token) {
      const data = await rest('/car-export/v1/alerts/unsubscribe', S.messageResultSchema, { method: 'POST', body: { user, token } });
      return { message: data.message };
    },

    async deals(token) {
      return (await rest('/car-export/v1/deals', D.dealListSchema, { token })).deals;
    },

    async deal(token, id) {
      return dealAnswer(dealPath(id), token);
    },

    createDeal(token, request, idempotencyKey, buyNow) {
      const body: Record<string, string | number | boolean> = {
        carId: request.carId,
        country: request.country,
        tradeTerm: request.tradeTerm,
        shipping: request.shipping,
      };
      if (request.portId) body.portId = request.portId;
      if (request.inspection && !buyNow) body.inspection = true;
      if (request.message?.trim()) body.message = request.message.trim();
      return dealAnswer(buyNow ? '/car-export/v1/deals/buy-now' : '/car-export/v1/deals', token, { method: 'POST', body, idempotencyKey });
    },

    async dealStep(token, id, step) {
      return dealAnswer(`${dealPath(id)}/${step}`, token, { method: 'POST', body: {} });
    },

    async sendDealMessage(token, id, message) {
      return dealAnswer(`${dealPath(id)}/messages`, token, { method: 'POST', body: { message } });
    },

    async uploadDealProof(token, id, file, name) {
      const body = new FormData();
      body.append('file', file, name);
      const res = await rawCall(`${dealPath(id)}/proof`, token, { method: 'POST', body });
      const parsed = D.dealAnswerSchema.safeParse(await res.json().catch(() => null));
      if (!parsed.success) {
        console.error('WordPress deal proof answer did not match the schema:', parsed.error.issues.slice(0, 5));
        throw new WordPressError('Unexpected response from WordPress.', 502);
      }
      return parsed.data.deal;
    },

    async dealDownload(token, id, what) {
      if ('fileId' in what && !/^[0-9a-f]{1,64}$/.test(what.fileId)) throw notFound();
      return rawCall('invoice' in what ? `${dealPath(id)}/invoice` : `${dealPath(id)}/files/${what.fileId}`, token);
    },

    sendContact(msg, visitor, lead = {}) {
      const body: Record<string, string | number> = { firstName: msg.firstName, lastName: msg.lastName, email: msg.email };
      // Phone and comment are omitted when empty.
      if (msg.phoneNumber?.trim()) body.phoneNumber = msg.phoneNumber;
      if (msg.message?.trim()) body.message = msg.message;
      Object.assign(body, spamFields(lead));
      return rest('/car-export/v1/contact', S.messageResultSchema, {
        method: 'POST', body, visitor, idempotencyKey: lead.idempotencyKey, timeoutMs: lead.timeoutMs, watchHang: true,
      });
    },

    sendInquiry(inq, visitor, lead = {}) {
      const body: Record<string, string | number> = {
        name: inq.name,
        phoneNumber: inq.phoneNumber,
        emailAddress: inq.emailAddress,
        carId: inq.carId,
      };
      if (inq.message?.trim()) body.message = inq.message;
      if (inq.portId) {
        body.portId = inq.portId;
        body.shipping = inq.shipping ?? 'roro';
      }
      Object.assign(body, spamFields(lead));
      return rest('/car-export/v1/inquiries', S.messageResultSchema, {
        method: 'POST', body, visitor, token: lead.token, idempotencyKey: lead.idempotencyKey, timeoutMs: lead.timeoutMs, watchHang: true,
      });
    },
  };
  return client;
}

/** WordPress's refusal of a call, with its sentence, code and how long to wait when it said. */
function refusalOf(res: Response, json: unknown): WordPressError {
  const body = S.restErrorSchema.safeParse(json);
  const e = body.success ? body.data : undefined;
  const retryHeader = Number(res.headers.get('retry-after'));
  const retryAfter = e?.data?.retryAfter ?? (Number.isFinite(retryHeader) && retryHeader > 0 ? retryHeader : undefined);
  const sharedLimit = res.status === 429 && e?.data?.limitedBy === 'peer';
  return new WordPressError(e?.message || `HTTP error! status: ${res.status}`, res.status, e?.code, retryAfter, sharedLimit);
}

/** What WordPress answers for a deal that is not the caller's, said by the site without asking. */
function notFound(): WordPressError {
  return new WordPressError('This deal could not be found.', 404, 'car_export_deal_not_found');
}

/** A deal's REST path; an id that is not one WordPress issues is refused here as the same 404. */
function dealPath(id: string): string {
  if (!D.DEAL_ID.test(id)) throw notFound();
  return `/car-export/v1/deals/${id}`;
}

/** The spam-guard fields WordPress judges: the honeypot only when filled, the fill time and script when known. */
function spamFields(lead: LeadOptions): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  if (lead.honeypot) out.website = lead.honeypot.slice(0, 200);
  if (typeof lead.fillMs === 'number' && Number.isFinite(lead.fillMs) && lead.fillMs >= 0) out.fillMs = Math.trunc(lead.fillMs);
  if (typeof lead.scripted === 'boolean') out.scripted = lead.scripted ? 1 : 0;
  return out;
}

function clampInt(n: number, min: number, max: number, fallback: number): number {
  if (!Number.isFinite(n)) return fallback;
  return Math.min(max, Math.max(min, Math.trunc(n)));
}

let instance: WordPressClient | undefined;

/**
 * The process-wide client (its catalogue cache is shared by every request). Its fetch forwards the
 * current request's X-Request-Id to WordPress and counts the calls for the request's log line.
 */
export function getWordPress(): WordPressClient {
  instance ??= createWordPressClient({
    baseUrl: env().wordpressUrl,
    fetch: contextualFetch(globalThis.fetch),
    visitorSecret: env().purgeSecret,
  });
  return instance;
}

/**
 * Tests only: the client getWordPress hands out, e.g. one made by createWordPressClient over a local
 * fake WordPress, so the code that calls getWordPress runs unchanged; undefined builds the real one again.
 */
export function setWordPressForTests(client: WordPressClient | undefined): void {
  instance = client;
}
