/**
 * Runs at most `maxRunning` tasks at once. Up to `maxWaiting` more wait their turn, first come
 * first served; beyond that a task is refused at once with `whenFull()`'s error, so a flood
 * is turned away instead of piling up without bound.
 */
export class ConcurrencyLimit {
  private active = 0;
  private readonly queue: Array<() => void> = [];
  /** The most tasks ever seen running at once (what tests check against maxRunning). */
  peakRunning = 0;

  constructor(
    readonly maxRunning: number,
    readonly maxWaiting: number,
    private readonly whenFull: () => Error,
  ) {}

  get running(): number {
    return this.active;
  }

  get waiting(): number {
    return this.queue.length;
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.active < this.maxRunning) {
      this.active += 1;
    } else if (this.queue.length < this.maxWaiting) {
      // The finishing task hands its slot over: `active` stays as it is.
      await new Promise<void>((resolve) => this.queue.push(resolve));
    } else {
      throw this.whenFull();
    }
    this.peakRunning = Math.max(this.peakRunning, this.active);
    try {
      return await task();
    } finally {
      const next = this.queue.shift();
      if (next) next();
      else this.active -= 1;
    }
  }
}
