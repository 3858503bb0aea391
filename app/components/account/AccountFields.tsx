import type { ReactNode } from 'react';
import type { AccountFormResult } from '~/forms/account';
import { FormField } from '~/components/forms/FormField';
import { ErrorBox } from '~/components/ui/ErrorBox';

// The pieces of the account forms (forgot and reset password, details, password, delete): a field
// with its own sentence under it, and the sentence about the whole form. Plain <Form> posts: every
// check is the server's, answered with the sentences and the values typed (passwords never).

type AccountFieldProps = {
  /** The form's id prefix, so two forms on one page have distinct field ids. */
  form: string;
  name: string;
  label: string;
  type?: 'text' | 'email' | 'password';
  autoComplete: string;
  /** The action's answer when it is about this form. */
  result?: AccountFormResult;
  defaultValue?: string;
  maxLength?: number;
  hint?: ReactNode;
};

export function AccountField({ form, name, label, type = 'text', autoComplete, result, defaultValue, maxLength, hint }: AccountFieldProps) {
  const id = `${form}-${name}`;
  const error = result?.fields?.[name];
  const described = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ') || null;
  const typed = type === 'password' ? undefined : (result?.values?.[name] ?? defaultValue);
  return (
    <div>
      <FormField
        id={id}
        label={label}
        name={name}
        type={type}
        autoComplete={autoComplete}
        autoCapitalize={type === 'text' ? undefined : 'none'}
        spellCheck={type === 'text' ? undefined : false}
        defaultValue={typed}
        maxLength={maxLength}
        invalid={Boolean(error)}
        describedBy={described}
      />
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The sentence about the whole form (WordPress failed, a link no longer works). */
export function FormProblem({ result }: { result?: AccountFormResult }) {
  return result?.form ? <ErrorBox>{result.form}</ErrorBox> : null;
}

/** A green line that says what just happened (after the redirect of a form that went through). */
export function Notice({ children }: { children: ReactNode }) {
  return (
    <p role="status" className="rounded-lg border border-emerald-200 bg-emerald-50 px-3.5 py-3 text-sm text-emerald-800">
      {children}
    </p>
  );
}
