// The saved-search pages' addresses, in a module of their own without imports: the explore page's
// "Alert me" link and the alert pages use them without pulling the filter wording (lib/alerts/
// saved-search.ts, server-side through the loaders) into any page's first-load JavaScript.
export const ALERTS_PATH = '/account/alerts';
export const NEW_ALERT_PATH = '/account/alerts/new';
