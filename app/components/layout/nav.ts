// The site's navigation, in the order the header shows it.

export type NavItem = { to: string; label: string };

export const HEADER_NAV: NavItem[] = [
  { to: '/', label: 'Home' },
  { to: '/explore-cars', label: 'Explore Cars' },
  { to: '/about-us', label: 'About Us' },
  { to: '/contact-us', label: 'Contact Us' },
];

export const FAVORITES_PATH = '/favorites';

/** The header badge: the count, "99+" above 99, nothing at 0. */
export function favoriteBadgeText(count: number): string | null {
  if (!Number.isFinite(count) || count <= 0) return null;
  return count > 99 ? '99+' : String(Math.floor(count));
}

/** The current page as a same-site path to come back to after signing in or out. */
export function currentPath(location: { pathname: string; search: string }): string {
  return `${location.pathname}${location.search}`;
}
