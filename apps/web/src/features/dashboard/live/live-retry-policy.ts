/**
 * Spec 02 §4, Live-update connections, 'Dashboard alerts': on error retry up to 3 times, the
 * delay starting at 2000 ms and doubling each time, capped at 15000 ms. After that the dashboard
 * stops and offers a manual reconnect.
 */
export const DASHBOARD_RETRY_POLICY = {
  maxRetries: 3,
  baseDelayMs: 2000,
  maxDelayMs: 15_000,
} as const;

/**
 * How long to wait before retry number `failures` (1 after the first failure), or null once the
 * retries are used up: 2000, 4000, 8000 ms, then null.
 */
export function dashboardRetryDelay(failures: number): number | null {
  if (failures > DASHBOARD_RETRY_POLICY.maxRetries) return null;
  const attempt = Math.max(1, failures);
  return Math.min(
    DASHBOARD_RETRY_POLICY.baseDelayMs * 2 ** (attempt - 1),
    DASHBOARD_RETRY_POLICY.maxDelayMs,
  );
}

/**
 * A server at its cap of live streams (429) says when to come back (Retry-After, 30 s when it
 * does not). Each refusal in a row doubles that wait, up to 5 minutes, and the dashboard keeps
 * trying: the cap frees up as other streams close, and a refusal costs the server little.
 */
export const BUSY_RETRY_POLICY = { defaultDelayMs: 30_000, maxDelayMs: 300_000 } as const;

/** The wait before the next try after `refusals` refusals in a row (1 after the first). */
export function busyRetryDelay(refusals: number, retryAfterSeconds: number | null): number {
  const asked =
    retryAfterSeconds !== null && retryAfterSeconds > 0
      ? retryAfterSeconds * 1000
      : BUSY_RETRY_POLICY.defaultDelayMs;
  return Math.min(asked * 2 ** (Math.max(1, refusals) - 1), BUSY_RETRY_POLICY.maxDelayMs);
}
