// The site's modules under mutation testing, where a wrong rule costs most: what visitors may send
// (forms), how a search is read and labelled (explore, labels), which leads are kept (leads), what
// HTML from WordPress may carry (html) and how WordPress payloads become cars (map). Grouped so each
// group is a Stryker run of its own (scripts/mutate.mjs).
export const MUTATION_GROUPS = {
  explore: ['app/lib/explore/**/*.ts', 'app/lib/wordpress/labels.ts'],
  leads: ['app/lib/leads/**/*.ts'],
  forms: ['app/forms/**/*.ts'],
  html: ['app/lib/html/**/*.ts'],
  map: ['app/lib/wordpress/map.server.ts'],
};

// The plugin's files under planted bugs (scripts/mutate-php.mjs), relative to its src/, grouped the
// same way: what the REST API accepts, how a search is built and counted, how leads are keyed,
// classed and exported (rules); who a token belongs to and when it stops working (auth); the
// buyer's account and its mail (account); saved searches and their alert mail and unsubscribe link
// (alerts); which files the sitemap names (sitemap); and every REST route's permission and answer
// (rest). A name ending in `*.php` stands for every file of that folder matching it.
export const PHP_MUTATION_GROUPS = {
  rules: [
    'Rest/Validator.php',
    'Search/CarQuery.php',
    'Search/FacetRules.php',
    'Messages/IdempotencyKey.php',
    'Messages/LeadStatus.php',
    'Messages/SpamGuard.php',
    'Messages/Csv.php',
    'Messages/AdIds.php',
    'Messages/Lead.php',
  ],
  auth: ['Auth/*.php'],
  account: ['Account/*.php'],
  alerts: ['Alerts/*.php'],
  sitemap: ['Sitemap/*.php'],
  rest: ['Rest/*Controller.php'],
};
