import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';

// Lets any component (a header link, a heart button on a car card, the favourites banner) open the
// one Sign In / Sign Up dialog that root renders, without passing callbacks through every layer.

export type AuthMode = 'login' | 'register';

export type OpenAuthDialogOptions = {
  /** Same-site path to go to after a successful sign-in (e.g. "/favorites"); default: stay. */
  redirectTo?: string;
};

type AuthDialogState = { mode: AuthMode; redirectTo?: string } | null;

type AuthDialogContextValue = {
  /** The open dialog, or null when closed. */
  state: AuthDialogState;
  openAuthDialog: (mode?: AuthMode, options?: OpenAuthDialogOptions) => void;
  /** Switches an open dialog between Sign In and Sign Up, keeping its redirect. */
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
    setState({ mode, redirectTo: options.redirectTo });
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
 * The no-JavaScript address of a dialog: the /login or /register page that returns to `redirectTo`.
 * Links render with this href and open the dialog instead when JavaScript runs.
 */
export function authHref(mode: AuthMode, redirectTo?: string): string {
  const base = mode === 'login' ? '/login' : '/register';
  return redirectTo && redirectTo !== '/' ? `${base}?${new URLSearchParams({ redirectTo })}` : base;
}
