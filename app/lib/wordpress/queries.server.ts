// GraphQL documents of the plugin's schema (wordpress/plugins/car-export/schema.graphql): one
// document per screen where it can be (the home page's featured cars, filters, videos and settings
// in one round trip). Fields here and in schemas.server.ts go together.

const IMAGE = /* GraphQL */ `
  fragment ImageFields on Image {
    id
    alt
    url
    width
    height
    sizes { name url width height mimeType }
  }
`;

const CARD = /* GraphQL */ `
  fragment CarCardFields on Car {
    databaseId
    saleStatus
    title
    price
    brand
    model
    year
    mileage
    bodyType
    fuelType
    transmission
    features
    description
    image { ...ImageFields }
  }
`;

const DETAIL = /* GraphQL */ `
  fragment CarDetailFields on Car {
    ...CarCardFields
    subtitle
    condition
    driveType
    color
    cylinders
    countrySpec
    doors
    seats
    engineSize
    trim
    registered
    history
    stockNumber
    date
    images { ...ImageFields }
    similarCars(limit: 4) { ...CarCardFields }
  }
`;

const PORT = /* GraphQL */ `
  fragment PortFields on Port {
    databaseId
    name
    country
    roroFreight
    containerFreight
    insuranceRate
    transitDays
    route
  }
`;

const FILTERS = /* GraphQL */ `
  fragment FilterFields on CarFilters {
    brands
    models
    bodyTypes
    fuelTypes
    transmissions
    driveTypes
    years
    priceRange { min max }
  }
`;

const CONNECTION = /* GraphQL */ `
  fragment CarConnectionFields on CarConnection {
    nodes { ...CarCardFields }
    total
    page
    perPage
    totalPages
  }
`;

const VIDEO = /* GraphQL */ `
  fragment VideoFields on Video {
    id
    title
    videoUrl
    duration
    thumbnail { ...ImageFields }
  }
`;

const SETTINGS = /* GraphQL */ `
  fragment SettingsFields on SiteSettings {
    phone
    whatsapp
    email
    address
    wechatQr { ...ImageFields }
  }
`;

const CAR_VARS = '$filter: CarFilter, $orderBy: CarOrderBy, $order: SortOrder, $page: Int, $perPage: Int';
const CAR_ARGS = 'filter: $filter, orderBy: $orderBy, order: $order, page: $page, perPage: $perPage';

export const SEARCH_CARS = /* GraphQL */ `
  query SearchCars(${CAR_VARS}) {
    cars(${CAR_ARGS}) { ...CarConnectionFields }
  }
  ${CONNECTION}${CARD}${IMAGE}
`;

export const CAR = /* GraphQL */ `
  query Car($id: ID!) {
    car(id: $id) { ...CarDetailFields }
  }
  ${DETAIL}${CARD}${IMAGE}
`;

/**
 * The car page: the car with its similar cars, the seller's phone and WhatsApp for Call Now and
 * Chat on WhatsApp, and the destination ports of the price-to-your-port estimate.
 */
export const CAR_PAGE = /* GraphQL */ `
  query CarPage($id: ID!) {
    car(id: $id) { ...CarDetailFields }
    siteSettings { ...SettingsFields }
    ports { ...PortFields }
  }
  ${DETAIL}${CARD}${SETTINGS}${PORT}${IMAGE}
`;

/** The destination ports alone (the explore page's "to <port>" prices). */
export const PORTS = /* GraphQL */ `
  query Ports {
    ports { ...PortFields }
  }
  ${PORT}
`;

export const FEATURED_CARS = /* GraphQL */ `
  query FeaturedCars($limit: Int) {
    featuredCars(limit: $limit) { ...CarCardFields }
  }
  ${CARD}${IMAGE}
`;

export const FILTERS_QUERY = /* GraphQL */ `
  query CarFilters($includeSold: Boolean) {
    carFilters(includeSold: $includeSold) { ...FilterFields }
  }
  ${FILTERS}
`;

