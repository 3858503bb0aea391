// The full-screen photo viewer of the car page, loaded only when a visitor first opens it (a dynamic
// import from Gallery), so neither the library nor its stylesheet is part of the page's first load.
import { useMemo } from 'react';
import Lightbox from 'yet-another-react-lightbox';
import Zoom from 'yet-another-react-lightbox/plugins/zoom';
import lightboxStylesHref from 'yet-another-react-lightbox/styles.css';
import type { CarImage } from '~/lib/wordpress/types';

export type GalleryLightboxProps = {
  images: CarImage[];
  title: string;
  open: boolean;
  index: number;
  /** The photo on screen changed (arrows, swipe, keys): the page's gallery follows it. */
  onView: (index: number) => void;
  onClose: () => void;
  /** After the closing animation: the caller puts focus back where the visitor opened the viewer. */
  onExited: () => void;
};

let stylesheet: Promise<void> | null = null;

/**
 * Adds the viewer's stylesheet to the page once, resolving when it has loaded (so the viewer never
 * shows unstyled). A stylesheet that fails still resolves: the viewer then works, only plainer.
 */
export function loadLightboxStyles(): Promise<void> {
  stylesheet ??= new Promise<void>((resolve) => {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = lightboxStylesHref;
    link.onload = () => resolve();
    link.onerror = () => resolve();
    document.head.appendChild(link);
  });
  return stylesheet;
}

/** Pinch, double-tap and wheel zoom up to 4× the photo's own pixels; arrows, swipe and Esc. */
export default function GalleryLightbox({ images, title, open, index, onView, onClose, onExited }: GalleryLightboxProps) {
  // The same array while the photos are the same: the viewer starts over at `index` when it changes.
  const slides = useMemo(
    () =>
      images.map((image, i) => ({
        src: image.url,
        alt: image.alt || `${title}, photo ${i + 1} of ${images.length}`,
        width: image.width || undefined,
        height: image.height || undefined,
        srcSet: image.sizes.length > 0 ? image.sizes.map((s) => ({ src: s.url, width: s.width, height: s.height })) : undefined,
      })),
    [images, title],
  );
  return (
    <Lightbox
      open={open}
      close={onClose}
      index={index}
      slides={slides}
      plugins={[Zoom]}
      zoom={{ maxZoomPixelRatio: 4, scrollToZoom: true }}
      carousel={{ finite: images.length <= 1 }}
      controller={{ closeOnBackdropClick: true }}
      labels={{
        Lightbox: `Photos of ${title}`,
        Carousel: 'Photos',
        Close: 'Close photo viewer',
        Previous: 'Previous photo',
        Next: 'Next photo',
        'Zoom in': 'Zoom in',
        'Zoom out': 'Zoom out',
      }}
      on={{ view: ({ index: i }) => onView(i), exited: onExited }}
      render={images.length <= 1 ? { buttonPrev: () => null, buttonNext: () => null } : undefined}
    />
  );
}
