import { useEffect, useState } from 'react';
import { useAuthDialog } from '~/lib/auth/auth-dialog';
import { FAVORITES_UPDATE_FAILED, onToggleResult } from '~/lib/favorites/toggle';
import { AlertIcon } from '~/components/ui/ErrorBox';

/**
 * The one place a failed heart toggle is reported (the server's message, "Failed to
 * update favorites" or "Network error while updating favorites"). Rendered once by root and fed by
 * the toggle's client action, so it also reports toggles whose button is already gone (a card
 * removed from /favorites at once). The rollback itself needs nothing here: the hearts are derived
 * from the page data, which no longer includes a failed toggle. The message is kept until the next
 * successful toggle or until dismissed ("an error message kept").
 */
export function FavoriteToasts() {
  const { openAuthDialog } = useAuthDialog();
  const [message, setMessage] = useState<string | null>(null);

  useEffect(
    () =>
      onToggleResult((result) => {
        if (result.success) {
          setMessage(null);
          return;
        }
        setMessage(result.message || FAVORITES_UPDATE_FAILED);
        // The session ended meanwhile (the header still said signed in): offer the sign-in at once.
        if (result.signInRequired) openAuthDialog('login');
      }),
    [openAuthDialog],
  );

  return (
    // The alert region is always in the page, so screen readers announce text put into it.
    <div role="alert" className="pointer-events-none fixed inset-x-0 bottom-20 z-40 flex justify-center px-4 md:bottom-6">
      {message ? (
        <div
          data-testid="favorites-error"
          className="pointer-events-auto flex max-w-md items-start gap-3 rounded-xl border border-red-200 bg-white px-4 py-3 text-sm text-red-700 shadow-dialog"
        >
          <AlertIcon />
          <p className="flex-1">{message}</p>
          <button
            type="button"
            onClick={() => setMessage(null)}
            className="-my-1 -mr-1 rounded-md px-2 py-1 text-xs font-semibold text-red-700 hover:bg-red-50"
          >
            Dismiss
          </button>
        </div>
      ) : null}
    </div>
  );
}
