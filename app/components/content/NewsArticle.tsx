import type { CarSpec } from '~/lib/wordpress/types';
import { BoltIcon } from '~/components/content/icons';

/**
 * Styles of the article's WordPress HTML (no typography plugin): headings, paragraphs, lists,
 * figures with captions, and the "market impact" note WordPress marks with a class.
 */
const ARTICLE_PROSE = [
  'mt-10 text-[1.0625rem] leading-relaxed text-slate-700',
  '[&>*+*]:mt-5',
  '[&_h2]:mt-10 [&_h2]:text-2xl [&_h2]:font-bold [&_h2]:tracking-tight [&_h2]:text-brand-950',
  '[&_h3]:mt-8 [&_h3]:text-xl [&_h3]:font-bold [&_h3]:text-brand-950',
  '[&_a]:font-medium [&_a]:text-brand-700 [&_a]:underline [&_a]:underline-offset-2',
  '[&_strong]:font-semibold [&_strong]:text-slate-900',
  '[&_ul]:list-disc [&_ul]:space-y-2 [&_ul]:pl-6 [&_ol]:list-decimal [&_ol]:space-y-2 [&_ol]:pl-6 [&_li]:pl-1 [&_li::marker]:text-accent-500',
  '[&_figure]:my-8 [&_img]:h-auto [&_img]:w-full [&_img]:rounded-xl [&_img]:bg-slate-100',
  '[&_figcaption]:mt-2.5 [&_figcaption]:text-center [&_figcaption]:text-sm [&_figcaption]:text-slate-500',
  '[&_blockquote]:border-l-4 [&_blockquote]:border-accent-400 [&_blockquote]:pl-4 [&_blockquote]:italic',
  '[&_.market-impact]:mt-10 [&_.market-impact]:rounded-2xl [&_.market-impact]:border [&_.market-impact]:border-accent-200 [&_.market-impact]:bg-accent-50 [&_.market-impact]:p-6',
  '[&_.market-impact_h3]:mt-0 [&_.market-impact_h3]:text-accent-800',
  '[&_.market-impact_p]:mt-2 [&_.market-impact_p]:text-slate-800',
].join(' ');

/** The post's sanitised HTML (see sanitize.server.ts; it never reaches here unsanitised). */
export function ArticleBody({ html }: { html: string }) {
  if (!html) return null;
  return <div className={ARTICLE_PROSE} data-testid="news-body" dangerouslySetInnerHTML={{ __html: html }} />;
}

/** The key-specification cards: a label and its value each. */
export function KeySpecs({ specs }: { specs: CarSpec[] }) {
  return (
    <section aria-labelledby="key-specs-title" className="mt-10 rounded-2xl border border-slate-200 bg-slate-50 p-4 sm:p-6">
      <h2 id="key-specs-title" className="flex items-center gap-2 text-lg font-bold text-brand-950">
        <BoltIcon className="h-5 w-5 text-accent-500" />
        Key Specifications
      </h2>
      <ul className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3">
        {specs.map((spec) => (
          <li key={spec.label} className="rounded-xl bg-white p-3 shadow-card sm:p-4" data-testid="key-spec">
            <p className="text-xs font-semibold uppercase tracking-wider text-slate-500">{spec.label}</p>
            <p className="mt-1 text-sm font-bold leading-snug text-brand-900 sm:text-base">{spec.value}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
