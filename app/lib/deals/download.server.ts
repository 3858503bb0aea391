// The buyer's proforma invoice and released files, streamed from WordPress with the buyer's token
// and never kept by any cache: they carry names, money and passports. Not the buyer's: 404.
import type { LoaderFunctionArgs } from '@remix-run/node';
import { endSessionAndSignIn, isSessionEnded } from '~/lib/auth/session.server';
import { ACCOUNT_HEADERS, requireBuyer } from '~/lib/account/account.server';
import { dealFailure, isDealNotFound } from './deals.server';
import { CACHE_POLICY } from '~/lib/http/cache-headers.server';

/** A file name safe inside a quoted Content-Disposition, with the UTF-8 name beside it. */
export function contentDisposition(name: string): string {
  const plain = name.replace(/[^\x20-\x7e]|["\\]/g, '_').trim() || 'download';
  return `attachment; filename="${plain}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/** The file name WordPress gave in its Content-Disposition, when it gave one. */
function nameFrom(header: string | null): string | null {
  const match = header ? /filename="?([^";]+)"?/i.exec(header) : null;
  return match?.[1] ?? null;
}

export async function dealDownload(
  { request, context, params }: LoaderFunctionArgs,
  what: { invoice: true } | { fileId: string },
): Promise<Response> {
  const { auth, wordpress } = await requireBuyer(request, context);
  const id = params.id ?? '';
  try {
    const res = await wordpress.dealDownload(auth.token, id, what);
    const fallbackName = 'invoice' in what ? `proforma-${id}.pdf` : 'document';
    const type = res.headers.get('content-type') ?? ('invoice' in what ? 'application/pdf' : 'application/octet-stream');
    const headers = new Headers({
      'Content-Type': type,
      'Content-Disposition': contentDisposition(nameFrom(res.headers.get('content-disposition')) ?? fallbackName),
      'Cache-Control': CACHE_POLICY.none,
      'X-Content-Type-Options': 'nosniff',
    });
    const length = res.headers.get('content-length');
    if (length) headers.set('Content-Length', length);
    return new Response(res.body, { status: 200, headers });
  } catch (error) {
    if (isDealNotFound(error))
      return new Response('Not found', { status: 404, headers: { 'Cache-Control': CACHE_POLICY.none, 'Content-Type': 'text/plain' } });
    if (isSessionEnded(error)) throw await endSessionAndSignIn(request, ACCOUNT_HEADERS);
    const failure = dealFailure(error, 'The file could not be downloaded right now.');
    return new Response(failure.message, {
      status: failure.status,
      headers: { 'Cache-Control': CACHE_POLICY.none, 'Content-Type': 'text/plain; charset=utf-8' },
    });
  }
}
