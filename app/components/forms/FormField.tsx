import type { InputHTMLAttributes, TextareaHTMLAttributes } from 'react';

// One field of a form: its label (with the required or optional mark) and its input or textarea,
// wired to the form's message the way every form here does it: `aria-describedby` points at the
// message while it is shown, and `aria-invalid` marks the fields it is about.

type FieldProps = {
  id: string;
  label: string;
  /** A red asterisk (hidden from screen readers: the input is `required`), "(optional)", or none
   * (a form whose every field is required marks none). */
  mark?: 'required' | 'optional' | null;
  /** The id of the message that speaks about this field, while it is shown. */
  describedBy?: string | null;
  /** The message is about this field. */
  invalid?: boolean;
};

export function FieldLabel({ htmlFor, label, mark = null }: { htmlFor: string; label: string; mark?: FieldProps['mark'] }) {
  return (
    <label htmlFor={htmlFor} className="field-label">
      {label}
      {mark === 'required' ? (
        <span className="text-red-600" aria-hidden="true">
          {' '}
          *
        </span>
      ) : mark === 'optional' ? (
        <span className="font-normal text-slate-500"> (optional)</span>
      ) : null}
    </label>
  );
}

const aria = (describedBy: string | null | undefined, invalid: boolean | undefined) => ({
  'aria-invalid': invalid || undefined,
  'aria-describedby': describedBy ?? undefined,
});

export function TextField({
  id,
  label,
  mark,
  describedBy,
  invalid,
  ...input
}: FieldProps & Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className'>) {
  return (
    <div>
      <FieldLabel htmlFor={id} label={label} mark={mark} />
      <input id={id} {...input} {...aria(describedBy, invalid)} className="field-input" />
    </div>
  );
}

export function TextAreaField({
  id,
  label,
  mark,
  describedBy,
  invalid,
  ...textarea
}: FieldProps & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'className'>) {
  return (
    <div>
      <FieldLabel htmlFor={id} label={label} mark={mark} />
      <textarea id={id} {...textarea} {...aria(describedBy, invalid)} className="field-input resize-y" />
    </div>
  );
}
