import { Link } from '@remix-run/react';
import type { KeenSliderInstance } from 'keen-slider';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { HERO_INTERVAL_MS } from './home-model';
import { CTA_CLASS } from './styles';
import { Icon, PlayIcon } from './icons';
import { COMPANY } from '~/lib/content/company';

type HeroSlide = { name: string; alt: string };

/** The two banners (public/images/hero, made from the seed art with sharp: WebP + JPEG, 1920 and 960 wide). */
const SLIDES: HeroSlide[] = [
  { name: 'hero-1', alt: 'New cars lined up at a container port, ready for export' },
  { name: 'hero-2', alt: 'A coupé and an SUV on an open road at sunset' },
];
const WIDTH = 1920;
const HEIGHT = 700;
const SIZES = '100vw';

const srcSet = (name: string, ext: 'webp' | 'jpg') => `/images/hero/${name}-960.${ext} 960w, /images/hero/${name}-1920.${ext} 1920w`;

/**
 * A preload for the first banner (the LCP element), with the same candidates the <picture> offers,
 * at high priority: a preload starts at an image's default low priority, and the <img> reuses that
 * request, so without the hint the banner would queue behind the scripts. A meta descriptor
 * (rendered as a <link> before the stylesheet), since Remix's link type has no fetchpriority.
 */
export const HERO_PRELOAD = {
  tagName: 'link',
  rel: 'preload',
  as: 'image',
  href: `/images/hero/${SLIDES[0]!.name}-960.webp`,
  imageSrcSet: srcSet(SLIDES[0]!.name, 'webp'),
  imageSizes: SIZES,
  type: 'image/webp',
  // Lower-case: React 18 does not know the camel-case prop and would warn.
  fetchpriority: 'high',
} as const;

