// The frame every 24×24 stroke icon of the site is drawn in (currentColor). Icons are decorative:
// the text or label next to each names it, so they are hidden from assistive technology.
import type { ReactNode, SVGProps } from 'react';

export type IconProps = SVGProps<SVGSVGElement>;

export function StrokeIcon({ children, className = 'h-5 w-5', ...rest }: IconProps) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      className={className}
      {...rest}
    >
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
