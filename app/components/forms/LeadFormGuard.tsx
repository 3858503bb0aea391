import { useEffect, useRef } from 'react';
import { HONEYPOT_FIELD, SCRIPT_FIELD, scriptProof } from '~/forms/lead-guard';

type LeadFormGuardProps = {
  /** Random per rendered page; with what was typed it makes the lead's idempotency key. */
  formKey: string;
  /** Server time the page was rendered, for the fill time of a form posted without JavaScript. */
  renderedAt: number;
};

/**
 * The hidden fields of a lead form: its key, its fill time, the proof that the page's script ran,
 * and a honeypot that people never see (off-screen, out of the tab order, hidden from assistive
 * technology) and bots fill in. WordPress keeps a lead these make look like a bot's apart for staff
 * to check, and answers it as any other.
 */
export function LeadFormGuard({ formKey, renderedAt }: LeadFormGuardProps) {
  const fillRef = useRef<HTMLInputElement>(null);
  const scriptRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    const input = fillRef.current;
    const script = scriptRef.current;
    const form = input?.form;
    if (!input || !script || !form) return;
    const shownAt = performance.now();
    // A native listener runs before the router reads the form, so the values go with this post.
    const stamp = () => {
      input.value = String(Math.round(performance.now() - shownAt));
      script.value = scriptProof(formKey);
    };
    form.addEventListener('submit', stamp);
    return () => form.removeEventListener('submit', stamp);
  }, [formKey]);

  return (
    <>
      <input type="hidden" name="formKey" value={formKey} />
      <input type="hidden" name="renderedAt" value={renderedAt} />
      <input type="hidden" name="fillMs" defaultValue="" ref={fillRef} />
      <input type="hidden" name={SCRIPT_FIELD} defaultValue="" ref={scriptRef} />
      <div aria-hidden="true" className="absolute -left-[10000px] top-auto h-px w-px overflow-hidden">
        <label>
          Leave this field empty
          <input type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
        </label>
      </div>
    </>
  );
}
