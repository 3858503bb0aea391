// Icons of the car page (24×24, currentColor). Decorative: the text or label next to each names it.
import { strokeIcon } from '~/components/ui/StrokeIcon';

export const ChevronLeftIcon = strokeIcon(<path d="m15 18-6-6 6-6" />);

export const ChevronRightIcon = strokeIcon(<path d="m9 18 6-6-6-6" />);

export const ArrowLeftIcon = strokeIcon(<path d="M19 12H5M11 18l-6-6 6-6" />);

export const CheckIcon = strokeIcon(<path d="m5 12.5 4.5 4.5L19 7.5" />);

export const PhoneIcon = strokeIcon(
  <path d="M5 4h3.5l1.8 4.4-2.3 1.4a11 11 0 0 0 6.2 6.2l1.4-2.3L20 15.5V19a1.5 1.5 0 0 1-1.6 1.5A16.5 16.5 0 0 1 3.5 5.6 1.5 1.5 0 0 1 5 4Z" />,
);

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

/** A speech bubble with a handset: the WhatsApp idea, drawn in the same stroke style as the rest. */
export const WhatsAppIcon = strokeIcon(
  <>
    <path d="M3.5 20.5 5 16.3A8.5 8.5 0 1 1 8 19.2Z" />
    <path d="M9.2 8.2c-.4 2.8 3.6 6.9 6.6 6.6l.7-1.5-1.9-1-1 .9a5 5 0 0 1-2.4-2.4l.9-1-1-1.9Z" />
  </>,
);
