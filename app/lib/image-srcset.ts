// srcset text for the plugin's image sizes, shared by every component that shows a WordPress photo.
import type { ImageSource } from './wordpress/types';

/** "url 300w, url 768w": one picture at several widths; undefined when WordPress made no size. */
export function srcSetOf(sizes: readonly ImageSource[]): string | undefined {
  return sizes.length > 0 ? sizes.map((s) => `${s.url} ${s.width}w`).join(', ') : undefined;
}

/** The candidate a browser without srcset loads: the first at least `minWidth` wide, else the largest. */
export function fallbackOf<T extends ImageSource>(sizes: readonly T[], minWidth: number): T | undefined {
  return sizes.find((s) => s.width >= minWidth) ?? sizes[sizes.length - 1];
}
