import { Link, NavLink } from '@remix-run/react';
import type { ComponentType, SVGProps } from 'react';
import { CarIcon, ChatIcon, HomeIcon, InfoIcon } from './icons';
import { LogoMark } from './Logo';

type Item = { to: string; label: string; Icon: ComponentType<SVGProps<SVGSVGElement>> };

// The bar below 768 px: Home, Explore Cars, logo (to home), Contact Us, About Us.
const LEFT: Item[] = [
  { to: '/', label: 'Home', Icon: HomeIcon },
  { to: '/explore-cars', label: 'Explore Cars', Icon: CarIcon },
];
const RIGHT: Item[] = [
  { to: '/contact-us', label: 'Contact Us', Icon: ChatIcon },
  { to: '/about-us', label: 'About Us', Icon: InfoIcon },
];

function BarLink({ to, label, Icon }: Item) {
  return (
    <li className="flex-1">
      <NavLink
        to={to}
        end={to === '/'}
        prefetch="intent"
        className={({ isActive }) =>
          `flex h-full flex-col items-center justify-center gap-0.5 text-[0.68rem] font-medium ${
            isActive ? 'text-brand-800' : 'text-slate-500 hover:text-brand-700'
          }`
        }
      >
        {({ isActive }) => (
          <>
            <Icon className={`h-6 w-6 ${isActive ? 'stroke-[2.2]' : ''}`} />
            <span className="whitespace-nowrap">{label}</span>
          </>
        )}
      </NavLink>
    </li>
  );
}

/**
 * The fixed navigation bar below 768 px. The layout pads the page by its height so nothing is hidden
 * behind it; the safe-area inset keeps it clear of the home indicator on phones.
 */
export function MobileBottomBar() {
  return (
    <nav
      aria-label="Mobile"
      className="fixed inset-x-0 bottom-0 z-40 border-t border-slate-200 bg-white pb-[env(safe-area-inset-bottom)] shadow-[0_-4px_16px_rgb(15_23_42/0.06)] md:hidden"
    >
      <ul className="mx-auto flex h-bottom-bar max-w-lg items-stretch">
        {LEFT.map((item) => (
          <BarLink key={item.to} {...item} />
        ))}
        <li className="flex flex-1 items-center justify-center">
          <Link to="/" aria-label="Car Export, home" className="-mt-6 rounded-2xl shadow-card ring-4 ring-white">
            <LogoMark className="h-12 w-12" />
          </Link>
        </li>
        {RIGHT.map((item) => (
          <BarLink key={item.to} {...item} />
        ))}
      </ul>
    </nav>
  );
}
