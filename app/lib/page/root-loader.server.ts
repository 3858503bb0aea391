import { json, type LoaderFunctionArgs } from '@remix-run/node';
import { cacheHeaders } from '~/lib/http/cache-headers.server';
import { publicOrigin } from '~/lib/server/env.server';
import { readSession } from '~/lib/auth/session.server';
import { wordpressOf } from '~/lib/server/load-context.server';

/**
 * Root data: the session user and the ids of their favourites, for the
 * header badge and every heart; `origin` for canonical URLs (lib/seo/meta.ts).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { auth, setCookie } = await readSession(request, context);
  let favoriteIds: number[] = [];
  if (auth) {
    try {
      favoriteIds = await wordpressOf(context).favoriteIds(auth.token);
    } catch (error) {
      // The badge and hearts are extras: a WordPress hiccup must not take the page down.
      console.error('Root: favourites could not be loaded:', error instanceof Error ? error.message : error);
    }
  }
  // Per visitor: never kept by a shared cache.
  const headers = new Headers({ Vary: 'Cookie', ...cacheHeaders('personal') });
  // A session that ended (expired or rejected token) is cleared from the browser too.
  if (setCookie) headers.append('Set-Cookie', setCookie);
  return json({ user: auth?.user ?? null, favoriteIds, origin: publicOrigin() }, { headers });
}
