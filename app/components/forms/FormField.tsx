import type { InputHTMLAttributes, TextareaHTMLAttributes } from 'react';

// One field of a form: its label (with the required or optional mark) and its input, or textarea
// when given `rows`, wired to the form's message the way every form here does it:
// `aria-describedby` points at the message while it is shown, and `aria-invalid` marks the fields
// it is about.

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

type ControlProps = Omit<InputHTMLAttributes<HTMLInputElement> & TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'className'>;

export function FormField({ id, label, mark = null, describedBy, invalid, rows, ...control }: FieldProps & ControlProps) {
  const shared = { id, 'aria-invalid': invalid || undefined, 'aria-describedby': describedBy ?? undefined };
  return (
    <div>
      <label htmlFor={id} className="field-label">
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
      {rows ? (
        <textarea rows={rows} {...control} {...shared} className="field-input resize-y" />
      ) : (
        <input {...control} {...shared} className="field-input" />
      )}
    </div>
  );
}
