import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { forgetFan, readRememberedFan, rememberFan } from './fan-details';

describe('the returning fan remembered on this device', () => {
  const stored = new Map<string, string>();

  beforeEach(() => {
    stored.clear();
    vi.stubGlobal('window', {
      localStorage: {
        getItem: (key: string) => stored.get(key) ?? null,
        setItem: (key: string, value: string) => stored.set(key, value),
        removeItem: (key: string) => stored.delete(key),
      },
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('remembers the number and name of the last order, and forgets both', () => {
    expect(readRememberedFan()).toBeNull();
    rememberFan({ name: 'Priya', phone: '9876543210' });
    expect(readRememberedFan()).toEqual({ name: 'Priya', phone: '9876543210' });
    forgetFan();
    expect(readRememberedFan()).toBeNull();
  });

  it('keeps the earlier name when the fan tips anonymously', () => {
    rememberFan({ name: 'Priya', phone: '9876543210' });
    rememberFan({ name: 'Anonymous', phone: '9123456780', anonymous: true });
    expect(readRememberedFan()).toEqual({ name: 'Priya', phone: '9123456780' });
  });

  it('ignores what it cannot trust: a bad number, a name too long, not JSON', () => {
    stored.set('shabaash:fan', JSON.stringify({ name: 'Priya', phone: '5123456789' }));
    expect(readRememberedFan()).toBeNull();
    stored.set('shabaash:fan', JSON.stringify({ name: 'x'.repeat(51), phone: '9876543210' }));
    expect(readRememberedFan()).toEqual({ name: '', phone: '9876543210' });
    stored.set('shabaash:fan', '{not json');
    expect(readRememberedFan()).toBeNull();
  });
});
