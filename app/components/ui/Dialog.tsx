import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { CloseIcon } from './StrokeIcon';

type DialogProps = {
  open: boolean;
  onClose: () => void;
  /** The visible heading; it also names the dialog (aria-labelledby). */
  title: ReactNode;
  /** Optional line under the title; it describes the dialog (aria-describedby). */
  description?: ReactNode;
  /** Element to focus when the dialog opens; default: the first field or button inside the body. */
  initialFocusRef?: RefObject<HTMLElement>;
  /** Tailwind max-width class of the panel. */
  widthClass?: string;
  children: ReactNode;
};

const FOCUSABLE =
  'a[href], area[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), iframe, [tabindex]:not([tabindex="-1"]), [contenteditable="true"]';

function focusableIn(root: HTMLElement): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    (el) => !el.closest('[hidden]') && el.getClientRects().length > 0,
  );
}

/**
 * A modal dialog: role="dialog" + aria-modal, named by its title, focus moved inside on open and kept
 * there (Tab wraps, the rest of the page is made inert), Escape and the backdrop close it, and focus
 * returns to whatever opened it. Rendered only on the client, in a portal on <body>, and only while
 * open, so closed dialogs cost nothing in the server HTML.
 */
export function Dialog(props: DialogProps) {
  if (!props.open || typeof document === 'undefined') return null;
  return createPortal(<DialogPanel {...props} />, document.body);
}

function DialogPanel({ onClose, title, description, initialFocusRef, widthClass = 'max-w-md', children }: DialogProps) {
  const titleId = useId();
  const descriptionId = useId();
  const overlayRef = useRef<HTMLDivElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const bodyRef = useRef<HTMLDivElement>(null);
  // The latest onClose without re-running the mount effect when the parent re-renders.
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;
  // The element to focus is chosen once, when the dialog opens, like the opener below.
  const initialFocusAtOpen = useRef(initialFocusRef);
  // Read during the first render, before any effect inside the dialog moves focus to a field.
  const [opener] = useState(() => (document.activeElement instanceof HTMLElement ? document.activeElement : null));

  useEffect(() => {
    const overlay = overlayRef.current;

    // Everything else on the page becomes inert: not focusable, not clickable, hidden from
    // assistive technology. Only what this dialog changed is restored.
    const madeInert: Element[] = [];
    for (const el of Array.from(document.body.children)) {
      if (el === overlay || el.hasAttribute('inert')) continue;
      el.setAttribute('inert', '');
      madeInert.push(el);
    }
    const previousOverflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';

    const target = initialFocusAtOpen.current?.current ?? (bodyRef.current && focusableIn(bodyRef.current)[0]) ?? panelRef.current;
    target?.focus();

    return () => {
      for (const el of madeInert) el.removeAttribute('inert');
      document.body.style.overflow = previousOverflow;
      // The opener can be gone (the Sign In link is replaced by the user's name after signing in):
      // then the page's main region takes focus rather than losing it to <body>.
      if (opener && opener.isConnected) opener.focus();
      else document.getElementById('main')?.focus({ preventScroll: true });
    };
    // Runs once per open period: every value it reads is fixed for the dialog's lifetime.
  }, [opener]);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onCloseRef.current();
      return;
    }
    if (event.key !== 'Tab' || !panelRef.current) return;
    const items = focusableIn(panelRef.current);
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) {
      event.preventDefault();
      return;
    }
    const active = document.activeElement;
    if (event.shiftKey && (active === first || !panelRef.current.contains(active))) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && (active === last || !panelRef.current.contains(active))) {
      event.preventDefault();
      first.focus();
    }
  }

  return (
    // The backdrop is presentation only: a press on it is a pointer shortcut for Close, which
    // keyboard users have as Escape and the Close button, and it listens for keys that bubble.
    <div
      ref={overlayRef}
      role="presentation"
      className="fixed inset-0 z-[60] flex items-end justify-center bg-brand-950/60 p-0 backdrop-blur-[2px] sm:items-center sm:p-4"
      // A press that starts and ends on the backdrop closes; a drag out of a text field does not.
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) onCloseRef.current();
      }}
      // Catches the keys that bubble up from the dialog (Escape, the Tab trap).
      onKeyDown={onKeyDown}
    >
      <div
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        tabIndex={-1}
        className={`relative max-h-[92vh] w-full ${widthClass} overflow-y-auto rounded-t-2xl bg-white shadow-dialog focus:outline-none sm:rounded-2xl`}
      >
        <div className="flex items-start justify-between gap-4 px-6 pb-2 pt-6">
          <div>
            <h2 id={titleId} className="text-xl font-bold text-brand-950">
              {title}
            </h2>
            {description ? (
              <p id={descriptionId} className="mt-1 text-sm text-slate-500">
                {description}
              </p>
            ) : null}
          </div>
          <button
            type="button"
            onClick={() => onCloseRef.current()}
            className="-mr-2 -mt-1 rounded-full p-2 text-slate-400 transition-colors hover:bg-slate-100 hover:text-slate-700"
            aria-label="Close"
          >
            <CloseIcon />
          </button>
        </div>
        <div ref={bodyRef} className="px-6 pb-6 pt-2">
          {children}
        </div>
      </div>
    </div>
  );
}
