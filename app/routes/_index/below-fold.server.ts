// The server's static import of the below-the-fold sections (see DeferredBelowFold). Remix swaps
// *.server modules for an empty module in the browser build, so this import costs the browser nothing.
export { BelowFold } from './BelowFold';
