// The srcset of WordPress's image sizes and the AVIF <picture> around an <img>, for every
// component that shows a WordPress photo (one module, so one small chunk in the browser build).
import type { ReactElement } from 'react';
import type { ImageSource } from '~/lib/wordpress/types';

/** A photo's width in the page's one / two (from 640 px) / three (from 1024 px) column grid. */
export const THREE_COLUMN_SIZES = '(min-width: 1280px) 390px, (min-width: 1024px) 31vw, (min-width: 640px) 48vw, 100vw';

/** "url 300w, url 768w": one picture at several widths; undefined when WordPress made no size. */
export function srcSetOf(sizes: readonly ImageSource[]): string | undefined {
  return sizes.length > 0 ? sizes.map((s) => `${s.url} ${s.width}w`).join(', ') : undefined;
}

/** The candidate a browser without srcset loads: the first at least `minWidth` wide, else the largest. */
export function fallbackOf<T extends ImageSource>(sizes: readonly T[], minWidth: number): T | undefined {
  return sizes.find((s) => s.width >= minWidth) ?? sizes[sizes.length - 1];
}

/**
 * The <img> alone, or inside a <picture> whose AVIF source the browser takes when it can show AVIF
 * and WordPress made AVIF copies (the img's WebP srcset serves every other browser). The picture
 * element is inline and adds no box of its own, so the img keeps its layout.
 */
export function AvifPicture({
  avif,
  sizes,
  children,
}: {
  avif: readonly ImageSource[];
  sizes: string | undefined;
  children: ReactElement;
}) {
  const srcSet = srcSetOf(avif);
  if (!srcSet) return children;
  return (
    <picture>
      <source type="image/avif" srcSet={srcSet} sizes={sizes} />
      {children}
    </picture>
  );
}
