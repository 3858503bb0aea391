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
