import { useState, type MouseEvent, type ReactNode } from 'react';
import { Dialog } from '~/components/ui/Dialog';

type WeChatModalProps = {
  /** Address of the QR code image (WordPress settings). */
  qrUrl: string;
  /** The trigger's content. */
  children: ReactNode;
  className?: string;
};

/**
 * WeChat: a link to the QR image that, with JavaScript, opens it in a modal instead, on
 * click. Without JavaScript the link still shows the
 * code. The dialog traps focus, closes on Escape or the backdrop and returns focus to the link.
 */
export function WeChatModal({ qrUrl, children, className }: WeChatModalProps) {
  const [open, setOpen] = useState(false);

  function onClick(event: MouseEvent<HTMLAnchorElement>) {
    // A modified click (new tab, new window) keeps the link's own behaviour.
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0) return;
    event.preventDefault();
    setOpen(true);
  }

  return (
    <>
      <a href={qrUrl} onClick={onClick} aria-haspopup="dialog" className={className}>
        {children}
      </a>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        title="Chat with us on WeChat"
        description="Scan this code with the WeChat app to add our sales team."
        widthClass="max-w-sm"
      >
        <div className="flex flex-col items-center">
          <img
            src={qrUrl}
            alt="WeChat QR code of our sales team"
            className="h-auto w-60 max-w-full rounded-lg border border-slate-200 bg-white p-2"
          />
          <p className="mt-4 text-center text-sm text-slate-500">
            Open WeChat, tap <span className="font-medium text-slate-700">+</span> then{' '}
            <span className="font-medium text-slate-700">Scan</span>, and point your camera at the code.
          </p>
          <button type="button" onClick={() => setOpen(false)} className="btn-outline mt-5 w-full">
            Done
          </button>
        </div>
      </Dialog>
    </>
  );
}
