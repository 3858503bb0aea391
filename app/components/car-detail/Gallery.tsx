import { useEffect, useRef, useState, type KeyboardEvent, type TouchEvent } from 'react';
import { Spinner } from '~/components/ui/Spinner';
import { AvifPicture, fallbackOf, srcSetOf } from '~/components/ui/picture';
import type { CarImage } from '~/lib/wordpress/types';
import { ChevronLeftIcon, ChevronRightIcon, ImageIcon } from './icons';
import { usePhotoViewer, VIEWER_FAILED } from './PhotoViewer';

type GalleryProps = {
  images: CarImage[];
  title: string;
};

/** The main picture's widths: the page column beside the 384 px inquiry column, full width below lg. */
const MAIN_SIZES = '(min-width: 1280px) 800px, (min-width: 1024px) calc(100vw - 480px), 100vw';
const SWIPE_MIN_PX = 40;
const ARROW =
  'absolute top-1/2 flex h-11 w-11 -translate-y-1/2 items-center justify-center rounded-full bg-white/90 text-slate-800 shadow-card ring-1 ring-slate-900/5 transition hover:bg-white md:h-12 md:w-12';

/** The srcset of a gallery photo: every size WordPress made of its shape (the page's preload offers the same). */
export function gallerySrcSet(image: CarImage): string | undefined {
  return srcSetOf(image.sizes);
}

/**
 * The preload of the first photo: the candidates the browser will pick from, AVIF (typed, so only
 * a browser that shows AVIF fetches it) when WordPress made AVIF copies, else the WebP srcset.
 */
export function galleryPreload(image: CarImage): { srcSet?: string; sizes: string; type?: string } {
  const avif = srcSetOf(image.avif);
  return avif ? { srcSet: avif, sizes: MAIN_SIZES, type: 'image/avif' } : { srcSet: gallerySrcSet(image), sizes: MAIN_SIZES };
}

/** What a browser without srcset loads: a sub-size near the column's width rather than the original upload. */
export function gallerySrc(image: CarImage): string {
  return fallbackOf(image.sizes, 768)?.url ?? image.url;
}

/** Stays false for the server render and the hydration pass, then true: client-only extras. */
function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

/**
 * The car's photos: one large picture with previous/next arrows (they wrap around),
 * a loading overlay until the shown picture has loaded, and the 300×300 thumbnails when there is more
 * than one. Keyboard: ←/→ anywhere in the gallery; touch: swipe. The parent keys it by car id, so a
 * new car starts at the first photo; an index out of range falls back to the first photo too.
 */
