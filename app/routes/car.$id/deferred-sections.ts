// The car page's parts that hydrate after the rest of the page (see `deferred`), in one module so the browser
// fetches them as one chunk (each file a page downloads is compressed on its own: fewer is smaller).
export { InquiryForm } from './InquiryForm';
export { PortEstimator } from './PortEstimator';
export { ShareLinks } from './ShareLinks';
export { SimilarCars } from './SimilarCars';
