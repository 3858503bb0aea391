/**
 * The home page's call-to-action colour: amber with navy text. White on the brand's amber-500 reads
 * at under 3:1 (WCAG AA needs 4.5:1); navy on amber-400 reads at about 8:1 and keeps the warm accent.
 */
export const CTA_CLASS = 'btn bg-accent-400 text-brand-950 hover:bg-accent-300 active:bg-accent-500';
