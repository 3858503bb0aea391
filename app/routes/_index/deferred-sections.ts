// The home page's parts that hydrate after the rest of the page (see `deferred`), in one module so the
// browser fetches them as one chunk: the featured cars and the sections under them.
export { BelowFold } from './BelowFold';
export { FeaturedCars } from './FeaturedCars';
