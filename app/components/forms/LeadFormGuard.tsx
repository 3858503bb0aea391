import { useEffect, useRef } from 'react';

type LeadFormGuardProps = {
  /** Random per rendered page; with what was typed it makes the lead's idempotency key. */
  formKey: string;
  /** Server time the page was rendered, for the fill time of a form posted without JavaScript. */
  renderedAt: number;
};

/** The honeypot's field name: one a form-filling bot expects to complete. */
export const HONEYPOT_FIELD = 'website';

/**
 * The hidden fields of a lead form: its key, its fill time, and a honeypot that people never see
 * (off-screen, out of the tab order, hidden from assistive technology) and bots fill in. WordPress
 * quietly drops a lead with the honeypot filled or sent faster than a person types.
 */
export function LeadFormGuard({ formKey, renderedAt }: LeadFormGuardProps) {
  const fillRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    const input = fillRef.current;
    const form = input?.form;
    if (!input || !form) return;
    const shownAt = performance.now();
    // A native listener runs before the router reads the form, so the value goes with this post.
    const stamp = () => {
      input.value = String(Math.round(performance.now() - shownAt));
    };
    form.addEventListener('submit', stamp);
    return () => form.removeEventListener('submit', stamp);
  }, []);

  return (
    <>
      <input type="hidden" name="formKey" value={formKey} />
      <input type="hidden" name="renderedAt" value={renderedAt} />
      <input type="hidden" name="fillMs" defaultValue="" ref={fillRef} />
      <div aria-hidden="true" className="absolute -left-[10000px] top-auto h-px w-px overflow-hidden">
        <label>
          Leave this field empty
          <input type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
        </label>
      </div>
    </>
  );
}
