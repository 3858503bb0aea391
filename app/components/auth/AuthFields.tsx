import { Link } from '@remix-run/react';
import { useId, type FormEvent, type ReactNode } from 'react';
import { signInError, signInValues, signUpError, signUpValues } from '~/forms/auth';
import type { AuthMode } from '~/lib/auth/auth-dialog';
import { FormField } from '~/components/forms/FormField';
import { Button } from '~/components/ui/Button';
import { ErrorBox } from '~/components/ui/ErrorBox';

// The fields of the Sign In and Sign Up forms, shared by the dialog (fetcher.Form) and the
// no-JavaScript pages /login and /register (Form). The surrounding <form> is the caller's.

type Field = {
  name: string;
  label: string;
  type: 'text' | 'email' | 'password';
  autoComplete: string;
};

const SIGN_IN_FIELDS: Field[] = [
  { name: 'username', label: 'Username or Email', type: 'text', autoComplete: 'username' },
  { name: 'password', label: 'Password', type: 'password', autoComplete: 'current-password' },
];

const SIGN_UP_FIELDS: Field[] = [
  { name: 'username', label: 'Username', type: 'text', autoComplete: 'username' },
  { name: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
  { name: 'password', label: 'Password', type: 'password', autoComplete: 'new-password' },
  { name: 'confirmPassword', label: 'Confirm Password', type: 'password', autoComplete: 'new-password' },
];

type FieldsProps = {
  error: string | null;
  busy: boolean;
  /** Values to put back after a failed no-JavaScript post (never the passwords). */
  defaults?: Partial<Record<string, string>>;
};

function Fields({
  fields,
  error,
  busy,
  defaults,
  submitLabel,
  busyLabel,
}: FieldsProps & { fields: Field[]; submitLabel: string; busyLabel: string }) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="space-y-4">
      {error ? <ErrorBox id={errorId}>{error}</ErrorBox> : null}
      {fields.map((field) => (
        <FormField
          key={field.name}
          id={`${id}-${field.name}`}
          label={field.label}
          name={field.name}
          type={field.type}
          autoComplete={field.autoComplete}
          required
          // Usernames and e-mail addresses are not sentences.
          autoCapitalize={field.type === 'password' ? undefined : 'none'}
          spellCheck={false}
          defaultValue={field.type === 'password' ? undefined : defaults?.[field.name]}
          readOnly={busy}
          describedBy={error ? errorId : null}
        />
      ))}
      <Button type="submit" variant="primary" loading={busy} className="w-full py-3 text-base">
        {busy ? busyLabel : submitLabel}
      </Button>
    </div>
  );
}

export function SignInFields(props: FieldsProps) {
  return <Fields {...props} fields={SIGN_IN_FIELDS} submitLabel="Sign In" busyLabel="Signing In..." />;
}

export function SignUpFields(props: FieldsProps) {
  return <Fields {...props} fields={SIGN_UP_FIELDS} submitLabel="Sign Up" busyLabel="Signing Up..." />;
}

/** The fields of the mode's form. */
export function AuthModeFields({ mode, ...props }: FieldsProps & { mode: AuthMode }) {
  return mode === 'login' ? <SignInFields {...props} /> : <SignUpFields {...props} />;
}

/**
 * The form's own checks before it is sent (fields present, passwords matching, at least 6
 * characters; the server repeats them): the sentence to show, or null. A refused form is not sent.
 */
export function checkBeforeSend(mode: AuthMode, event: FormEvent<HTMLFormElement>): string | null {
  const form = new FormData(event.currentTarget);
  const problem = mode === 'login' ? signInError(signInValues(form)) : signUpError(signUpValues(form));
  if (problem) event.preventDefault();
  return problem;
}

/** "Don't have an account? Sign Up" / "Already have an account? Sign In". */
export function SwitchPrompt({ question, children }: { question: string; children: ReactNode }) {
  return (
    <p className="mt-5 text-center text-sm text-slate-600">
      {question} {children}
    </p>
  );
}

export const switchLinkClass = 'font-semibold text-brand-700 underline-offset-2 hover:text-brand-800 hover:underline';

/** The way back into an account whose password is forgotten, under the sign-in form. */
export function ForgotPasswordLink({ onFollow }: { onFollow?: () => void }) {
  return (
    <p className="mt-3 text-right text-sm">
      <Link to="/forgot-password" className={switchLinkClass} onClick={onFollow}>
        Forgot password?
      </Link>
    </p>
  );
}
