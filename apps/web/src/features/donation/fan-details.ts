import { ANONYMOUS_DONOR_NAME, DONATION_LIMITS } from '@shabaash/core';

/**
 * What a returning fan need not type again (issue 32): the mobile number and the name of their
 * last order, on this device only (localStorage, never sent anywhere but with an order). "Not
 * you?" forgets both. Checked by hand when read: anything else in the key is ignored.
 */
export type RememberedFan = { name: string; phone: string };

const KEY = 'shabaash:fan';

export function readRememberedFan(): RememberedFan | null {
  try {
    const stored: unknown = JSON.parse(window.localStorage.getItem(KEY) ?? 'null');
    if (typeof stored !== 'object' || stored === null) return null;
    const { name, phone } = stored as Record<string, unknown>;
    if (typeof phone !== 'string' || !/^[6-9]\d{9}$/.test(phone)) return null;
    const isName = typeof name === 'string' && name.length <= DONATION_LIMITS.nameMaxChars;
    return { name: isName ? name : '', phone };
  } catch {
    return null;
  }
}

/** After an order is created: its number, and its name unless it was anonymous. */
export function rememberFan(order: { name: string; phone: string; anonymous?: boolean }): void {
  const isAnonymous = order.anonymous === true || order.name === ANONYMOUS_DONOR_NAME;
  const name = isAnonymous ? (readRememberedFan()?.name ?? '') : order.name;
  try {
    window.localStorage.setItem(KEY, JSON.stringify({ name, phone: order.phone }));
  } catch {
    // Storage blocked (private mode): the fan types them again next time.
  }
}

export function forgetFan(): void {
  try {
    window.localStorage.removeItem(KEY);
  } catch {
    // Nothing kept, nothing to forget.
  }
}
