// Answers that a clientAction makes up in the browser when a post could not reach the site at all
// (offline, connection dropped) carry `networkError: true`. Nothing changed on the server then, and
// reloading the page's data would fail the same way into an error page, so routes skip the reload.

export function isNetworkErrorResult(result: unknown): boolean {
  return typeof result === 'object' && result !== null && (result as { networkError?: unknown }).networkError === true;
}
