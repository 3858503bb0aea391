import { useLoaderData } from '@remix-run/react';
import type { ReactNode } from 'react';
import type { LegalPageData } from '~/lib/content/legal.server';
import { staticPageMeta } from '~/lib/seo/meta';
import { HERO_SLOGAN, PageHero } from './PageHero';
import { MailIcon } from './icons';

export type LegalSection = { id: string; heading: string; body: ReactNode };

type LegalPageProps = {
  title: string;
  intro: ReactNode;
  /** Today's date, formatted on the server (the Last Updated line shows the current date). */
  lastUpdated: string;
  /** ISO day of lastUpdated, for <time dateTime>. */
  lastUpdatedIso: string;
  email: string;
  sections: LegalSection[];
};

/** Prose styles of the legal text (no typography plugin: a few rules cover what these pages use). */
export const PROSE =
  'text-slate-700 leading-relaxed [&_a]:font-medium [&_a]:text-brand-700 [&_a]:underline [&_a]:underline-offset-2 hover:[&_a]:text-brand-900 [&_li]:mt-1.5 [&_p+p]:mt-4 [&_p+ul]:mt-3 [&_strong]:font-semibold [&_strong]:text-slate-900 [&_ul+p]:mt-4 [&_ul]:list-disc [&_ul]:space-y-1 [&_ul]:pl-6';

/**
 * Cookie Policy, Terms & Conditions and Privacy Policy: the slogan hero shared with the news pages,
 * the title, the Last Updated line, a table of contents on wide screens, the sections and a box with
 * the e-mail address for questions.
 */
export function LegalPage({ title, intro, lastUpdated, lastUpdatedIso, email, sections }: LegalPageProps) {
  return (
    <>
      <PageHero as="p" title={HERO_SLOGAN.title} subtitle={HERO_SLOGAN.subtitle} />
      <div className="container-page grid gap-10 py-12 md:py-16 lg:grid-cols-[16rem_1fr] lg:gap-16">
        <nav aria-label="On this page" className="hidden lg:block">
          <div className="sticky top-28">
            <p className="text-xs font-semibold uppercase tracking-wider text-slate-500">On this page</p>
            <ol className="mt-4 space-y-2.5 border-l border-slate-200 text-sm">
              {sections.map((s) => (
                <li key={s.id}>
                  <a
                    href={`#${s.id}`}
                    className="-ml-px block border-l-2 border-transparent pl-4 text-slate-600 hover:border-brand-500 hover:text-brand-800"
                  >
                    {s.heading}
                  </a>
                </li>
              ))}
            </ol>
          </div>
        </nav>
        <article className="min-w-0 max-w-3xl" aria-labelledby="legal-title">
          <h1 id="legal-title" className="text-3xl font-extrabold tracking-tight text-brand-950 md:text-4xl">
            {title}
          </h1>
          <p className="mt-3 text-sm text-slate-500">
            Last Updated: <time dateTime={lastUpdatedIso}>{lastUpdated}</time>
          </p>
          <div className={`mt-8 text-lg ${PROSE}`}>{intro}</div>
          {sections.map((s) => (
            <section key={s.id} id={s.id} aria-labelledby={`${s.id}-title`} className="mt-10 scroll-mt-28">
              <h2 id={`${s.id}-title`} className="text-xl font-bold text-brand-950 md:text-2xl">
                {s.heading}
              </h2>
              <div className={`mt-3 ${PROSE}`}>{s.body}</div>
            </section>
          ))}
          <aside
            aria-labelledby="legal-questions"
            className="mt-12 flex flex-col gap-4 rounded-2xl bg-brand-50 p-6 sm:flex-row sm:items-center"
          >
            <span className="flex h-12 w-12 flex-none items-center justify-center rounded-xl bg-white text-brand-700 shadow-card">
              <MailIcon className="h-6 w-6" />
            </span>
            <div>
              <h2 id="legal-questions" className="text-lg font-bold text-brand-950">
                Questions about this policy?
              </h2>
              <p className="mt-1 text-slate-600">
                Write to us at{' '}
                <a href={`mailto:${email}`} className="font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-900">
                  {email}
                </a>{' '}
                and we will answer within five business days.
              </p>
            </div>
          </aside>
        </article>
      </div>
    </>
  );
}

type LegalRouteInput = {
  title: string;
  /** The search-result summary of the page. */
  description: string;
  path: string;
  intro: ReactNode;
  sections: LegalSection[];
};

/**
 * A legal page's route parts from one description, so its heading and its <title> cannot drift
 * apart: `meta`, and the screen that reads the legal page loader's data (date and e-mail).
 */
export function legalRoute({ title, description, path, intro, sections }: LegalRouteInput) {
  function LegalRoutePage() {
    const data = useLoaderData<LegalPageData>();
    return <LegalPage title={title} intro={intro} sections={sections} {...data} />;
  }
  return { meta: staticPageMeta({ title, description, path }), Page: LegalRoutePage };
}
