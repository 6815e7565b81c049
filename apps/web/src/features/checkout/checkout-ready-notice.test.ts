import { describe, expect, it } from 'vitest';

import { createReadyNotice } from './checkout-ready-notice';

describe("createReadyNotice ('Payment System Ready', spec 02 §8)", () => {
  const ready = { status: 'ready', hasFanStarted: true } as const;

  it('shows once the checkout is ready and the fan has started, in either order', () => {
    const readyFirst = createReadyNotice();
    expect(readyFirst({ status: 'loading', hasFanStarted: false })).toBe(false);
    expect(readyFirst({ status: 'ready', hasFanStarted: false })).toBe(false);
    expect(readyFirst(ready)).toBe(true);

    const fanFirst = createReadyNotice();
    expect(fanFirst({ status: 'loading', hasFanStarted: true })).toBe(false);
    expect(fanFirst(ready)).toBe(true);
  });

  it('does not show again on a re-render, a second payment or another page of this load', () => {
    const shouldShow = createReadyNotice();
    shouldShow(ready);
    expect(shouldShow(ready)).toBe(false);
    expect(shouldShow({ status: 'loading', hasFanStarted: true })).toBe(false);
    expect(shouldShow(ready)).toBe(false);
  });

  it('does not show for a checkout that failed to load', () => {
    const shouldShow = createReadyNotice();
    expect(shouldShow({ status: 'error', hasFanStarted: true })).toBe(false);
    expect(shouldShow({ status: 'error', hasFanStarted: true })).toBe(false);
  });
});
