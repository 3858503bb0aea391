// Icons of the car page (24×24, currentColor). Decorative: the text or label next to each names it.
import { strokeIcon } from '~/components/ui/StrokeIcon';
export { CheckIcon, PhoneIcon, WhatsAppIcon } from '~/components/ui/icons';

export const ChevronLeftIcon = strokeIcon(<path d="m15 18-6-6 6-6" />);

export const ChevronRightIcon = strokeIcon(<path d="m9 18 6-6-6-6" />);

export const ArrowLeftIcon = strokeIcon(<path d="M19 12H5M11 18l-6-6 6-6" />);

export const MessageIcon = strokeIcon(
  <>
    <path d="M4 5.5A1.5 1.5 0 0 1 5.5 4h13A1.5 1.5 0 0 1 20 5.5v9a1.5 1.5 0 0 1-1.5 1.5H9l-5 4V5.5Z" />
    <path d="M8 9h8M8 12.5h5" />
  </>,
);

export const ImageIcon = strokeIcon(
  <>
    <rect x="3" y="4.5" width="18" height="15" rx="2" />
    <circle cx="8.5" cy="9.5" r="1.5" />
    <path d="m21 16-5-5-9 8.5" />
  </>,
);
