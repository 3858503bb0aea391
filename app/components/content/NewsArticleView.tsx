import type { ReactNode } from 'react';
import { excerptRepeatsBody } from '~/lib/content/article-lead';
import type { NewsPost } from '~/lib/wordpress/types';
import { CalendarIcon } from './icons';
import { ArticleBody, KeySpecs } from './NewsArticle';
import { HERO_SLOGAN, heroImageFrom, PageHero } from './PageHero';

/**
 * A news article as readers see it: hero, category, date, title, excerpt, key specs and body
 * (content already sanitised by the route), then `children` (the news page's call to action).
 * The news page and the staff preview of a draft both render it, so a preview shows the real page.
 */
export function NewsArticleView({ post, dateLabel, children }: { post: NewsPost; dateLabel: string; children?: ReactNode }) {
  const category = post.categories[0] ?? 'News';
  return (
    <>
      <PageHero
        as="p"
        title={post.heroTitle.trim() || HERO_SLOGAN.title}
        subtitle={post.heroSubtitle.trim() || HERO_SLOGAN.subtitle}
        image={heroImageFrom(post.image)}
      />
      <article className="container-page py-10 md:py-16" aria-labelledby="article-title">
        <div className="mx-auto max-w-3xl">
          <div className="flex flex-wrap items-center gap-3 text-sm">
            <span
              className="rounded-full bg-brand-50 px-3 py-1 font-semibold text-brand-800 ring-1 ring-inset ring-brand-100"
              data-testid="news-category"
            >
              {category}
            </span>
            <span className="inline-flex items-center gap-1.5 text-slate-500">
              <CalendarIcon className="h-4 w-4" />
              <time dateTime={post.date} data-testid="news-date">
                {dateLabel}
              </time>
            </span>
          </div>
          <h1
            id="article-title"
            className="mt-5 text-3xl font-extrabold leading-tight tracking-tight text-brand-950 md:text-5xl md:leading-tight"
          >
            {post.title}
          </h1>
          {post.excerpt && !excerptRepeatsBody(post.excerpt, post.content) ? (
            <p className="mt-5 text-lg leading-relaxed text-slate-600 md:text-xl">{post.excerpt}</p>
          ) : null}

          {post.keySpecs.length > 0 ? <KeySpecs specs={post.keySpecs} /> : null}

          <ArticleBody html={post.content} />

          {children}
        </div>
      </article>
    </>
  );
}
