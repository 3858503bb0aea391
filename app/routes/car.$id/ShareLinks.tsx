import { useEffect, useRef, useState } from 'react';
import { emailShareHref, whatsAppShareHref, type CarForMessage } from './contact-links';

type ShareLinksProps = { car: CarForMessage; pageUrl: string };

type Mode = 'none' | 'native' | 'copy';

const ITEM =
  'inline-flex min-h-[2.75rem] items-center justify-center gap-2 rounded-xl bg-white px-4 text-sm font-semibold text-brand-800 ring-1 ring-inset ring-slate-300 transition hover:bg-brand-50';

/**
 * Share this car: WhatsApp and e-mail are real links (they work without JavaScript). With it, one
 * more button: the device's own share sheet where the browser has the Web Share API (phones), else
 * "Copy link", which says "Link copied" in a status message (or how to copy by hand if it could not).
 */
export function ShareLinks({ car, pageUrl }: ShareLinksProps) {
  const [mode, setMode] = useState<Mode>('none');
  const [status, setStatus] = useState('');
  const addressRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    setMode(typeof navigator.share === 'function' ? 'native' : 'copy');
  }, []);

  async function shareNatively() {
    try {
      await navigator.share({ title: car.title, text: `${car.title} (${car.price})`, url: pageUrl });
    } catch (error) {
      // The visitor closing the share sheet is no failure; anything else falls back to copying.
      if (error instanceof DOMException && error.name === 'AbortError') return;
      setMode('copy');
    }
  }

  async function copyLink() {
    try {
      await navigator.clipboard.writeText(pageUrl);
      setStatus('Link copied');
    } catch {
      setStatus('Could not copy: the link is selected, press Ctrl+C (or ⌘C) to copy it.');
      addressRef.current?.select();
    }
  }

  return (
    <section aria-labelledby="share-title" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-card" data-testid="share">
      <h2 id="share-title" className="text-base font-bold text-brand-950">
        Share this car
      </h2>
      <div className="mt-3 flex flex-wrap gap-2">
        {mode === 'native' ? (
          <button type="button" onClick={shareNatively} className={ITEM} data-testid="share-native">
            Share…
          </button>
        ) : null}
        {mode === 'copy' ? (
          <button type="button" onClick={copyLink} className={ITEM} data-testid="share-copy">
            Copy link
          </button>
        ) : null}
        <a href={whatsAppShareHref(car, pageUrl)} target="_blank" rel="noopener noreferrer" className={ITEM} data-testid="share-whatsapp">
          WhatsApp<span className="sr-only"> (share in a new window)</span>
        </a>
        <a href={emailShareHref(car, pageUrl)} className={ITEM} data-testid="share-email">
          E-mail
        </a>
      </div>
      <label className="mt-3 block text-xs font-medium text-slate-600">
        Link to this car
        <input
          ref={addressRef}
          type="text"
          readOnly
          value={pageUrl}
          onFocus={(e) => e.currentTarget.select()}
          className="mt-1 block w-full rounded-lg border border-slate-300 bg-slate-50 px-3 py-2 text-sm text-slate-700"
        />
      </label>
      <p
        role="status"
        className={`mt-2 min-h-[1.25rem] text-sm font-medium ${status === 'Link copied' ? 'text-green-800' : 'text-red-700'}`}
        data-testid="share-status"
      >
        {status}
      </p>
    </section>
  );
}
