// The estimator's "My port is not listed" choice. Its own module, apart from landed-price.ts: only
// the car page's deferred sections and the server use it, so Explore's first load (which imports
// landed-price.ts for its cards) does not carry it.

/** The choice's value (?port=other): not a number, so it can never be mistaken for a port id. */
export const UNLISTED_PORT = 'other';

/**
 * The inquiry message a buyer with an unlisted port starts from: it ends where they name their
 * port, so staff get a quote request they can answer.
 */
export const QUOTE_REQUEST = 'Please quote shipping to my port: ';
