// Where a form may send the visitor back to (?redirectTo=, ?from=): same-site paths only, so a link
// like /login?redirectTo=https://evil.example cannot turn the site into an open redirect.

const DEFAULT_REDIRECT = '/';

/**
 * `to` when it is a path on this site ("/explore-cars?brand=BYD"), else `fallback`. Refused:
 * anything not starting with one "/", protocol-relative "//host", "/\host" (browsers read "\" as
 * "/"), and control characters or whitespace that browsers strip before resolving.
 */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback: string = DEFAULT_REDIRECT): string {
  if (typeof to !== 'string' || to === '') return fallback;
  if (!to.startsWith('/') || to.startsWith('//') || to.startsWith('/\\')) return fallback;
  if (/[\s\\]/.test(to) || hasControlCharacter(to)) return fallback;
  if (to.length > 2000) return fallback;
  try {
    // A final check by the URL parser itself: the result must stay on the placeholder origin.
    const url = new URL(to, 'http://same-site.invalid');
    if (url.origin !== 'http://same-site.invalid') return fallback;
  } catch {
    return fallback;
  }
  return to;
}

/** C0 control characters and DEL, which browsers drop from a URL before resolving it. */
function hasControlCharacter(text: string): boolean {
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code <= 0x1f || code === 0x7f) return true;
  }
  return false;
}