export function Gallery({ images, title }: GalleryProps) {
  const [index, setIndex] = useState(0);
  const [loaded, setLoaded] = useState<ReadonlySet<string>>(() => new Set());
  const hydrated = useHydrated();
  const thumbsRef = useRef<HTMLUListElement>(null);
  const touchX = useRef<number | null>(null);

  const count = images.length;
  const current = index >= 0 && index < count ? index : 0;
  const image = images[current];

  useEffect(() => {
    if (index !== current) setIndex(current);
  }, [index, current]);

  // Keep the active thumbnail in view inside its strip, without scrolling the page.
  useEffect(() => {
    const strip = thumbsRef.current;
    const thumb = strip?.children[current] as HTMLElement | undefined;
    if (!strip || !thumb) return;
    const left = thumb.offsetLeft - strip.offsetLeft;
    if (left < strip.scrollLeft || left + thumb.offsetWidth > strip.scrollLeft + strip.clientWidth) {
      strip.scrollTo({ left: left - (strip.clientWidth - thumb.offsetWidth) / 2, behavior: 'smooth' });
    }
  }, [current]);

  const photoViewer = usePhotoViewer(images, title, setIndex);
  const markLoaded = (url: string) => setLoaded((prev) => (prev.has(url) ? prev : new Set(prev).add(url)));
  const go = (to: number) => setIndex(((to % count) + count) % count);

  if (!image) {
    return (
      <div className="flex aspect-[16/10] flex-col items-center justify-center gap-2 rounded-2xl bg-slate-100 text-slate-500">
        <ImageIcon className="h-12 w-12" />
        <p className="text-sm font-medium">No photos of this car yet</p>
      </div>
    );
  }

  const multiple = count > 1;
  const srcSet = gallerySrcSet(image);
  // The first photo is the page's largest paint: fetched at once, at high priority.
  const priorityAttrs = current === 0 ? ({ fetchpriority: 'high' } as Record<string, string>) : {};

  function onKeyDown(event: KeyboardEvent<HTMLElement>) {
    if (!multiple) return;
    if (event.key === 'ArrowLeft') {
      event.preventDefault();
      go(current - 1);
    } else if (event.key === 'ArrowRight') {
      event.preventDefault();
      go(current + 1);
    }
  }

  function onTouchEnd(event: TouchEvent<HTMLElement>) {
    const start = touchX.current;
    touchX.current = null;
    const end = event.changedTouches[0]?.clientX;
    if (start === null || end === undefined || !multiple) return;
    if (end - start > SWIPE_MIN_PX) go(current - 1);
    else if (start - end > SWIPE_MIN_PX) go(current + 1);
  }

  return (
    <section
      aria-roledescription="carousel"
      aria-label={`Photos of ${title}`}
      onKeyDown={onKeyDown}
      className="flex flex-col gap-3"
      data-testid="car-gallery"
    >
      <div
        className="relative aspect-[16/10] overflow-hidden rounded-2xl bg-slate-100 shadow-card"
        onTouchStart={(e) => {
          touchX.current = e.touches[0]?.clientX ?? null;
        }}
        onTouchEnd={onTouchEnd}
      >
        {/* The photo opens the full-screen viewer (zoom); without JavaScript, the full-size file. */}
        <a
          href={image.url}
          onClick={(event) => photoViewer.openAt(current, event)}
          aria-label={`Enlarge photo ${current + 1} of ${count}: ${image.alt || title}`}
          aria-busy={photoViewer.loading || undefined}
          className="block h-full w-full cursor-zoom-in"
          data-testid="gallery-enlarge"
        >
          <AvifPicture key={image.url} avif={image.avif} sizes={srcSet ? MAIN_SIZES : undefined}>
            <img
              // A new element per photo (keyed above), so its load state is its own.
              ref={(el) => {
                // A photo that finished before hydration fired its load event before React listened.
                if (el?.complete && el.naturalWidth > 0) markLoaded(image.url);
              }}
              src={gallerySrc(image)}
              srcSet={srcSet}
              sizes={srcSet ? MAIN_SIZES : undefined}
              width={image.width || 1280}
              height={image.height || 800}
              alt={image.alt || title}
              loading={current === 0 ? 'eager' : 'lazy'}
              decoding={current === 0 ? 'sync' : 'async'}
              onLoad={() => markLoaded(image.url)}
              onError={() => markLoaded(image.url)}
              className="h-full w-full object-cover"
              data-testid="gallery-image"
              data-index={current}
              {...priorityAttrs}
            />
          </AvifPicture>
        </a>

        {/* Only once hydrated: without JavaScript nothing would ever remove it. */}
        {hydrated && (photoViewer.loading || !loaded.has(image.url)) ? (
          <div className="absolute inset-0 flex items-center justify-center bg-slate-100/70 text-brand-700" data-testid="gallery-loading">
            <Spinner className="h-9 w-9" label="Loading photo" />
          </div>
        ) : null}

        {multiple ? (
          <>
            {/* Only once hydrated: without JavaScript an arrow could not change the photo, and a control
                that does nothing is worse than none (the thumbnails below link to every photo). */}
            {hydrated ? (
              <>
                <button type="button" onClick={() => go(current - 1)} aria-label="Previous photo" className={`${ARROW} left-3`}>
                  <ChevronLeftIcon className="h-6 w-6" />
                </button>
                <button type="button" onClick={() => go(current + 1)} aria-label="Next photo" className={`${ARROW} right-3`}>
                  <ChevronRightIcon className="h-6 w-6" />
                </button>
              </>
            ) : null}
            <p
              className="absolute bottom-3 right-3 rounded-full bg-slate-900/70 px-3 py-1 text-xs font-medium text-white"
              aria-live="polite"
              data-testid="gallery-counter"
            >
              <span className="sr-only">Photo </span>
              {current + 1}
              <span aria-hidden="true"> / </span>
              <span className="sr-only"> of </span>
              {count}
            </p>
          </>
        ) : null}
      </div>

      {photoViewer.failed ? (
        <p role="alert" className="text-sm text-red-700">
          {VIEWER_FAILED}
        </p>
      ) : null}
      {photoViewer.viewer}

      {multiple ? (
        <ul ref={thumbsRef} className="-mx-1 flex gap-2 overflow-x-auto p-1 [scrollbar-width:thin]" aria-label="Choose a photo">
          {images.map((img, i) => {
            // An outline for the keyboard focus: the thumbnails' own rings (the current one, the others'
            // hairline) would hide the site's focus ring, which is a ring too.
            const className = `block h-16 w-16 overflow-hidden rounded-lg ring-offset-2 transition focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 sm:h-20 sm:w-20 ${
              i === current ? 'ring-2 ring-accent-500' : 'opacity-75 ring-1 ring-slate-200 hover:opacity-100'
            }`;
            const thumb = (
              <img
                src={img.thumb.url}
                width={img.thumb.width || 300}
                height={img.thumb.height || 300}
                alt=""
                loading="lazy"
                decoding="async"
                className="h-full w-full object-cover"
              />
            );
            const label = `Show photo ${i + 1} of ${count}`;
            return (
              <li key={img.url} className="flex-none">
                {/* Without JavaScript each thumbnail is a link to its full photo, so every photo can be
                    reached; once hydrated it is a button that shows the photo in the gallery. */}
                {hydrated ? (
                  <button
                    type="button"
                    onClick={() => setIndex(i)}
                    aria-label={label}
                    aria-current={i === current ? 'true' : undefined}
                    data-testid="gallery-thumb"
                    className={className}
                  >
                    {thumb}
                  </button>
                ) : (
                  <a
                    href={img.url}
                    aria-label={label}
                    aria-current={i === current ? 'true' : undefined}
                    data-testid="gallery-thumb"
                    className={className}
                  >
                    {thumb}
                  </a>
                )}
              </li>
            );
          })}
        </ul>
      ) : null}
    </section>
  );
}
