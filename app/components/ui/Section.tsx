import type { HTMLAttributes, ReactNode } from 'react';

type Tone = 'dark' | 'light';
/** `home`: the compact headings between the home page's bands; `page`: the larger ones of a content page. */
type Scale = 'home' | 'page';

type HeadingProps = {
  id: string;
  eyebrow: string;
  title: string;
  intro?: string;
  /** A link on the heading's right (desktop). */
  action?: ReactNode;
  /** Light text for the navy bands. */
  tone?: Tone;
  scale?: Scale;
};

const HEADING_STYLES: Record<Scale, { eyebrow: string; title: string; intro: string }> = {
  home: {
    eyebrow: 'text-xs tracking-[0.18em]',
    title: 'text-2xl font-bold md:text-3xl',
    intro: 'mt-2 text-base',
  },
  page: {
    eyebrow: 'text-sm tracking-wider',
    title: 'text-3xl font-extrabold md:text-4xl',
    intro: 'mt-3 text-lg',
  },
};

/** A band's heading: a small amber line, the title (h2, which names the band) and an optional intro. */
export function SectionHeading({ id, eyebrow, title, intro, action, tone = 'dark', scale = 'home' }: HeadingProps) {
  const light = tone === 'light';
  const style = HEADING_STYLES[scale];
  const titleColour = light ? 'text-white' : scale === 'page' ? 'text-brand-950' : 'text-slate-900';
  return (
    <div className="flex items-end justify-between gap-6">
      <div className="max-w-2xl">
        <p className={`font-semibold uppercase ${style.eyebrow} ${light ? 'text-accent-300' : 'text-accent-700'}`}>{eyebrow}</p>
        <h2 id={id} className={`mt-2 tracking-tight ${style.title} ${titleColour}`}>
          {title}
        </h2>
        {intro ? <p className={`${style.intro} ${light ? 'text-brand-100' : 'text-slate-600'}`}>{intro}</p> : null}
      </div>
      {action ? <div className="flex-none">{action}</div> : null}
    </div>
  );
}

type SectionProps = HeadingProps &
  Omit<HTMLAttributes<HTMLElement>, 'id' | 'title'> & {
    /** The band: its background and vertical padding. */
    className: string;
    children: ReactNode;
  };

/**
 * A page band named by its own heading (so a screen reader lists it as a region with that name):
 * the full-width background, the centred page column, the heading, then the band's content.
 */
export function Section({ id, eyebrow, title, intro, action, tone, scale, className, children, ...rest }: SectionProps) {
  return (
    <section aria-labelledby={id} className={className} {...rest}>
      <div className="container-page">
        <SectionHeading id={id} eyebrow={eyebrow} title={title} intro={intro} action={action} tone={tone} scale={scale} />
        {children}
      </div>
    </section>
  );
}
