import { Form, Link, useActionData, useNavigation } from '@remix-run/react';
import { useState, type ReactNode } from 'react';
import { authHref, type AuthMode } from '~/lib/auth/auth-dialog';
import { FAVORITE_INTENT_PARAM } from '~/lib/favorites/intent';
import { AUTH_MESSAGES, type AuthActionResult } from '~/forms/auth';
import { LogoMark } from '~/components/layout/Logo';
import { AuthModeFields, checkBeforeSend, ForgotPasswordLink, SwitchPrompt, switchLinkClass } from './AuthFields';

type AuthPageProps = {
  mode: AuthMode;
  redirectTo: string;
  /** The car a signed-out heart tap asked to save, added after signing in (kept when switching pages). */
  favoriteCarId: number | null;
  /** Sent here because the session ended (signed out elsewhere): said above the form. */
  sessionEnded?: boolean;
};

const COPY: Record<AuthMode, { title: string; intro: string }> = {
  login: { title: 'Sign In', intro: 'Welcome back. Sign in to keep your favourite cars on every device.' },
  register: { title: 'Sign Up', intro: 'Create a free account to save the cars you like.' },
};

/**
 * /login and /register: the dialog's forms as whole pages, for visitors without JavaScript (and
 * anyone who opens the link in a new tab). A real <Form>: the action signs in and redirects back.
 */
export function AuthPage({ mode, redirectTo, favoriteCarId, sessionEnded = false }: AuthPageProps) {
  const actionData = useActionData<AuthActionResult>();
  const navigation = useNavigation();
  const [clientError, setClientError] = useState<string | null>(null);
  const busy = navigation.state === 'submitting' && navigation.formMethod?.toUpperCase() === 'POST';
  const serverError = actionData && !actionData.ok ? actionData.error : null;
  const error = clientError ?? serverError;
  const defaults = actionData && !actionData.ok ? actionData.values : undefined;

  return (
    <AuthCard title={COPY[mode].title} intro={COPY[mode].intro}>
      {sessionEnded ? (
        <p
          role="status"
          className="mt-4 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900"
          data-testid="session-ended"
        >
          {AUTH_MESSAGES.sessionEnded}
        </p>
      ) : null}
      <Form
        method="post"
        className="mt-6"
        // The site's own sentences: checkBeforeSend with JavaScript, the action's answer without.
        noValidate
        onSubmit={(event) => setClientError(checkBeforeSend(mode, event))}
        aria-labelledby="auth-title"
      >
        <input type="hidden" name="redirectTo" value={redirectTo} />
        {favoriteCarId ? <input type="hidden" name={FAVORITE_INTENT_PARAM} value={favoriteCarId} /> : null}
        <AuthModeFields mode={mode} error={error} busy={busy} defaults={defaults} />
      </Form>
      {mode === 'login' ? <ForgotPasswordLink /> : null}
      {mode === 'login' ? (
        <SwitchPrompt question="Don't have an account?">
          <Link to={authHref('register', redirectTo, favoriteCarId)} className={switchLinkClass}>
            Sign Up
          </Link>
        </SwitchPrompt>
      ) : (
        <SwitchPrompt question="Already have an account?">
          <Link to={authHref('login', redirectTo, favoriteCarId)} className={switchLinkClass}>
            Sign In
          </Link>
        </SwitchPrompt>
      )}
    </AuthCard>
  );
}

/**
 * The card of the sign-in pages (/login, /register) and of the account pages a signed-out buyer
 * uses (forgot password, reset password): the logo, the page's h1 and intro, then the form.
 */
export function AuthCard({ title, intro, children }: { title: string; intro: ReactNode; children: ReactNode }) {
  return (
    <div className="flex flex-1 items-center justify-center bg-gradient-to-b from-brand-50 to-white px-4 py-12 md:py-20">
      <section className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-6 shadow-card sm:p-8" aria-labelledby="auth-title">
        <LogoMark className="h-11 w-11" />
        <h1 id="auth-title" className="mt-5 text-2xl font-bold text-brand-950">
          {title}
        </h1>
        <p className="mt-1 text-sm text-slate-500">{intro}</p>
        {children}
      </section>
    </div>
  );
}
