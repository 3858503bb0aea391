import { useFetcher, useNavigate } from '@remix-run/react';
import { useEffect, useRef, useState } from 'react';
import { Dialog } from '~/components/ui/Dialog';
import { useAuthDialog, type AuthMode } from '~/lib/auth/auth-dialog';
import { FAVORITE_INTENT_PARAM } from '~/lib/favorites/intent';
import type { AuthActionResult } from '~/forms/auth';
import { AuthModeFields, checkBeforeSend, ForgotPasswordLink, SwitchPrompt, switchLinkClass } from './AuthFields';

const COPY: Record<AuthMode, { title: string; description: string }> = {
  login: { title: 'Sign In', description: 'Welcome back. Sign in to keep your favourite cars on every device.' },
  register: { title: 'Sign Up', description: 'Create a free account to save the cars you like.' },
};

/**
 * The Sign In / Sign Up dialog root renders once. Each form posts with a fetcher to the same action
 * that serves the /login and /register pages, with `_dialog=1` so the action answers JSON (and the
 * session cookie) instead of redirecting. On success the fields are cleared, the dialog closes and
 * Remix reloads the page data, so the header shows the user.
 */
export function AuthDialog() {
  const { state, switchAuthMode, closeAuthDialog } = useAuthDialog();
  const navigate = useNavigate();
  const mode = state?.mode ?? 'login';
  const redirectTo = state?.redirectTo;
  const favoriteCarId = state?.favoriteCarId;

  function onSuccess() {
    closeAuthDialog();
    if (redirectTo) navigate(redirectTo);
  }

  return (
    <Dialog open={state !== null} onClose={closeAuthDialog} title={COPY[mode].title} description={COPY[mode].description}>
      {/* keyed by mode: switching starts the other form fresh, with its own fetcher */}
      <DialogForm
        key={mode}
        mode={mode}
        favoriteCarId={favoriteCarId}
        onSuccess={onSuccess}
        onSwitch={() => switchAuthMode(mode === 'login' ? 'register' : 'login')}
        onLeave={closeAuthDialog}
      />
    </Dialog>
  );
}

type DialogFormProps = {
  mode: AuthMode;
  favoriteCarId: number | undefined;
  onSuccess: () => void;
  onSwitch: () => void;
  /** Closes the dialog when the visitor follows a link out of it. */
  onLeave: () => void;
};

function DialogForm({ mode, favoriteCarId, onSuccess, onSwitch, onLeave }: DialogFormProps) {
  const fetcher = useFetcher<AuthActionResult>();
  const formRef = useRef<HTMLFormElement>(null);
  const [error, setError] = useState<string | null>(null);
  const busy = fetcher.state !== 'idle';
  const handled = useRef<AuthActionResult | undefined>(undefined);

  // Focus the first field when switching modes (the dialog itself focuses it on open).
  useEffect(() => {
    formRef.current?.querySelector<HTMLInputElement>('input:not([type="hidden"])')?.focus();
  }, []);

  // Act once per answer, after Remix has also reloaded the page data (state back to idle).
  useEffect(() => {
    const data = fetcher.data;
    if (fetcher.state !== 'idle' || !data || handled.current === data) return;
    handled.current = data;
    if (data.ok) {
      formRef.current?.reset();
      setError(null);
      onSuccess();
    } else {
      setError(data.error);
    }
  }, [fetcher.state, fetcher.data, onSuccess]);

  return (
    <>
      <fetcher.Form
        ref={formRef}
        method="post"
        action={mode === 'login' ? '/login' : '/register'}
        // The site's own sentences (checkBeforeSend) instead of the browser's "Please fill out this field".
        noValidate
        onSubmit={(event) => setError(checkBeforeSend(mode, event))}
        aria-label={mode === 'login' ? 'Sign In' : 'Sign Up'}
      >
        <input type="hidden" name="_dialog" value="1" />
        {/* The heart tapped while signed out: the action adds it once the visitor is signed in. */}
        {favoriteCarId ? <input type="hidden" name={FAVORITE_INTENT_PARAM} value={favoriteCarId} /> : null}
        <AuthModeFields mode={mode} error={error} busy={busy} />
      </fetcher.Form>
      {mode === 'login' ? <ForgotPasswordLink onFollow={onLeave} /> : null}
      {mode === 'login' ? (
        <SwitchPrompt question="Don't have an account?">
          <button type="button" className={switchLinkClass} onClick={onSwitch}>
            Sign Up
          </button>
        </SwitchPrompt>
      ) : (
        <SwitchPrompt question="Already have an account?">
          <button type="button" className={switchLinkClass} onClick={onSwitch}>
            Sign In
          </button>
        </SwitchPrompt>
      )}
    </>
  );
}
