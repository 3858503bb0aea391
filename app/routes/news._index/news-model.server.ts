// The news index's data: ?page= read strictly, one page of posts from WordPress, and what a page
// outside the list answers (the visitor gets a page that says so and links back to the first).
import { json } from '@remix-run/node';
import { formatPostDate } from '~/components/content/format';
import { fallbackOf, srcSetOf } from '~/components/ui/picture';
import { failedPageInit } from '~/lib/wordpress/failure.server';
import { cacheHeaders } from '~/lib/http/cache-headers.server';
import { WordPressError, type WordPressClient } from '~/lib/wordpress/client.server';
import { NEWS_LOAD_FAILED } from './news-shared';

export const NEWS_PER_PAGE = 9;

/**
 * ?page=: absent → 1; a whole number from 1 → itself; anything else ("0", "-1", "2.5", "abc") → a
 * 400 page, since a bad address is the link's fault and should not be indexed as a news page.
 */
export function newsPageParam(url: URL): number {
  const raw = url.searchParams.get('page');
  if (raw === null || raw.trim() === '') return 1;
  const page = /^\d{1,6}$/.test(raw.trim()) ? Number(raw.trim()) : NaN;
  if (!Number.isSafeInteger(page) || page < 1) {
    throw json({ message: 'The page number must be a whole number from 1.' }, { status: 400 });
  }
  return page;
}

const pick = ({ url, width, height }: { url: string; width: number; height: number }) => ({ url, width, height });

export async function loadNewsPage(wordpress: WordPressClient, url: URL) {
  const page = newsPageParam(url);
  let result;
  try {
    result = await wordpress.newsIndex(page, NEWS_PER_PAGE);
  } catch (error) {
    if (!(error instanceof WordPressError)) throw error;
    console.error('News index: WordPress unavailable:', error.status, error.message);
    throw json({ message: NEWS_LOAD_FAILED }, failedPageInit(error));
  }
  // Past the last page (or any page of an empty list but the first): a real 404 with a way back.
  if (page > 1 && page > result.totalPages) {
    throw json(
      { message: `There is no page ${page} of the news: it has ${result.totalPages} ${result.totalPages === 1 ? 'page' : 'pages'}.` },
      { status: 404, headers: cacheHeaders('public') },
    );
  }
  return {
    posts: result.posts.map((p) => ({
      slug: p.slug,
      title: p.title,
      excerpt: p.excerpt,
      dateLabel: formatPostDate(p.date),
      date: p.date,
      category: p.categories[0] ?? 'News',
      image: p.image
        ? { ...pick(fallbackOf(p.image.sizes, 600) ?? p.image), alt: p.image.alt, srcSet: srcSetOf(p.image.sizes), avif: p.image.avif }
        : null,
    })),
    page,
    totalPages: result.totalPages,
    total: result.total,
  };
}
