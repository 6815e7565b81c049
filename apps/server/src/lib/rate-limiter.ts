import { tooManyRequests } from '../errors.ts';

/**
 * A fixed-window counter per key (an IP, an e-mail), kept in this instance's memory. Several
 * instances each count on their own, which is acceptable for abuse limits: the point is that
 * one client cannot hammer one endpoint, not an exact global quota.
 */
export class RateLimiter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();

  constructor(
    readonly max: number,
    readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts one hit for key; returns false when the key is over its limit in this window. */
  hit(key: string): boolean {
    const now = this.now();
    if (this.windows.size > 10_000) this.sweep(now);
    const window = this.windows.get(key);
    if (!window || window.resetAt <= now) {
      this.windows.set(key, { count: 1, resetAt: now + this.windowMs });
      return true;
    }
    window.count += 1;
    return window.count <= this.max;
  }

  /** Like hit, but throws the API's 429 error when over the limit. */
  consume(key: string, message?: string): void {
    if (!this.hit(key)) throw tooManyRequests(message);
  }

  private sweep(now: number): void {
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
  }
}