function usePrefersReducedMotion(): boolean {
  const [reduced, setReduced] = useState(false);
  useEffect(() => {
    const query = window.matchMedia('(prefers-reduced-motion: reduce)');
    setReduced(query.matches);
    const onChange = () => setReduced(query.matches);
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, []);
  return reduced;
}

function Slide({ slide, index, active }: { slide: HeroSlide; index: number; active: boolean }) {
  const first = index === 0;
  // React 18 does not know fetchPriority; the lowercase attribute passes straight to the DOM.
  const priority = first ? ({ fetchpriority: 'high' } as Record<string, string>) : {};
  return (
    <div
      className="keen-slider__slide min-w-full"
      role="group"
      aria-roledescription="slide"
      aria-label={`${index + 1} of ${SLIDES.length}`}
      aria-hidden={active ? undefined : true}
      data-testid="hero-slide"
    >
      <picture>
        <source type="image/webp" srcSet={srcSet(slide.name, 'webp')} sizes={SIZES} />
        <img
          src={`/images/hero/${slide.name}-1920.jpg`}
          srcSet={srcSet(slide.name, 'jpg')}
          sizes={SIZES}
          width={WIDTH}
          height={HEIGHT}
          alt={slide.alt}
          loading={first ? 'eager' : 'lazy'}
          decoding={first ? 'sync' : 'async'}
          className="h-full w-full object-cover"
          {...priority}
        />
      </picture>
    </div>
  );
}

const controlButton =
  'inline-flex h-10 w-10 items-center justify-center rounded-full bg-white/90 text-brand-900 shadow-card transition hover:bg-white';

type ControlsProps = {
  /** False until keen-slider runs: the controls keep their space but stay invisible (and unfocusable). */
  ready: boolean;
  current: number;
  playing: boolean;
  onPrev: () => void;
  onNext: () => void;
  onDot: (index: number) => void;
  onTogglePlay: () => void;
};

function Dots({ current, onDot }: Pick<ControlsProps, 'current' | 'onDot'>) {
  return (
    <div className="flex items-center gap-0.5 rounded-full bg-brand-950/50 px-1.5 backdrop-blur-sm">
      {SLIDES.map((slide, index) => (
        <button
          key={slide.name}
          type="button"
          onClick={() => onDot(index)}
          aria-controls="hero-slides"
          aria-label={`Show slide ${index + 1} of ${SLIDES.length}`}
          aria-current={index === current ? 'true' : undefined}
          data-testid="hero-dot"
          className="group inline-flex h-9 w-8 items-center justify-center rounded-full"
        >
          <span
            aria-hidden="true"
            className={`block h-2.5 rounded-full transition-all motion-reduce:transition-none ${
              index === current ? 'w-6 bg-accent-400' : 'w-2.5 bg-white/70 group-hover:bg-white'
            }`}
          />
        </button>
      ))}
    </div>
  );
}

/**
 * One row of controls on the picture: previous, dots, next and pause. Mobile: centred at the
 * picture's foot; desktop: under the call to action, on the picture's dark side, above the filter
 * card that overlaps the banner's bottom edge.
 */
function Controls({ ready, current, playing, onPrev, onNext, onDot, onTogglePlay }: ControlsProps) {
  const button = `${controlButton} h-9 w-9 md:h-10 md:w-10`;
  return (
    <div className={`absolute inset-x-0 bottom-2 z-10 md:bottom-20 ${ready ? '' : 'invisible'}`} data-testid="hero-controls">
      <div className="container-page flex items-center justify-center gap-2 md:justify-start md:gap-3">
        <button type="button" className={button} onClick={onPrev} aria-controls="hero-slides" aria-label="Previous slide">
          <Icon name="chevronLeft" strokeWidth={2.2} />
        </button>
        <Dots current={current} onDot={onDot} />
        <button type="button" className={button} onClick={onNext} aria-controls="hero-slides" aria-label="Next slide">
          <Icon name="chevronRight" strokeWidth={2.2} />
        </button>
        <button
          type="button"
          className={`${button} ml-1`}
          onClick={onTogglePlay}
          aria-label={playing ? 'Pause slide rotation' : 'Start slide rotation'}
          data-testid="hero-pause"
        >
          {playing ? <Icon name="pause" className="h-4 w-4" strokeWidth={2.4} /> : <PlayIcon className="h-4 w-4" />}
        </button>
      </div>
    </div>
  );
}

/**
 * The home banner (two images, auto-advance every 1600 ms, arrows and dots). keen-slider moves
 * the slides; the headline and call to action sit outside the slides so they never move and never
 * hide from screen readers. Rotation stops while the pointer or keyboard focus is in the banner,
 * when the visitor presses Pause (WCAG 2.2.2), and by default when they prefer reduced motion.
 * Left/right arrow keys move it while focus is inside. Without JavaScript the first banner shows
 * alone and the controls, which could do nothing, stay invisible.
 */
export function HeroSlider() {
  const reducedMotion = usePrefersReducedMotion();
  const [current, setCurrent] = useState(0);
  const [ready, setReady] = useState(false);
  const [userPaused, setUserPaused] = useState<boolean | null>(null);
  const [hovering, setHovering] = useState(false);
  const [focused, setFocused] = useState(false);
  const containerRef = useRef<HTMLDivElement>(null);
  const sliderRef = useRef<KeenSliderInstance | null>(null);
  const reducedRef = useRef(reducedMotion);
  reducedRef.current = reducedMotion;

  // keen-slider is fetched after hydration, not with the page: the first banner is plain HTML and
  // nothing moves before the first 1.6 s anyway, so the page's first-load JavaScript stays lean.
  useEffect(() => {
    let cancelled = false;
    let instance: KeenSliderInstance | null = null;
    import('keen-slider')
      .then(({ default: KeenSlider }) => {
        if (cancelled || !containerRef.current) return;
        instance = new KeenSlider(containerRef.current, {
          loop: true,
          slideChanged: (s) => setCurrent(s.track.details.rel),
        });
        sliderRef.current = instance;
        setReady(true);
      })
      .catch((error: unknown) => {
        // The first banner stays, without rotation or controls: a degraded banner, not a broken page.
        console.warn('Hero slider unavailable:', error);
      });
    return () => {
      cancelled = true;
      instance?.destroy();
      sliderRef.current = null;
    };
  }, []);

  /** Moves by `step` slides (or to `index`), instantly when the visitor prefers reduced motion. */
  const go = (target: { step: number } | { index: number }) => {
    const slider = sliderRef.current;
    if (!slider) return;
    const animation = { duration: reducedRef.current ? 0 : 700 };
    if ('step' in target) slider.moveToIdx(slider.track.details.abs + target.step, true, animation);
    else slider.moveToIdx(target.index, false, animation);
  };

  // Reduced motion turns rotation off until the visitor asks for it with Play.
  const playing = userPaused === null ? !reducedMotion : !userPaused;
  const rotating = ready && playing && !hovering && !focused;

  // One timer per shown slide: every change (automatic or by hand) restarts the full interval.
  useEffect(() => {
    if (!rotating) return;
    const timer = window.setTimeout(() => go({ step: 1 }), HERO_INTERVAL_MS);
    return () => window.clearTimeout(timer);
  }, [rotating, current]);

  const controls: ControlsProps = {
    ready,
    current,
    playing,
    onPrev: () => go({ step: -1 }),
    onNext: () => go({ step: 1 }),
    onDot: (index) => go({ index }),
    onTogglePlay: () => setUserPaused(playing),
  };

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    // Links and buttons keep their own keys; only the arrows are taken, and only left/right.
    if (event.key === 'ArrowLeft') {
      event.preventDefault();
      controls.onPrev();
    } else if (event.key === 'ArrowRight') {
      event.preventDefault();
      controls.onNext();
    }
  };

  return (
    <section
      aria-roledescription="carousel"
      aria-labelledby="hero-title"
      className="relative bg-brand-950 md:h-[506px]"
      data-testid="hero"
      onMouseEnter={() => setHovering(true)}
      onMouseLeave={() => setHovering(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      }}
      onKeyDown={onKeyDown}
    >
      <div className="relative h-[230px] sm:h-[320px] md:absolute md:inset-0 md:h-full">
        <div
          ref={containerRef}
          id="hero-slides"
          className="keen-slider h-full"
          // Announce a slide change only when the visitor caused it, not every 1.6 s.
          aria-live={rotating ? 'off' : 'polite'}
        >
          {SLIDES.map((slide, index) => (
            <Slide key={slide.name} slide={slide} index={index} active={index === current} />
          ))}
        </div>
        {/* Legibility: the headline's side darkens on desktop; the dots' edge on mobile. */}
        <div
          aria-hidden="true"
          className="pointer-events-none absolute inset-0 bg-gradient-to-t from-brand-950/50 via-transparent to-transparent md:bg-gradient-to-r md:from-brand-950/90 md:via-brand-950/50 md:to-transparent"
        />
        <Controls {...controls} />
      </div>

      {/* The same words on both layouts: over the picture on desktop, below it on mobile. */}
      <div className="relative md:pointer-events-none md:absolute md:inset-0 md:pt-14">
        <div className="container-page pb-8 pt-7 md:py-0">
          <div className="max-w-xl text-white md:pointer-events-auto">
            <p className="text-xs font-semibold uppercase tracking-[0.18em] text-accent-300 md:text-sm">
              Trusted exporter since {COMPANY.founded}
            </p>
            <h1 id="hero-title" className="mt-3 text-3xl font-extrabold leading-tight tracking-tight md:text-5xl">
              Cars from China, exported worldwide
            </h1>
            <p className="mt-3 text-base text-brand-100 md:mt-4 md:text-lg">
              New and nearly-new vehicles from China&rsquo;s leading makers — inspected, documented and shipped to buyers and dealers in{' '}
              {COMPANY.countriesInWords} countries.
            </p>
            <div className="mt-6 flex flex-col gap-3 sm:flex-row">
              <Link to="/explore-cars" className={`${CTA_CLASS} px-6 py-3 text-base`}>
                Explore Cars
              </Link>
              <Link
                to="/contact-us"
                className="btn border border-white/40 px-6 py-3 text-base text-white hover:border-white hover:bg-white/10"
              >
                Talk to Our Export Team
              </Link>
            </div>
          </div>
        </div>
      </div>
    </section>
  );
}
