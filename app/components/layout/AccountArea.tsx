import { Form, Link, useLocation } from '@remix-run/react';
import { authHref, useAuthDialog, type AuthMode } from '~/lib/auth/auth-dialog';
import type { SessionUser } from '~/lib/wordpress/types';
import { buttonClass } from '~/components/ui/Button';
import { LogoutIcon, UserIcon } from './icons';
import { currentPath } from './nav';

/** Where to come back to after signing in or out from this page. */
function returnPath(location: { pathname: string; search: string }): string {
  // On the sign-in pages themselves, keep the destination they already carry.
  if (location.pathname === '/login' || location.pathname === '/register') {
    return new URLSearchParams(location.search).get('redirectTo') ?? '/';
  }
  return currentPath(location);
}

function AuthLink({ mode, back, className, children }: { mode: AuthMode; back: string; className: string; children: string }) {
  const { openAuthDialog } = useAuthDialog();
  return (
    <a
      href={authHref(mode, back)}
      aria-haspopup="dialog"
      className={className}
      onClick={(event) => {
        if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0) return;
        event.preventDefault();
        openAuthDialog(mode);
      }}
    >
      {children}
    </a>
  );
}

/** Sign In / Sign Up for visitors; once signed in, the user's name (a link to /account) and Logout (a POST form). */
export function AccountArea({ user }: { user: SessionUser | null }) {
  const location = useLocation();
  const back = returnPath(location);

  if (!user) {
    // Tight on a phone: the logo, the heart and both buttons share 358 px at 390 px wide.
    return (
      <div className="flex items-center gap-1 md:gap-2">
        <AuthLink mode="login" back={back} className={buttonClass('ghost', 'px-2 md:px-4')}>
          Sign In
        </AuthLink>
        <AuthLink mode="register" back={back} className={buttonClass('primary', 'px-2.5 md:px-4')}>
          Sign Up
        </AuthLink>
      </div>
    );
  }

  const name = user.displayName || user.username;
  return (
    <div className="flex items-center gap-1 md:gap-2">
      <Link
        to="/account"
        className="flex min-w-0 items-center gap-2 rounded-lg p-1 text-sm font-medium text-slate-700 hover:text-brand-700"
        data-testid="signed-in-user"
      >
        <span className="hidden h-8 w-8 flex-none items-center justify-center rounded-full bg-brand-50 text-brand-700 sm:flex">
          <UserIcon className="h-4 w-4" />
        </span>
        <span className="max-w-[6.5rem] truncate sm:max-w-[10rem]" title={name}>
          <span className="sr-only">Signed in as </span>
          {name}
        </span>
        <span className="sr-only">, my account</span>
      </Link>
      <Form method="post" action="/logout" className="flex">
        <input type="hidden" name="redirectTo" value={back} />
        <button type="submit" className={buttonClass('ghost', 'px-2.5 text-slate-600 md:px-3')}>
          <LogoutIcon className="h-4 w-4" />
          <span className="sr-only sm:not-sr-only">Logout</span>
        </button>
      </Form>
    </div>
  );
}
