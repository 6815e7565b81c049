import type { AuthResponse, AuthUser } from '@shabaash/core';
import { useQueryClient } from '@tanstack/react-query';
import {
  useCallback,
  useEffect,
  useMemo,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';

import { fetchSessionUser } from './auth.api';
import { SessionContext, type SessionContextValue, type SessionState } from './session-context';
import { VIEWER_QUERY_ROOT } from './session-query-keys';
import { readStoredToken, removeStoredToken, storeToken, subscribeToToken } from './token-storage';

const LOADING: SessionState = { status: 'loading', user: null, token: null };
const SIGNED_OUT: SessionState = { status: 'signed-out', user: null, token: null };

/** Server render and hydration cannot see localStorage: the token is unknown, so "loading". */
const getServerToken = (): undefined => undefined;

/**
 * Holds the signed-in user for the whole app (spec 01 §4). The stored token is read through
 * `useSyncExternalStore`, so prerendered HTML and hydration render "loading", and the browser's
 * value takes over right after. A token is signed in only once the server has confirmed it;
 * an invalid, errored or empty token is removed, which signs the user out. It lives in the
 * root chunk that every page loads, so it stays small on purpose.
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const token = useSyncExternalStore(subscribeToToken, readStoredToken, getServerToken);
  const [confirmed, setConfirmed] = useState<{ token: string; user: AuthUser } | null>(null);
  // `confirmed.token` is a string, so a match also means a token is stored.
  const isConfirmed = confirmed !== null && confirmed.token === token;

  useEffect(() => {
    if (token === '') removeStoredToken();
    if (!token || isConfirmed) return;
    // A token replaced (login, logout, another tab) before its check answers is not judged.
    const controller = new AbortController();
    fetchSessionUser(token, controller.signal).then(
      (user) => setConfirmed({ token, user }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        console.warn('Session check failed; signing out on this device.', error);
        if (readStoredToken() === token) removeStoredToken();
      },
    );
    return () => controller.abort();
  }, [token, isConfirmed]);

  const state: SessionState = useMemo(() => {
    if (token === undefined) return LOADING;
    if (!token) return SIGNED_OUT;
    if (confirmed?.token === token) return { status: 'signed-in', user: confirmed.user, token };
    return LOADING;
  }, [token, confirmed]);

  useEffect(() => {
    // Whatever ended the session, the user's cached data goes with it.
    if (state.status === 'signed-out') queryClient.removeQueries({ queryKey: [VIEWER_QUERY_ROOT] });
  }, [state.status, queryClient]);

  const establishSession = useCallback((response: AuthResponse) => {
    setConfirmed({ token: response.session.access_token, user: response.user });
    storeToken(response.session.access_token);
  }, []);

  const clearSession = useCallback(() => {
    removeStoredToken();
    setConfirmed(null);
  }, []);

  const refreshUser = useCallback(async () => {
    const current = readStoredToken();
    if (!current) return;
    try {
      const user = await fetchSessionUser(current);
      // Only if the same token is still the stored one when the answer comes.
      if (readStoredToken() === current) setConfirmed({ token: current, user });
    } catch (error) {
      console.warn('Could not refresh the signed-in user.', error);
    }
  }, []);

  const value = useMemo<SessionContextValue>(
    () => ({ ...state, establishSession, clearSession, refreshUser }),
    [state, establishSession, clearSession, refreshUser],
  );

  return <SessionContext value={value}>{children}</SessionContext>;
}
