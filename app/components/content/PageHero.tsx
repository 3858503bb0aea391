import type { ReactNode } from 'react';
import type { CarImage } from '~/lib/wordpress/types';

export type HeroImage = { src: string; srcSet?: string; width: number; height: number };

/** The site's port-and-containers picture, the backdrop of the contact, about and legal heroes. */
export const DEFAULT_HERO_IMAGE: HeroImage = {
  src: '/images/hero/hero-1-1920.webp',
  srcSet: '/images/hero/hero-1-960.webp 960w, /images/hero/hero-1-1920.webp 1920w',
  width: 1920,
  height: 800,
};

/**
 * A WordPress image as a hero backdrop: every generated size from 600 px offered to the browser,
 * and the original upload too when it is wider than all of them (a wide screen needs its pixels).
 */
export function heroImageFrom(image: CarImage | null): HeroImage {
  if (!image) return DEFAULT_HERO_IMAGE;
  const made = image.sizes.filter((s) => s.width >= 600);
  const wider = made.every((s) => s.width < image.width) ? [{ url: image.url, width: image.width, height: image.height }] : [];
  const candidates = [...made, ...wider];
  const seen = new Set<number>();
  const srcSet = candidates
    .filter((s) => s.width > 0 && !seen.has(s.width) && seen.add(s.width))
    .map((s) => `${s.url} ${s.width}w`)
    .join(', ');
  return { src: image.url, srcSet: srcSet || undefined, width: image.width, height: image.height };
}

/** The news article's slogan, used when the post does not set its own. */
export const HERO_SLOGAN = { title: 'Drive Excellence, Deliver with Passion', subtitle: 'Your Auto Trade Partner' } as const;

type PageHeroProps = {
  /** The large line. */
  title: string;
  subtitle?: string;
  /** A small line above the title. */
  eyebrow?: string;
  /**
   * "h1" when the hero's title is the page's heading (contact, about); "p" when the page's h1 comes
   * after the hero (the slogan hero of the news and legal pages).
   */
  as?: 'h1' | 'p';
  image?: HeroImage;
  /** "tall": the slogan hero, 506 px high on desktop; "banner": a shorter band. */
  size?: 'tall' | 'banner';
  children?: ReactNode;
};

/**
 * The hero band of the content pages: a full-width picture under a navy gradient, text on the left.
 * The picture is the page's largest element, so it loads eagerly with high priority.
 */
export function PageHero({ title, subtitle, eyebrow, as = 'h1', image = DEFAULT_HERO_IMAGE, size = 'tall', children }: PageHeroProps) {
  const Title = as;
  // React 18 does not know fetchPriority; the lowercase attribute passes straight to the DOM.
  const priority = { fetchpriority: 'high' } as Record<string, string>;
  const height = size === 'tall' ? 'h-[320px] md:h-[506px]' : 'h-[240px] md:h-[340px]';
  return (
    <section className={`relative isolate overflow-hidden bg-brand-950 ${height}`} data-testid="page-hero">
      <img
        src={image.src}
        srcSet={image.srcSet}
        sizes="100vw"
        width={image.width}
        height={image.height}
        alt=""
        loading="eager"
        decoding="async"
        {...priority}
        className="absolute inset-0 -z-10 h-full w-full object-cover"
      />
      <div aria-hidden="true" className="absolute inset-0 -z-10 bg-gradient-to-r from-brand-950/90 via-brand-950/65 to-brand-950/20" />
      <div className="container-page flex h-full flex-col justify-center">
        <div className="max-w-2xl">
          {eyebrow ? <p className="mb-3 text-xs font-semibold uppercase tracking-[0.2em] text-accent-300 md:text-sm">{eyebrow}</p> : null}
          <Title className="text-3xl font-extrabold leading-tight tracking-tight text-white drop-shadow-sm sm:text-4xl md:text-5xl lg:text-6xl">
            {title}
          </Title>
          {subtitle ? <p className="mt-3 text-lg font-medium text-brand-100 md:mt-5 md:text-2xl">{subtitle}</p> : null}
          {children}
        </div>
      </div>
    </section>
  );
}
