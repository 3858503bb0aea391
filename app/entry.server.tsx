// The server's entry: renders each page to a stream, and exports what server.mjs starts beside the
// request handler (the lead outbox's delivery loop) and reads for readiness (its depth).
import { PassThrough } from 'node:stream';
import { createReadableStreamFromReadable, type EntryContext } from '@remix-run/node';
import { RemixServer } from '@remix-run/react';
import { isbot } from 'isbot';
import { renderToPipeableStream } from 'react-dom/server';
import { getOutbox, startLeadOutbox } from '~/lib/leads/leads.server';

/** A render still waiting on data after this long is cut short rather than holding the socket. */
const RENDER_TIMEOUT_MS = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
) {
  // Crawlers get the whole document at once; browsers start on the shell.
  const waitForAll = isbot(request.headers.get('user-agent') ?? '') || remixContext.isSpaMode;
  return new Promise<Response>((resolve, reject) => {
    let failed = false;
    let settled = false;
    const send = () => {
      if (settled) return;
      settled = true;
      const body = new PassThrough();
      responseHeaders.set('Content-Type', 'text/html');
      resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: failed ? 500 : responseStatusCode }));
      pipe(body);
    };
    const { pipe, abort } = renderToPipeableStream(
      <RemixServer context={remixContext} url={request.url} abortDelay={RENDER_TIMEOUT_MS} />,
      {
        onShellReady() {
          if (!waitForAll) send();
        },
        onAllReady() {
          if (waitForAll) send();
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          failed = true;
          // Errors after the shell went out are logged here; before it, onShellError rejects.
          if (settled) console.error(error);
        },
      },
    );
    setTimeout(abort, RENDER_TIMEOUT_MS + 1_000);
  });
}

/** Called once by server.mjs at boot: leads left by an earlier run go out without waiting for a visitor. */
export function startBackgroundWork(): void {
  startLeadOutbox();
}

/** Sends every waiting lead now (SIGUSR2, which `npm run outbox -- drain` sends). */
export function drainLeadOutbox(): void {
  const outbox = getOutbox();
  outbox.reload();
  outbox.nudge(0);
  void outbox.tick();
}

/** The outbox's depth and age, for the readiness check. */
export function leadOutboxStats() {
  return getOutbox().stats();
}
