// Small stroke icons of the layout (24×24, currentColor). Decorative: the text next to each names it.
import { strokeIcon } from '~/components/ui/StrokeIcon';
export { GlobeIcon, MailIcon } from '~/components/ui/icons';

export const HomeIcon = strokeIcon(
  <>
    <path d="M3 10.5 12 3l9 7.5" />
    <path d="M5 9v11h5v-6h4v6h5V9" />
  </>,
);

export const CarIcon = strokeIcon(
  <>
    <path d="M3 16v-3.5l2-4.5a2 2 0 0 1 1.8-1.2h10.4A2 2 0 0 1 19 8l2 4.5V16a1 1 0 0 1-1 1h-1" />
    <path d="M5 17H4a1 1 0 0 1-1-1" />
    <path d="M3.5 12.5h17" />
    <circle cx="7.5" cy="17" r="2" />
    <circle cx="16.5" cy="17" r="2" />
    <path d="M9.5 17h5" />
  </>,
);

export const ChatIcon = strokeIcon(
  <>
    <path d="M21 12a8 8 0 0 1-11.6 7.1L4 20.5l1.4-4.6A8 8 0 1 1 21 12Z" />
    <path d="M8.5 12h.01M12 12h.01M15.5 12h.01" strokeWidth={2.6} />
  </>,
);

export const InfoIcon = strokeIcon(
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 11v5" />
    <path d="M12 7.5h.01" strokeWidth={2.6} />
  </>,
);

export const HeartIcon = strokeIcon(
  <path d="M12 20s-7.5-4.4-9-9.2C2 7.3 4.2 4.5 7.3 4.5c1.9 0 3.5 1 4.7 2.6 1.2-1.6 2.8-2.6 4.7-2.6 3.1 0 5.3 2.8 4.3 6.3-1.5 4.8-9 9.2-9 9.2Z" />,
);

export const UserIcon = strokeIcon(
  <>
    <circle cx="12" cy="8" r="4" />
    <path d="M4 20.5c1.3-3.8 4.3-5.5 8-5.5s6.7 1.7 8 5.5" />
  </>,
);

export const LogoutIcon = strokeIcon(
  <>
    <path d="M15 4h3a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2h-3" />
    <path d="M10 17l-5-5 5-5" />
    <path d="M5 12h11" />
  </>,
);
