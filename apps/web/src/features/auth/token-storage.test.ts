// @vitest-environment node
import { AUTH_TOKEN_STORAGE_KEY } from '@shabaash/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import {
  TOKEN_STORAGE_KEY,
  readStoredToken,
  removeStoredToken,
  storeToken,
  subscribeToToken,
} from './token-storage';

/** A minimal `window` with an in-memory localStorage and event target. */
function stubWindow(options: { storageThrows?: boolean } = {}) {
  const items = new Map<string, string>();
  const events = new EventTarget();
  const guard = () => {
    if (options.storageThrows) throw new DOMException('denied', 'SecurityError');
  };
  vi.stubGlobal('window', {
    localStorage: {
      getItem: (key: string) => (guard(), items.get(key) ?? null),
      setItem: (key: string, value: string) => (guard(), void items.set(key, value)),
      removeItem: (key: string) => (guard(), void items.delete(key)),
    },
    addEventListener: events.addEventListener.bind(events),
    removeEventListener: events.removeEventListener.bind(events),
  });
  return { items, events };
}

function storageEvent(key: string | null): Event {
  return Object.assign(new Event('storage'), { key });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('token storage', () => {
  beforeEach(() => {
    stubWindow();
    removeStoredToken();
  });

  it("uses the core package's storage key", () => {
    expect(TOKEN_STORAGE_KEY).toBe(AUTH_TOKEN_STORAGE_KEY);
  });

  it('stores, reads and removes the token under auth_token', () => {
    const { items } = stubWindow();
    storeToken('abc');
    expect(items.get('auth_token')).toBe('abc');
    expect(readStoredToken()).toBe('abc');
    removeStoredToken();
    expect(readStoredToken()).toBeNull();
  });

  it('tells subscribers about changes in this tab and in other tabs', () => {
    const { events } = stubWindow();
    const listener = vi.fn();
    const unsubscribe = subscribeToToken(listener);
    storeToken('abc');
    removeStoredToken();
    events.dispatchEvent(storageEvent('auth_token'));
    events.dispatchEvent(storageEvent(null));
    events.dispatchEvent(storageEvent('something_else'));
    expect(listener).toHaveBeenCalledTimes(4);

    unsubscribe();
    storeToken('def');
    events.dispatchEvent(storageEvent('auth_token'));
    expect(listener).toHaveBeenCalledTimes(4);
  });

  it('keeps the token in memory when storage is unavailable', () => {
    stubWindow({ storageThrows: true });
    storeToken('abc');
    expect(readStoredToken()).toBe('abc');
    removeStoredToken();
    expect(readStoredToken()).toBeNull();
  });
});
