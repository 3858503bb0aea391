import { RemixBrowser } from '@remix-run/react';
import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';

type ClientRouter = { subscribe: (listener: (...change: unknown[]) => void) => () => void };

/*
 * Every render a router change causes must be a transition. A page's deferred parts keep the server's
 * HTML until their code arrives, and React keeps that HTML only through updates made in a transition:
 * any other update that reaches such a part throws the HTML away (React error 421) and leaves the part
 * empty until its code has loaded. The router's own provider updates in a transition already, but
 * RemixBrowser also keeps the location in a state of its own, set outside one, and that state feeds a
 * context every part sits under. So each router listener runs in a transition; a listener that asks
 * for a synchronous render still gets one, since flushSync leaves any transition around it.
 * RemixBrowser creates the router in its first render and publishes it on window before anything
 * subscribes, so a setter there wraps it in time.
 */
let router: ClientRouter | undefined;
Object.defineProperty(window, '__remixRouter', {
  configurable: true,
  get: () => router,
  set(value: ClientRouter) {
    const subscribe = value.subscribe;
    value.subscribe = (listener) => subscribe((...change) => startTransition(() => listener(...change)));
    router = value;
  },
});

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <RemixBrowser />
    </StrictMode>,
  );
});
