import { Form } from '@remix-run/react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { FormField } from '~/components/forms/FormField';
import { LeadFormGuard } from '~/components/forms/LeadFormGuard';
import { Button } from '~/components/ui/Button';
import { ErrorBox } from '~/components/ui/ErrorBox';
import {
  CONTACT_LIMITS,
  contactIssue,
  contactValues,
  EMPTY_CONTACT,
  type ContactActionResult,
  type ContactField,
  type ContactIssue,
} from '~/forms/contact';
import { CheckIcon } from '~/components/content/icons';

type ContactFormProps = {
  /** The action's answer (after a post, with or without JavaScript). */
  result: ContactActionResult | undefined;
  /** A post of this form is under way: the button reads "Sending...". */
  busy: boolean;
  /** The form's key and render time (hidden fields). */
  stamp: { formKey: string; renderedAt: number };
};

type FieldDef = {
  name: ContactField;
  label: string;
  type: 'text' | 'email' | 'tel';
  autoComplete: string;
  required: boolean;
  maxLength: number;
};

const NAME_FIELDS: FieldDef[] = [
  { name: 'firstName', label: 'First Name', type: 'text', autoComplete: 'given-name', required: true, maxLength: CONTACT_LIMITS.name },
  { name: 'lastName', label: 'Last Name', type: 'text', autoComplete: 'family-name', required: true, maxLength: CONTACT_LIMITS.name },
];
const REACH_FIELDS: FieldDef[] = [
  { name: 'email', label: 'Email', type: 'email', autoComplete: 'email', required: true, maxLength: CONTACT_LIMITS.email },
  { name: 'phoneNumber', label: 'Phone Number', type: 'tel', autoComplete: 'tel', required: false, maxLength: CONTACT_LIMITS.phone },
];

/**
 * The contact form. A real <Form method="post">: without JavaScript the
 * browser posts it and the page comes back with the message and, on failure, the typed values. With
 * JavaScript the same post runs in place; the form's own rules run first (noValidate: the page's
 * sentence, never the browser's tooltip), the fields at fault are marked invalid and described by the
 * message, and the first of them takes the focus.
 */
export function ContactForm({ result, busy, stamp }: ContactFormProps) {
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [clientIssue, setClientIssue] = useState<ContactIssue | null>(null);
  const defaults = result && !result.ok ? result.values : EMPTY_CONTACT;

  // Fields are cleared after a successful send; on a failure they keep what the visitor typed, and
  // the first field the server refused takes the focus.
  useEffect(() => {
    if (result?.ok) formRef.current?.reset();
    else if (result?.fields?.[0]) focusField(formRef.current, result.fields[0]);
  }, [result]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const issue = contactIssue(contactValues(new FormData(event.currentTarget)));
    setClientIssue(issue);
    if (!issue) return;
    event.preventDefault();
    focusField(event.currentTarget, issue.fields[0]);
  }

  const serverIssue = !busy && result && !result.ok ? result : null;
  const error = clientIssue?.error ?? serverIssue?.error ?? null;
  const invalid: readonly ContactField[] = clientIssue?.fields ?? serverIssue?.fields ?? [];
  const success = !busy && !clientIssue && result?.ok ? result.message : null;
  const statusId = `${id}-status`;

  // Each refusal brings its sentence into view, clear of the sticky header (the box's scroll margin),
  // with the field it names just below it; focusing the field alone could leave the sentence under
  // the header.
  useEffect(() => {
    if (clientIssue || (result && !result.ok)) document.getElementById(statusId)?.scrollIntoView({ block: 'nearest' });
  }, [clientIssue, result, statusId]);

  function field(f: FieldDef) {
    return (
      <FormField
        key={f.name}
        id={`${id}-${f.name}`}
        label={f.label}
        mark={f.required ? 'required' : 'optional'}
        name={f.name}
        type={f.type}
        autoComplete={f.autoComplete}
        required={f.required}
        maxLength={f.maxLength}
        defaultValue={defaults[f.name]}
        invalid={invalid.includes(f.name)}
        describedBy={invalid.includes(f.name) ? statusId : null}
        {...(f.type === 'email' ? { autoCapitalize: 'none', spellCheck: false } : {})}
      />
    );
  }

  return (
    <Form
      ref={formRef}
      method="post"
      // The fragment brings a visitor without JavaScript back to the form and its message after the
      // page reloads; with JavaScript, Remix scrolls to the same place.
      action="/contact-us#contact-form"
      id="contact-form"
      onSubmit={onSubmit}
      noValidate
      aria-labelledby={`${id}-title`}
      className="scroll-mt-24 rounded-2xl border border-slate-200 bg-white p-6 shadow-card sm:p-8"
    >
      <h2 id={`${id}-title`} className="text-2xl font-bold text-brand-950">
        Send Us a Message
      </h2>
      <p className="mt-1 text-sm text-slate-500">
        Fields marked <span className="text-red-600">*</span> are required. We reply within one business day.
      </p>

      <div className="mt-6 space-y-5">
        {error ? <ErrorBox id={statusId}>{error}</ErrorBox> : null}
        {success ? (
          <div
            id={statusId}
            role="status"
            className="flex items-start gap-2 rounded-lg border border-green-200 bg-green-50 px-3.5 py-3 text-sm text-green-800"
          >
            <CheckIcon className="mt-0.5 h-4 w-4 flex-none" />
            <p>{success}</p>
          </div>
        ) : null}

        <div className="grid gap-5 sm:grid-cols-2">{NAME_FIELDS.map(field)}</div>
        <div className="grid gap-5 sm:grid-cols-2">{REACH_FIELDS.map(field)}</div>
        <FormField
          id={`${id}-message`}
          label="Message"
          mark="optional"
          name="message"
          rows={5}
          maxLength={CONTACT_LIMITS.message}
          defaultValue={defaults.message}
          placeholder="Which cars are you interested in, and where should we ship them?"
        />
        <Button type="submit" loading={busy} className="w-full px-6 py-3 text-base sm:w-auto">
          {busy ? 'Sending...' : 'Send Message'}
        </Button>
      </div>
      {/* Last in the form, so nothing that looks for the first field ever lands on the honeypot. */}
      <LeadFormGuard formKey={stamp.formKey} renderedAt={stamp.renderedAt} />
    </Form>
  );
}

/** Without scrolling: the form then scrolls its error sentence into view (see the effect above). */
function focusField(form: HTMLFormElement | null, name: ContactField | undefined): void {
  const field = name ? form?.elements.namedItem(name) : null;
  if (field instanceof HTMLElement) field.focus({ preventScroll: true });
}
