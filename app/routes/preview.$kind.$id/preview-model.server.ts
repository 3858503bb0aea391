// Loads what a preview page shows: checks the link (kind and id in the address must be the ones
// signed), then asks WordPress for the car or news post with the same token: an unpublished one,
// or a published one with the edits staff previewed but did not save yet.
import { json, type AppLoadContext } from '@remix-run/node';
import { keyFacts } from '~/lib/seo/car-structured-data';
import { formatPostDate } from '~/components/content/format';
import { sanitizeArticleHtml, sanitizeSellerNote } from '~/lib/html/sanitize.server';
import { env } from '~/lib/server/env.server';
import { wordpressOf } from '~/lib/server/load-context.server';
import { WordPressError } from '~/lib/wordpress/client.server';
import { failedPageInit } from '~/lib/wordpress/failure.server';
import { cacheHeaders } from '~/lib/http/cache-headers.server';
import { verifyPreviewToken } from './preview-token.server';

/** Never kept by any cache, never indexed: a preview is one staff member's look at a draft. */
const NO_INDEX = { 'X-Robots-Tag': 'noindex, nofollow' };
export const PREVIEW_HEADERS = cacheHeaders('none', NO_INDEX);

export const PREVIEW_REFUSED =
  'This preview link is not valid or has expired. Preview links work for 15 minutes: open the preview again from WordPress.';
export const PREVIEW_GONE = 'This draft no longer exists, or was moved to the trash.';
export const PREVIEW_FAILED = 'The preview could not be loaded right now. Please try again.';

function refuse(status: number, message: string): never {
  throw json({ message }, { status, headers: PREVIEW_HEADERS });
}

export async function loadPreview(params: { kind?: string; id?: string }, request: Request, context?: AppLoadContext) {
  const token = new URL(request.url).searchParams.get('token') ?? '';
  const claims = verifyPreviewToken(token, env().purgeSecret, Math.floor(Date.now() / 1000));
  if (!claims || claims.kind !== params.kind || String(claims.id) !== params.id) refuse(403, PREVIEW_REFUSED);

  const expiresAt = new Date(claims.expires * 1000).toISOString();
  try {
    if (claims.kind === 'car') {
      const { car, unsavedEdits } = await wordpressOf(context).carPreview(token);
      if (!car) refuse(404, PREVIEW_GONE);
      return {
        kind: 'car' as const,
        expiresAt,
        unsavedEdits,
        car: { ...car, description: sanitizeSellerNote(car.description) },
        facts: keyFacts(car),
      };
    }
    const { post, unsavedEdits } = await wordpressOf(context).newsPostPreview(token);
    if (!post) refuse(404, PREVIEW_GONE);
    return {
      kind: 'post' as const,
      expiresAt,
      unsavedEdits,
      post: { ...post, content: sanitizeArticleHtml(post.content) },
      dateLabel: formatPostDate(post.date),
    };
  } catch (error) {
    if (!(error instanceof WordPressError)) throw error;
    console.error(`Preview ${claims.kind} ${claims.id}: WordPress failed:`, error.status, error.message);
    throw json({ message: PREVIEW_FAILED }, failedPageInit(error, NO_INDEX));
  }
}
