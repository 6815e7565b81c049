/**
 * Spec 02 §4, Live-update connections: at most 5 attempts, exponential back-off from 2 s capped
 * at 30 s plus up to 1 s of random jitter; after the limit the overlay shows 'Max retries
 * exceeded' and tries again after 60 s.
 */
export const RECONNECT_POLICY = {
  maxAttempts: 5,
  baseDelayMs: 2000,
  maxDelayMs: 30_000,
  maxJitterMs: 1000,
  cooldownMs: 60_000,
} as const;

export type ReconnectPlan =
  { kind: 'retry'; attempt: number; delayMs: number } | { kind: 'cooldown'; delayMs: number };

/**
 * What to do after `failures` consecutive failed connections (1 for the first drop): retry
 * attempt n after min(2 s · 2ⁿ⁻¹, 30 s) + jitter, or, past the limit, wait out the cooldown.
 * `random` is injectable so tests can pin the jitter.
 */
export function planReconnect(failures: number, random: () => number = Math.random): ReconnectPlan {
  if (failures > RECONNECT_POLICY.maxAttempts) {
    return { kind: 'cooldown', delayMs: RECONNECT_POLICY.cooldownMs };
  }
  const attempt = Math.max(1, failures);
  const backoff = Math.min(
    RECONNECT_POLICY.baseDelayMs * 2 ** (attempt - 1),
    RECONNECT_POLICY.maxDelayMs,
  );
  return { kind: 'retry', attempt, delayMs: backoff + random() * RECONNECT_POLICY.maxJitterMs };
}
