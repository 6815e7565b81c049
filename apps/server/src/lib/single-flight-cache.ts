/**
 * One answer per key for a short while, however many ask: callers arriving while a load runs
 * share it, and callers within `ttlMs` after it settled get its result without a new load. A
 * load that fails is forgotten at once (its waiters see the error; the next caller tries
 * again). Unlike realtime/coalesce.ts's Coalescer, a caller here gladly takes an answer that
 * began before it arrived: the point is to ask an outside service less, not to read fresher.
 */
export class SingleFlightCache<T> {
  private readonly entries = new Map<string, { value: Promise<T>; settledAt: number | null }>();

  constructor(
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  get(key: string, load: () => Promise<T>): Promise<T> {
    this.forgetExpired();
    const cached = this.entries.get(key);
    if (cached) return cached.value;

    const entry: { value: Promise<T>; settledAt: number | null } = {
      value: load(),
      settledAt: null,
    };
    this.entries.set(key, entry);
    entry.value.then(
      () => {
        entry.settledAt = this.now();
      },
      () => {
        if (this.entries.get(key) === entry) this.entries.delete(key);
      },
    );
    return entry.value;
  }

  /** Entries live a few seconds, so the map holds only the keys asked about just now. */
  private forgetExpired(): void {
    const now = this.now();
    for (const [key, entry] of this.entries) {
      if (entry.settledAt !== null && now - entry.settledAt >= this.ttlMs) this.entries.delete(key);
    }
  }
}
