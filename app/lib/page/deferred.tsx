import { lazy, memo, Suspense, useState, type ComponentType } from 'react';

/**
 * A component whose code is not part of the page's first-load JavaScript (budget: 110 KB gzip), for
 * parts below the fold or used on demand. The server renders it whole; the browser keeps that HTML
 * and hydrates it once the component's chunk arrives.
 *
 * - `serverComponent` (undefined for parts the server never renders) comes from a `*.server.ts` re-export: Remix swaps *.server modules for an empty
 *   module in the browser build, so the server renders at once (complete HTML for crawlers and
 *   visitors without JavaScript) while the browser bundle does not carry the code. Import it by its
 *   full `~/routes/...` path: the browser build names each empty module after the import's path, so
 *   one relative path used by several routes becomes one shared empty chunk, a file more to load.
 * - Browser, first load: the lazy component suspends while its chunk loads; React leaves the server's
 *   HTML of this Suspense boundary in place (links and GET forms work as plain HTML meanwhile).
 * - Browser: the chunk starts loading when the module that calls this runs (in parallel with hydration,
 *   or with the loader's fetch on a client-side navigation); once it has loaded, a part mounted later
 *   renders the component directly, so a later page of the same kind does not suspend and nothing
 *   pops in. A part already mounted keeps its lazy wrapper, which renders the loaded code in place.
 */
export function deferred<P extends object>(
  load: () => Promise<ComponentType<P>>,
  serverComponent: ComponentType<P> | undefined,
): ComponentType<P> {
  let loaded: ComponentType<P> | null = null;
  let loading: Promise<{ default: ComponentType<P> }> | null = null;
  const start = () =>
    (loading ??= load().then((component) => {
      loaded = component;
      return { default: component };
    }));
  if (typeof document !== 'undefined') void start().catch(() => undefined);
  const Lazy = lazy(start);
  function Deferred(props: P) {
    // Chosen once per mount and kept: switching from the lazy wrapper to the loaded component on a
    // later render would be another component type to React, which would unmount the part and mount
    // it again, dropping the focus (a radio being arrowed through) and what the visitor typed.
    // Props pass through unchanged; the cast only widens what TypeScript knows of a generic component.
    const [Component] = useState(
      () => (typeof document === 'undefined' && serverComponent ? serverComponent : (loaded ?? Lazy)) as ComponentType<object>,
    );
    return (
      <Suspense fallback={null}>
        <Component {...props} />
      </Suspense>
    );
  }
  // Memoised: a parent's re-render with the same props while the chunk is still on its way would make
  // React drop the server's HTML of the boundary and show the (empty) fallback instead.
  return memo(Deferred) as unknown as ComponentType<P>;
}
