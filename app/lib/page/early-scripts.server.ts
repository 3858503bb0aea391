// Inline scripts that run while the browser is still reading a page, before React takes it over.
// Between the first paint and hydration (longer on a slow phone, and longer still for parts whose
// code is deferred) a visitor can already pick a sort order or open the next car; what they do in
// that window must not be lost. The text travels in the route's loader data, so it costs the
// page's JavaScript bundle nothing and the browser renders the same element when it hydrates.
import { RECENTLY_VIEWED_KEY, RECENTLY_VIEWED_MAX } from '~/lib/device/recently-viewed';
import { isCarId } from '~/forms/car-id';

/**
 * A select, radio or checkbox changed inside a form marked `data-submit-on-change` submits that form
 * as a plain GET while the form is not yet live (React marks it `data-live` once it has hydrated it
 * and handles changes itself; its submit handler then also stops this plain submission). The server
 * answers such a submission as it answers the form without JavaScript.
 */
export const SUBMIT_ON_CHANGE_SCRIPT = `document.addEventListener('change',function(e){var c=e.target,f=c&&c.form;if(!f||!f.hasAttribute('data-submit-on-change')||f.hasAttribute('data-live'))return;if(c.type==='radio'||c.type==='checkbox'||c.tagName==='SELECT'){if(f.requestSubmit)f.requestSubmit();else f.submit()}},true);`;

/**
 * Puts the car at the front of this browser's recently viewed list as soon as its page is read, with
 * the same rules as `addRecentlyViewed` (each id once, newest first, at most RECENTLY_VIEWED_MAX;
 * anything stored that is not a positive whole number is dropped). After hydration the page records
 * the view again, which changes nothing, and records client-side navigations to other cars.
 */
export function rememberViewScript(carId: number): string {
  if (!isCarId(carId)) throw new Error(`not a car id: ${carId}`);
  const key = JSON.stringify(RECENTLY_VIEWED_KEY);
  return `(function(){try{var s=window.localStorage,k=${key},a;try{a=JSON.parse(s.getItem(k)||'[]')}catch(e){}if(!Array.isArray(a))a=[];a=a.filter(function(x,i){return Number.isSafeInteger(x)&&x>0&&x!==${carId}&&a.indexOf(x)===i});a.unshift(${carId});s.setItem(k,JSON.stringify(a.slice(0,${RECENTLY_VIEWED_MAX})))}catch(e){}})();`;
}
