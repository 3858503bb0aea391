// The server's static import of the footer (see `deferred`). Remix swaps *.server modules for an empty
// module in the browser build, so this import costs the browser nothing.
export { Footer } from './Footer';
