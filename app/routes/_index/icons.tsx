// Stroke icons of the home page (24×24, currentColor), drawn for this site, each one path so the set
// costs little JavaScript. Decorative: the text or label next to each names it, so they are hidden
// from assistive technology.

const PATHS = {
  chevronLeft: 'm15 5-7 7 7 7',
  chevronRight: 'm9 5 7 7-7 7',
  chevronDown: 'm7 10 5 5 5-5',
  arrowRight: 'M4 12h16M14 6l6 6-6 6',
  pause: 'M8 5v14M16 5v14',
  search: 'M17.5 11a6.5 6.5 0 1 1-13 0 6.5 6.5 0 0 1 13 0ZM20 20l-4.2-4.2',
  /** Stable supply: a warehouse with stacked stock. */
  warehouse: 'M3 20V9l9-5 9 5v11M7 20v-7h10v7M7 16.5h10M3 20h18',
  /** Competitive pricing: a price tag. */
  priceTag:
    'M3.5 12.3V4.5a1 1 0 0 1 1-1h7.8l8.4 8.4a1 1 0 0 1 0 1.4l-7.8 7.8a1 1 0 0 1-1.4 0ZM9.4 8a1.4 1.4 0 1 1-2.8 0 1.4 1.4 0 0 1 2.8 0Z',
  /** Customised configuration: adjustment sliders. */
  sliders:
    'M4 6h9M17 6h3M4 12h3M11 12h9M4 18h11M19 18h1M17 6a2 2 0 1 1-4 0 2 2 0 0 1 4 0ZM11 12a2 2 0 1 1-4 0 2 2 0 0 1 4 0ZM19 18a2 2 0 1 1-4 0 2 2 0 0 1 4 0Z',
  /** Safe and compliant export: a shield with a check. */
  shieldCheck: 'M12 3 4.5 6v5.5c0 4.6 3.1 8.3 7.5 9.5 4.4-1.2 7.5-4.9 7.5-9.5V6ZM8.8 12.2l2.2 2.2 4.3-4.4',
} as const;

export type IconName = keyof typeof PATHS;

type IconProps = { name: IconName; className?: string; strokeWidth?: number };

export function Icon({ name, className = 'h-5 w-5', strokeWidth = 2 }: IconProps) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={strokeWidth}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      className={className}
    >
      <path d={PATHS[name]} />
    </svg>
  );
}

/** The play triangle is filled, not stroked. */
export function PlayIcon({ className = 'h-5 w-5' }: { className?: string }) {
  return (
    <svg viewBox="0 0 24 24" fill="currentColor" aria-hidden="true" focusable="false" className={className}>
      <path d="M8 5.14v13.72a1 1 0 0 0 1.52.85l11.03-6.86a1 1 0 0 0 0-1.7L9.52 4.29A1 1 0 0 0 8 5.14Z" />
    </svg>
  );
}
