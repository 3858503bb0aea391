// Stroke icons of the content pages (24×24, currentColor). Decorative: the text beside each names it.
import { strokeIcon } from '~/components/ui/StrokeIcon';
export { CheckIcon, GlobeIcon, MailIcon, PhoneIcon, PinIcon, WhatsAppIcon } from '~/components/ui/icons';

export const WeChatIcon = strokeIcon(
  <>
    <path d="M15.5 9.1A6.6 5.6 0 1 0 5.3 13.8L4.5 16.5l3-1.5a7.7 7.7 0 0 0 2.2.5" />
    <path d="M22 14.5c0-2.8-2.7-5-6-5s-6 2.2-6 5 2.7 5 6 5c.7 0 1.3-.1 1.9-.3l2.6 1.3-.7-2.3a4.7 4.7 0 0 0 2.2-3.7Z" />
    <path d="M7.5 8h.01M11.5 8h.01M14 13.5h.01M18 13.5h.01" strokeWidth={2.4} />
  </>,
);

export const ShieldIcon = strokeIcon(
  <>
    <path d="M12 3 4.5 6v5.5c0 4.6 3.2 8.4 7.5 9.5 4.3-1.1 7.5-4.9 7.5-9.5V6L12 3Z" />
    <path d="m8.8 12 2.2 2.2 4.3-4.4" />
  </>,
);

export const StarIcon = strokeIcon(<path d="m12 3.5 2.6 5.3 5.9.9-4.3 4.1 1 5.8L12 16.9l-5.2 2.7 1-5.8-4.3-4.1 5.9-.9L12 3.5Z" />);

export const UsersIcon = strokeIcon(
  <>
    <circle cx="9" cy="8" r="3.5" />
    <path d="M2.5 20a6.5 6.5 0 0 1 13 0" />
    <path d="M16 4.6a3.5 3.5 0 0 1 0 6.8M18 14.3a6.5 6.5 0 0 1 3.5 5.7" />
  </>,
);

export const TruckIcon = strokeIcon(
  <>
    <path d="M2.5 6h11v10h-11zM13.5 9.5h4l3 3.5V16h-7" />
    <circle cx="6.5" cy="17.5" r="1.8" />
    <circle cx="17" cy="17.5" r="1.8" />
  </>,
);

export const TagIcon = strokeIcon(
  <>
    <path d="M3 12.2V4.5A1.5 1.5 0 0 1 4.5 3h7.7l8.8 8.8-9.2 9.2L3 12.2Z" />
    <circle cx="8" cy="8" r="1.5" />
  </>,
);

export const WrenchIcon = strokeIcon(
  <path d="M14.5 6.5a4 4 0 0 0-5.3 5.3L3.5 17.5l3 3 5.7-5.7a4 4 0 0 0 5.3-5.3l-2.5 2.5-2.5-.5-.5-2.5 2.5-2.5Z" />,
);

export const WarehouseIcon = strokeIcon(
  <>
    <path d="M3 20V9l9-5 9 5v11" />
    <path d="M7 20v-7h10v7M7 16h10" />
  </>,
);

export const CalendarIcon = strokeIcon(
  <>
    <rect x="3.5" y="5" width="17" height="15.5" rx="2" />
    <path d="M3.5 10h17M8 3v4M16 3v4" />
  </>,
);

export const ArrowRightIcon = strokeIcon(<path d="M5 12h14M13 6l6 6-6 6" />);

export const BoltIcon = strokeIcon(<path d="M13 2.5 4.5 13.5H11L10 21.5l8.5-11H12l1-8Z" />);
