import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { FAVORITE_INTENT_PARAM } from '~/lib/favorites/intent';

// Lets any component (a header link, a heart button on a car card, the favourites banner) open the
// one Sign In / Sign Up dialog that root renders, without passing callbacks through every layer.

export type AuthMode = 'login' | 'register';

export type OpenAuthDialogOptions = {
  /** Same-site path to go to after a successful sign-in (e.g. "/favorites"); default: stay. */
  redirectTo?: string;
  /** The car a signed-out heart tap asked to save: added once the visitor is signed in. */
  favoriteCarId?: number;
};

type AuthDialogState = ({ mode: AuthMode } & OpenAuthDialogOptions) | null;

type AuthDialogContextValue = {
  /** The open dialog, or null when closed. */
  state: AuthDialogState;
  openAuthDialog: (mode?: AuthMode, options?: OpenAuthDialogOptions) => void;
  /** Switches an open dialog between Sign In and Sign Up, keeping its redirect and favourite. */
  switchAuthMode: (mode: AuthMode) => void;
  closeAuthDialog: () => void;
};

const noop = () => {};

const AuthDialogContext = createContext<AuthDialogContextValue>({
  state: null,
  openAuthDialog: noop,
  switchAuthMode: noop,
  closeAuthDialog: noop,
});

export function AuthDialogProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<AuthDialogState>(null);

  const openAuthDialog = useCallback((mode: AuthMode = 'login', options: OpenAuthDialogOptions = {}) => {
    setState({ mode, redirectTo: options.redirectTo, favoriteCarId: options.favoriteCarId });
  }, []);
  const switchAuthMode = useCallback((mode: AuthMode) => {
    setState((current) => (current ? { ...current, mode } : { mode }));
  }, []);
  const closeAuthDialog = useCallback(() => setState(null), []);

  const value = useMemo(
    () => ({ state, openAuthDialog, switchAuthMode, closeAuthDialog }),
    [state, openAuthDialog, switchAuthMode, closeAuthDialog],
  );
  return <AuthDialogContext.Provider value={value}>{children}</AuthDialogContext.Provider>;
}

/** `const { openAuthDialog } = useAuthDialog(); openAuthDialog('login');` */
export function useAuthDialog(): AuthDialogContextValue {
  return useContext(AuthDialogContext);
}

/**
 * The no-JavaScript address of a dialog: the /login or /register page that returns to `redirectTo`
 * (and adds `favoriteCarId` after signing in). Links render with this href and open the dialog
 * instead when JavaScript runs.
 */
export function authHref(mode: AuthMode, redirectTo?: string, favoriteCarId?: number | null): string {
  const base = mode === 'login' ? '/login' : '/register';
  const query = new URLSearchParams();
  if (redirectTo && redirectTo !== '/') query.set('redirectTo', redirectTo);
  if (favoriteCarId) query.set(FAVORITE_INTENT_PARAM, String(favoriteCarId));
  const qs = query.toString();
  return qs ? `${base}?${qs}` : base;
}