// The explore panel: the lists with each option's count for the search in $filter (no plain
// lists: the options carry every value).
export const FILTER_FACETS = /* GraphQL */ `
  query CarFilterFacets($filter: CarFilter) {
    carFilters(filter: $filter) {
      priceRange { min max }
      matchingPriceRange { min max }
      bodyTypeOptions { value count }
      fuelTypeOptions { value count }
      transmissionOptions { value count }
      brandOptions { value count }
      modelOptions { value count }
      driveTypeOptions { value count }
      yearOptions { value count }
    }
  }
`;

export const HOME = /* GraphQL */ `
  query Home($featuredLimit: Int, $videoLimit: Int) {
    featuredCars(limit: $featuredLimit) { ...CarCardFields }
    carFilters { ...FilterFields }
    videos(limit: $videoLimit) { ...VideoFields }
    siteSettings { ...SettingsFields }
  }
  ${CARD}${FILTERS}${VIDEO}${SETTINGS}${IMAGE}
`;

export const VIDEOS = /* GraphQL */ `
  query Videos($limit: Int) {
    videos(limit: $limit) { ...VideoFields }
  }
  ${VIDEO}${IMAGE}
`;

export const SITE_SETTINGS = /* GraphQL */ `
  query SiteSettings {
    siteSettings { ...SettingsFields }
  }
  ${SETTINGS}${IMAGE}
`;

const NEWS_POST_FIELDS = /* GraphQL */ `
  fragment NewsPostFields on NewsPost {
    slug
    title
    excerpt
    content
    date
    categories
    image { ...ImageFields }
    keySpecs { label value }
    heroTitle
    heroSubtitle
  }
`;

export const NEWS_POST = /* GraphQL */ `
  query NewsPost($slug: String!) {
    newsPost(slug: $slug) { ...NewsPostFields }
  }
  ${NEWS_POST_FIELDS}${IMAGE}
`;

/**
 * Staff previews of unpublished posts. Aliased to the published queries' field names, so the same
 * schemas and mappers read them; WordPress checks the token again before it answers.
 */
export const CAR_PREVIEW = /* GraphQL */ `
  query CarPreview($token: String!) {
    car: carPreview(token: $token) { ...CarDetailFields }
    unsavedEdits: previewShowsUnsavedEdits(token: $token)
    siteSettings { ...SettingsFields }
    ports { ...PortFields }
  }
  ${DETAIL}${CARD}${SETTINGS}${PORT}${IMAGE}
`;

export const NEWS_POST_PREVIEW = /* GraphQL */ `
  query NewsPostPreview($token: String!) {
    newsPost: newsPostPreview(token: $token) { ...NewsPostFields }
    unsavedEdits: previewShowsUnsavedEdits(token: $token)
  }
  ${NEWS_POST_FIELDS}${IMAGE}
`;

/** The sitemap's files: published cars (sold ones too: their pages stay) and news posts, in id order. */
export const SITEMAP_FILES = /* GraphQL */ `
  query SitemapFiles {
    sitemapFiles { kind from count modified }
  }
`;

/** One sitemap file's entries, by kind and first id (one query in WordPress, however deep). */
export const SITEMAP_ENTRIES = /* GraphQL */ `
  query SitemapEntries($kind: String!, $from: Int!) {
    sitemapEntries(kind: $kind, from: $from) { keys modified }
  }
`;

/** Cars by id in the order asked (compare, recently viewed); unknown or unpublished ids are left out. */
export const CARS_BY_IDS = /* GraphQL */ `
  query CarsByIds($ids: [ID!]!) {
    carsByIds(ids: $ids) { ...CarDetailFields }
  }
  ${DETAIL}${CARD}${IMAGE}
`;

/** One page of the news index: what a list entry shows, not the article bodies. */
export const NEWS_INDEX = /* GraphQL */ `
  query NewsIndex($page: Int, $perPage: Int) {
    newsPosts(page: $page, perPage: $perPage) {
      nodes {
        slug
        title
        excerpt
        date
        categories
        image { ...ImageFields }
      }
      total
      page
      perPage
      totalPages
    }
  }
  ${IMAGE}
`;
