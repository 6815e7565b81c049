import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';

import { ApiError } from '../../lib/api';
import { AUTH_TEXT } from './auth.constants';
import { FullPageSpinner } from './full-page-spinner';
import { signInPath } from './redirect';
import type { SignedInSession } from './session-context';
import { useSession } from './use-session';

/**
 * Guards a protected page (spec 01 §6): waits for the session check, sends a signed-out visitor
 * to `/auth?redirect=<current path and query>` (replacing the history entry, so Back on /auth
 * does not bounce back here), and renders `children` with the signed-in session otherwise.
 */
export function RequireSession({
  children,
}: {
  children: (session: SignedInSession) => ReactNode;
}) {
  const session = useSession();
  const location = useLocation();
  const isBeingLeft = useIsPageBeingLeft();

  if (session.status === 'loading') return <FullPageSpinner label={AUTH_TEXT.checkingSession} />;
  if (session.status === 'signed-out') {
    return isBeingLeft ? null : <Navigate to={signInPath(location)} replace />;
  }
  return children(session);
}

/**
 * True while React still shows a page the router has already left. React Router changes the
 * URL first and renders the next page in a transition, so `await navigate(...)` resolves while
 * the old page is still mounted. Logout signs out right after leaving; the page being left must
 * then neither redirect to /auth (which would override the way home) nor flash a sign-in prompt.
 */
export function useIsPageBeingLeft(): boolean {
  const { pathname } = useLocation();
  // Protected pages render only in the browser (they are never prerendered); the check keeps
  // this safe to call anywhere.
  return typeof window !== 'undefined' && window.location.pathname !== pathname;
}

/** True for the API's answer to a token the server no longer accepts. */
export function isUnauthorized(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}

/**
 * Signs out on this device when a query reports 401: the session expired or was revoked
 * elsewhere, so the page falls back to its signed-out state (sign-in redirect or prompt).
 */
export function useClearSessionOnUnauthorized(error: unknown): void {
  const { clearSession } = useSession();
  const isExpired = isUnauthorized(error);
  useEffect(() => {
    if (isExpired) clearSession();
  }, [isExpired, clearSession]);
}
