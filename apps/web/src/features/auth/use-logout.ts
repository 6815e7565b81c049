import { AUTH_MESSAGES } from '@shabaash/core';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { toast } from '../../lib/lazy-toast';

import { ApiError } from '../../lib/api';
import { logoutRequest } from './auth.api';
import { useSession } from './use-session';

/**
 * Sign-out: revokes the session on the server, then forgets it here, toasts 'Logged out
 * successfully' and goes home (spec 02 §2, with DESIGN.md's server revoke).
 *
 * When the revoke fails (offline, server error) the user stays signed in and sees 'Logout
 * Error … Please try again.': the token is still valid on the server, so dropping it locally
 * would only pretend. Staying signed in tells the truth and lets the retry the message asks for
 * actually end the session. A 401 means the server has already ended it, which is success.
 */
export function useLogout() {
  const session = useSession();
  const navigate = useNavigate();
  const mutation = useMutation({ mutationFn: logoutRequest });

  const logout = async () => {
    if (session.status !== 'signed-in' || mutation.isPending) return;
    try {
      await mutation.mutateAsync(session.token);
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 401)) {
        console.warn('Logout failed.', error);
        toast.error(AUTH_MESSAGES.logoutErrorTitle, { description: AUTH_MESSAGES.logoutError });
        return;
      }
    }
    toast.success(AUTH_MESSAGES.loggedOut);
    // Leave the protected page before forgetting the session: cleared while that page is the
    // current one, its sign-in guard would send the user to /auth instead of home. The page may
    // still be on screen for a moment after this (see `useIsPageBeingLeft`).
    await navigate('/');
    session.clearSession();
  };

  return { logout, isLoggingOut: mutation.isPending };
}
