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
