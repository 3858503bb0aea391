import type { ReactNode } from 'react';

type SectionHeadingProps = {
  id: string;
  eyebrow: string;
  title: string;
  intro?: string;
  /** A link on the heading's right (desktop). */
  action?: ReactNode;
  /** Light text for the navy sections. */
  tone?: 'dark' | 'light';
};

/** The heading of each home section: a small amber line, the title (h2) and an optional intro. */
export function SectionHeading({ id, eyebrow, title, intro, action, tone = 'dark' }: SectionHeadingProps) {
  const light = tone === 'light';
  return (
    <div className="flex items-end justify-between gap-6">
      <div className="max-w-2xl">
        <p className={`text-xs font-semibold uppercase tracking-[0.18em] ${light ? 'text-accent-300' : 'text-accent-700'}`}>{eyebrow}</p>
        <h2 id={id} className={`mt-2 text-2xl font-bold tracking-tight md:text-3xl ${light ? 'text-white' : 'text-slate-900'}`}>
          {title}
        </h2>
        {intro ? <p className={`mt-2 text-base ${light ? 'text-brand-100' : 'text-slate-600'}`}>{intro}</p> : null}
      </div>
      {action ? <div className="flex-none">{action}</div> : null}
    </div>
  );
}
