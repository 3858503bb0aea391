// POST /api/purge, called by WordPress when a car, news post or video changes (PurgeNotifier: header
// X-Purge-Secret, JSON {type, id, slug, event}). Any change can move lists, counts and filter values,
// so the whole catalogue cache goes (on every site instance when they share a Redis); it refills on
// the next visits.
import { createHash, timingSafeEqual } from 'node:crypto';
import { jsonResponse, messageResponse, readJson } from '~/lib/http/api-responses.server';
import { purgeBody } from '~/lib/http/api-bodies.server';
import { env } from '~/lib/server/env.server';
import { apiRoute } from '~/lib/http/api-route.server';
import { purgeCachesOf } from '~/lib/server/load-context.server';

/** Compares digests, so neither the length nor a matching prefix of the secret leaks through timing. */
function secretMatches(given: string, expected: string): boolean {
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

export const { loader, action } = apiRoute({
  method: 'POST',
  // The secret is checked before anything is read, and the body is optional: read by hand below.
  run: async ({ request, context }) => {
    const expected = env().purgeSecret;
    const given = request.headers.get('x-purge-secret') ?? '';
    // Unconfigured means nobody may purge: an empty secret must never match an empty header.
    if (!expected || !secretMatches(given, expected)) return messageResponse(401, 'Invalid purge secret.');

    // The body only describes what changed; it is checked but an empty body purges just the same.
    const hasBody = (request.headers.get('content-length') ?? '') !== '0' && request.body !== null;
    let notice: unknown = null;
    if (hasBody) {
      const raw = await readJson(request).catch((err: unknown) => {
        if (err instanceof Error && err.message.startsWith('The request body must be')) return {};
        throw err;
      });
      const parsed = purgeBody.safeParse(raw);
      if (!parsed.success) return messageResponse(400, 'The purge notice is not valid.');
      notice = parsed.data;
    }
    // The catalogue reads and the whole pages in front of them go together.
    const { dropped, everyInstance } = await purgeCachesOf(context);
    console.info('Catalogue cache purged', JSON.stringify({ notice, dropped, everyInstance }));
    // With a shared cache that could not be reached, this instance is purged and the others are
    // told when it answers again; until then they may serve the old catalogue for up to 10 minutes.
    return jsonResponse({ success: true, purged: dropped, everyInstance });
  },
});
