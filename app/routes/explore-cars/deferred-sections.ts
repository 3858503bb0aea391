// The explore page's parts that hydrate after the rest of the page (see `deferred`), in one module so
// the browser fetches them as one chunk: the filter panel (a GET form that works as plain HTML until
// then), the pagination links under the results, the "Alert me" link (a plain link until then), the chips of the active filters (links), and the placeholders shown while a new query loads.
export { FilterPanel } from './FilterPanel';
export { ResultSkeletons } from './ResultSkeletons';
export { Pagination } from './Pagination';
export { AlertLink } from './AlertLink';
export { ActiveFilters } from './ActiveFilters';
