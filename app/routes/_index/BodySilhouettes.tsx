import type { BodyTypeName } from './home-model';

/**
 * The sprite of the six body-type silhouettes, drawn for this site (public/images/body-types.svg:
 * one <symbol> per type on a 160×64 grid). The drawings live in a cached SVG file rather than in
 * the page's JavaScript, which keeps the home page inside its first-load JavaScript budget; each
 * tile still draws an inline <svg> that takes the tile's text colour for the body (currentColor).
 */
export const BODY_SPRITE = '/images/body-types.svg';

export function bodySymbolId(type: BodyTypeName): string {
  return type.toLowerCase().replace(/\s+/g, '-');
}

export function BodySilhouette({ type, className = 'h-12 w-auto' }: { type: BodyTypeName; className?: string }) {
  return (
    <svg viewBox="0 0 160 64" className={className} aria-hidden="true" focusable="false">
      <use href={`${BODY_SPRITE}#${bodySymbolId(type)}`} />
    </svg>
  );
}
