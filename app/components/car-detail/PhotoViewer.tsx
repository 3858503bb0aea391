import { useCallback, useRef, useState, type ComponentType, type MouseEvent } from 'react';
import type { CarImage } from '~/lib/wordpress/types';
import type { GalleryLightboxProps } from './GalleryLightbox';

type Viewer = ComponentType<GalleryLightboxProps>;
type Status = 'idle' | 'loading' | 'error';

export const VIEWER_FAILED = 'The photo viewer could not be opened. Please check your connection and try again.';

/**
 * The gallery's full-screen viewer. Its code (the lightbox library and stylesheet) is fetched on the
 * first open only. The element that opened it gets focus back when it closes, and the gallery shows
 * the photo the visitor ended on. `onView` keeps the gallery's index in step.
 */
export function usePhotoViewer(images: CarImage[], title: string, onView: (index: number) => void) {
  const [Component, setComponent] = useState<Viewer | null>(null);
  const [open, setOpen] = useState(false);
  const [start, setStart] = useState(0);
  const [status, setStatus] = useState<Status>('idle');
  const opener = useRef<HTMLElement | null>(null);

  const openAt = useCallback(
    (index: number, event?: MouseEvent<HTMLElement>) => {
      // A modified click keeps its browser meaning (open the photo in a new tab).
      if (event && (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0)) return;
      event?.preventDefault();
      opener.current = event?.currentTarget ?? (document.activeElement as HTMLElement | null);
      setStart(index);
      if (Component) {
        setOpen(true);
        return;
      }
      setStatus('loading');
      import('./GalleryLightbox')
        .then(async (module) => {
          await module.loadLightboxStyles();
          setComponent(() => module.default);
          setStatus('idle');
          setOpen(true);
        })
        .catch((error: unknown) => {
          console.warn('Photo viewer failed to load:', error instanceof Error ? error.message : error);
          setStatus('error');
        });
    },
    [Component],
  );

  const viewer = Component ? (
    <Component
      images={images}
      title={title}
      open={open}
      index={start}
      onView={onView}
      onClose={() => setOpen(false)}
      onExited={() => opener.current?.focus()}
    />
  ) : null;

  return { openAt, viewer, loading: status === 'loading', failed: status === 'error' };
}
