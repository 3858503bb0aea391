import { useAuthDialog } from '~/lib/auth/auth-dialog';
import { useRouteLoaderData } from '@remix-run/react';
import type { RootLoaderData } from '~/lib/page/root-data';
import { EXPLORE_PATH } from '~/lib/explore/state';
import { strokeIcon } from '~/components/ui/StrokeIcon';
import { NEW_ALERT_PATH } from '~/lib/alerts/paths';

/**
 * "Alert me about new matches": a plain link to the naming page with the list's own query (that page
 * sends a guest to sign in and back). With JavaScript a guest gets the sign-in dialog instead, as a
 * heart tap does, and lands on the naming page once signed in.
 */
export function AlertLink({ from }: { from: string }) {
  // useRootData's own call, not an import of it: sharing that module with this lazily loaded chunk
  // would split it into a chunk of its own, bytes more on this page's first load (held to 110 KB).
  const signedIn = Boolean(useRouteLoaderData<RootLoaderData>('root')?.user);
  const { openAuthDialog } = useAuthDialog();
  const href = `${NEW_ALERT_PATH}${from.slice(EXPLORE_PATH.length)}`;
  return (
    <a
      href={href}
      onClick={(event) => {
        if (signedIn) return;
        event.preventDefault();
        openAuthDialog('login', { redirectTo: href });
      }}
      className="btn-outline mt-4 bg-white"
      data-testid="alert-me"
    >
      <Bell className="h-4 w-4" />
      Alert me about new matches
    </a>
  );
}

const Bell = strokeIcon(<path d="M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9M10.3 21a1.94 1.94 0 0 0 3.4 0" />);
