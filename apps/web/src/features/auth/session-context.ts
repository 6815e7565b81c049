import type { AuthResponse, AuthUser } from '@shabaash/core';
import { createContext } from 'react';

/**
 * The session states of spec 01 §4: loading until the stored token has been checked, then
 * signed out (no user) or signed in (user and the token to send with API calls).
 */
export type SessionState =
  | { status: 'loading'; user: null; token: null }
  | { status: 'signed-out'; user: null; token: null }
  | { status: 'signed-in'; user: AuthUser; token: string };

export type SignedInSession = Extract<SessionState, { status: 'signed-in' }>;

export type SessionActions = {
  /** Stores the token of a successful login or registration and signs the user in. */
  establishSession: (response: AuthResponse) => void;
  /**
   * Forgets the session on this device: removes the token and the user's cached data. It does
   * not call the server; `useLogout` revokes first, and a 401 means the server already has.
   */
  clearSession: () => void;
  /**
   * Asks the server for the signed-in user again, e.g. once their e-mail is verified (possibly
   * in another tab); keeps the current user if the check fails.
   */
  refreshUser: () => Promise<void>;
};

export type SessionContextValue = SessionState & SessionActions;

export const SessionContext = createContext<SessionContextValue | null>(null);
