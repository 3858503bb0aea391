import type { ReactElement } from 'react';
import { srcSetOf } from '~/lib/image-srcset';
import type { ImageSource } from '~/lib/wordpress/types';

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
