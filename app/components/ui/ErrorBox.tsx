import type { ReactNode } from 'react';
import { solidIcon } from './StrokeIcon';

type ErrorBoxProps = {
  children: ReactNode;
  className?: string;
  id?: string;
};

/** The red error box of forms and dialogs. role="alert" so the message is read out when it appears. */
export function ErrorBox({ children, className = '', id }: ErrorBoxProps) {
  return (
    <div
      id={id}
      role="alert"
      // Scrolled to, it stops below the sticky header.
      className={`flex scroll-mt-24 items-start gap-2 rounded-lg border border-red-200 bg-red-50 px-3.5 py-3 text-sm text-red-700 ${className}`}
    >
      <AlertIcon />
      <p>{children}</p>
    </div>
  );
}

const AlertMark = solidIcon(
  'M10 18a8 8 0 1 0 0-16 8 8 0 0 0 0 16Zm0-11.5a.75.75 0 0 1 .75.75v3.5a.75.75 0 0 1-1.5 0v-3.5A.75.75 0 0 1 10 6.5Zm0 7.75a1 1 0 1 0 0-2 1 1 0 0 0 0 2Z',
);

/** The filled "!" in a circle that starts every error message. */
export function AlertIcon() {
  return <AlertMark className="mt-0.5 h-4 w-4 flex-none" />;
}
