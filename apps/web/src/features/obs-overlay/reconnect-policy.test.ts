import { describe, expect, it } from 'vitest';

import { planReconnect, RECONNECT_POLICY } from './reconnect-policy';

describe('planReconnect (spec 02 §4)', () => {
  it('backs off exponentially from 2 s, capped at 30 s', () => {
    const delays = [1, 2, 3, 4, 5].map((failures) => planReconnect(failures, () => 0));
    expect(delays).toEqual([
      { kind: 'retry', attempt: 1, delayMs: 2000 },
      { kind: 'retry', attempt: 2, delayMs: 4000 },
      { kind: 'retry', attempt: 3, delayMs: 8000 },
      { kind: 'retry', attempt: 4, delayMs: 16_000 },
      { kind: 'retry', attempt: 5, delayMs: 30_000 },
    ]);
  });

  it('adds up to one second of jitter', () => {
    expect(planReconnect(1, () => 0.999)).toMatchObject({ delayMs: 2999 });
    expect(planReconnect(5, () => 0.5)).toMatchObject({ delayMs: 30_500 });
  });

  it('stops after five attempts and waits 60 s before trying again', () => {
    expect(planReconnect(RECONNECT_POLICY.maxAttempts + 1)).toEqual({
      kind: 'cooldown',
      delayMs: 60_000,
    });
  });
});
