/**
 * Spec 01 §9's storage key, the same as `AUTH_TOKEN_STORAGE_KEY` in `@shabaash/core` (a test
 * holds them equal). Written out here because this module is in the root chunk every page
 * loads, and any value import from the core package pulls in zod and all its schemas (the
 * package has one entry point and is not marked side-effect free): ~90 kB on the OBS overlay.
 */
export const TOKEN_STORAGE_KEY = 'auth_token';

/*
 * The session token, kept in localStorage under `auth_token` (spec 01 §9) and exposed as a tiny
 * external store for `useSyncExternalStore`: subscribers hear changes made in this tab and, via
 * the `storage` event, in other tabs. Storage access can throw (storage disabled, sandboxed
 * frames); the token then lives in memory for this page load instead of crashing the app.
 * Nothing here runs during rendering on the server: prerendered pages have no `window`.
 */

let memoryToken: string | null = null;
const listeners = new Set<() => void>();

function notify(): void {
  for (const listener of listeners) listener();
}

/** The stored token, or null when there is none. */
export function readStoredToken(): string | null {
  try {
    return window.localStorage.getItem(TOKEN_STORAGE_KEY);
  } catch {
    return memoryToken;
  }
}

export function storeToken(token: string): void {
  try {
    window.localStorage.setItem(TOKEN_STORAGE_KEY, token);
  } catch {
    memoryToken = token;
  }
  notify();
}

export function removeStoredToken(): void {
  memoryToken = null;
  try {
    window.localStorage.removeItem(TOKEN_STORAGE_KEY);
  } catch {
    // Nothing could have been stored.
  }
  notify();
}

/** Calls `listener` whenever the token changes, in this tab or another. */
export function subscribeToToken(listener: () => void): () => void {
  const handleStorage = (event: StorageEvent) => {
    // `key` is null when another tab called localStorage.clear().
    if (event.key === TOKEN_STORAGE_KEY || event.key === null) listener();
  };
  listeners.add(listener);
  window.addEventListener('storage', handleStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', handleStorage);
  };
}
