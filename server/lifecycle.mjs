// Start-up and shut-down of the HTTP server: the environment is checked before anything listens,
// and SIGTERM/SIGINT drain the requests in flight (bounded) before the process exits.

/**
 * The parsed environment, or the process stops with one line naming every bad variable (a deploy
 * with PORT=abc must not start and then fail on its first visitor).
 * @param {{ env: () => any, EnvError: Function }} entry the build's entry module
 */
export function environmentOrExit(entry) {
  try {
    return entry.env();
  } catch (error) {
    if (!(error instanceof entry.EnvError)) throw error;
    process.stderr.write(`site: cannot start, invalid environment: ${error.problems.join('; ')}\n`);
    process.exit(1);
  }
}

/**
 * Stops accepting connections on the first signal, lets the requests in flight finish (at most
 * `drainMs`), then exits 0; connections still open after that are cut. `onDrain` runs first (so
 * /readyz can answer 503 and a load balancer stops sending traffic); `onStopped` runs last, before
 * the exit (the error reporter sends what it still holds).
 * @param {import('node:http').Server} server
 * @param {{ drainMs?: number, logger: import('pino').Logger, onDrain?: () => void, onStopped?: () => Promise<unknown> }} options
 */
export function drainOnSignals(server, { drainMs = 10_000, logger, onDrain, onStopped }) {
  let draining = false;
  const stop = (signal) => {
    if (draining) return;
    draining = true;
    onDrain?.();
    logger.info({ signal, drainMs }, 'stopping: draining requests in flight');
    // Idle keep-alive connections would hold close() open; ones that become idle are closed too.
    const idle = setInterval(() => server.closeIdleConnections(), 250);
    const deadline = setTimeout(() => {
      logger.warn('stopping: requests still in flight after the drain time, closing them');
      server.closeAllConnections();
    }, drainMs);
    deadline.unref();
    server.close(async () => {
      clearInterval(idle);
      clearTimeout(deadline);
      await onStopped?.().catch(() => {});
      logger.info('stopped');
      process.exit(0);
    });
    server.closeIdleConnections();
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}
