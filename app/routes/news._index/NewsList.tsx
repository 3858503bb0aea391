import { Link } from '@remix-run/react';
import { AvifPicture, THREE_COLUMN_SIZES as SIZES } from '~/components/ui/picture';
import type { ImageSource } from '~/lib/wordpress/types';
import { newsPageHref } from './news-shared';

export type NewsListItem = {
  slug: string;
  title: string;
  excerpt: string;
  date: string;
  dateLabel: string;
  category: string;
  image: { url: string; width: number; height: number; alt: string; srcSet?: string; avif: ImageSource[] } | null;
};

/** The posts as cards: picture, category, date, title (the link) and excerpt. */
export function NewsList({ posts }: { posts: NewsListItem[] }) {
  return (
    <ul className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3" data-testid="news-list">
      {posts.map((post) => (
        <li key={post.slug}>
          <article
            aria-labelledby={`news-${post.slug}`}
            className="flex h-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-card"
            data-testid="news-card"
          >
            <div className="aspect-[16/9] bg-slate-100">
              {post.image ? (
                <AvifPicture avif={post.image.avif} sizes={SIZES}>
                  <img
                    src={post.image.url}
                    srcSet={post.image.srcSet}
                    sizes={post.image.srcSet ? SIZES : undefined}
                    width={post.image.width}
                    height={post.image.height}
                    alt=""
                    loading="lazy"
                    decoding="async"
                    className="h-full w-full object-cover"
                  />
                </AvifPicture>
              ) : null}
            </div>
            <div className="flex flex-1 flex-col gap-2 p-5">
              <p className="flex flex-wrap items-center gap-x-3 text-xs font-semibold uppercase tracking-wider text-accent-700">
                <span>{post.category}</span>
                {post.dateLabel ? (
                  <time dateTime={post.date} className="font-medium normal-case tracking-normal text-slate-500">
                    {post.dateLabel}
                  </time>
                ) : null}
              </p>
              <h2 id={`news-${post.slug}`} className="text-lg font-semibold leading-snug text-slate-900">
                <Link to={`/news/${post.slug}`} prefetch="intent" className="hover:text-brand-800 hover:underline">
                  {post.title}
                </Link>
              </h2>
              {post.excerpt ? <p className="line-clamp-3 text-sm text-slate-600">{post.excerpt}</p> : null}
            </div>
          </article>
        </li>
      ))}
    </ul>
  );
}

const PAGER_LINK =
  'inline-flex h-11 min-w-[2.75rem] items-center justify-center rounded-xl px-4 text-sm font-semibold text-brand-800 ring-1 ring-inset ring-slate-300 hover:bg-brand-50';

/** Newer and older pages as plain links (they work without JavaScript), and where the visitor is. */
export function NewsPager({ page, totalPages }: { page: number; totalPages: number }) {
  if (totalPages <= 1) return null;
  return (
    <nav aria-label="News pages" className="mt-10 flex flex-wrap items-center justify-center gap-3" data-testid="news-pager">
      {page > 1 ? (
        <Link to={newsPageHref(page - 1)} rel="prev" className={PAGER_LINK}>
          Newer<span className="sr-only"> articles</span>
        </Link>
      ) : null}
      <p className="px-2 text-sm text-slate-600">
        Page {page} of {totalPages}
      </p>
      {page < totalPages ? (
        <Link to={newsPageHref(page + 1)} rel="next" className={PAGER_LINK}>
          Older<span className="sr-only"> articles</span>
        </Link>
      ) : null}
    </nav>
  );
}
