// The frame every 24×24 stroke icon of the site is drawn in (currentColor). Icons are decorative:
// the text or label next to each names it, so they are hidden from assistive technology.
import type { ReactNode, SVGProps } from 'react';

export type IconProps = SVGProps<SVGSVGElement>;

export function StrokeIcon({ children, className = 'h-5 w-5', ...rest }: IconProps) {
  // Fill, stroke, width and joins come from the `icon-stroke` class (app/tailwind.css) rather than
  // five attributes repeated on every icon of every page; a `strokeWidth` given here still wins.
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" className={`icon-stroke ${className}`} {...rest}>
      {children}
    </svg>
  );
}

/** An icon drawn from its shapes: `export const PinIcon = strokeIcon(<path d="…" />)`. */
export function strokeIcon(shapes: ReactNode) {
  return function Icon(props: IconProps) {
    return <StrokeIcon {...props}>{shapes}</StrokeIcon>;
  };
}

/**
 * A filled 20×20 icon of one path, for the small marks inside controls (chevrons, search, alert):
 * `const SearchIcon = solidIcon('M9 3.5…')`. Holes in the shape are cut by the even-odd rule.
 */
export function solidIcon(d: string) {
  return function Icon({ className = 'h-5 w-5', ...rest }: IconProps) {
    return (
      <svg viewBox="0 0 20 20" fill="currentColor" aria-hidden="true" focusable="false" className={className} {...rest}>
        <path fillRule="evenodd" clipRule="evenodd" d={d} />
      </svg>
    );
  };
}

/**
 * The filled × of a close or remove button (the dialogs' Close, the filter chips' remove). Here beside
 * its frame rather than in ./icons: the explore page needs it in its first load, and ./icons would
 * bring the site's other icons along.
 */
export const CloseIcon = solidIcon(
  'M6.28 5.22a.75.75 0 0 0-1.06 1.06L8.94 10l-3.72 3.72a.75.75 0 1 0 1.06 1.06L10 11.06l3.72 3.72a.75.75 0 1 0 1.06-1.06L11.06 10l3.72-3.72a.75.75 0 0 0-1.06-1.06L10 8.94 6.28 5.22Z',
);
