// The server's static import of the home page's deferred parts (see `deferred`). Remix swaps *.server
// modules for an empty module in the browser build, so this import costs the browser nothing.
export * from './deferred-sections';
