// The layout's parts that hydrate after the rest of the page (see `deferred`), in one module so the
// browser fetches one chunk for them. Keep @remix-run/react among its imports (the footer's links):
// a lazily loaded module that reaches React but not React DOM makes the bundler split React off into
// a chunk of its own, which every page then downloads as one more file.
export { CarPageSkeleton } from '~/components/car-detail/CarPageSkeleton';
export { Footer } from './Footer';
