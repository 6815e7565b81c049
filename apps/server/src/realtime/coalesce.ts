/**
 * Shares one run of a task among everyone who asks for it at about the same time, per key.
 * A caller never joins a run that has already started (it may have read the database before the
 * caller's change or subscription); it joins the run queued to start once the current one ends,
 * which every caller arriving meanwhile shares. So a thousand overlays connecting at once cost
 * two queries, not a thousand, and each still gets a result read after it arrived.
 */
export class Coalescer<T> {
  private readonly slots = new Map<
    string,
    { running: Promise<T> | null; next: Promise<T> | null }
  >();

  run(key: string, task: () => Promise<T>): Promise<T> {
    let slot = this.slots.get(key);
    if (!slot) {
      slot = { running: null, next: null };
      this.slots.set(key, slot);
    }
    if (slot.next) return slot.next;
    const current = slot;
    // Idle, the run starts on the next turn of the event loop, so callers whose requests
    // arrived in the same turn share it; busy, it starts once the current run ends.
    const after = current.running ? current.running.then(ignore, ignore) : nextTurn();
    current.next = after.then(() => {
      current.next = null;
      const running = task();
      current.running = running;
      void running.then(ignore, ignore).then(() => {
        if (current.running !== running) return;
        current.running = null;
        if (!current.next) this.slots.delete(key);
      });
      return running;
    });
    return current.next;
  }
}

function ignore(): void {}

function nextTurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/** Batches larger than this are split: a query's parameter list stays small. */
const MAX_BATCH = 500;

/**
 * Loads many keys in one query: every key asked for while a load runs waits and goes out with
 * the others in the next one, which starts as soon as the current one ends. Idle, a key goes
 * out on the next turn of the event loop with the keys asked for in the same turn; under load,
 * batches grow instead of queueing one query per caller.
 */
export class BatchLoader<K, V> {
  private pending = new Map<
    K,
    Array<{ resolve: (value: V | undefined) => void; reject: (error: unknown) => void }>
  >();
  private isRunning = false;

  constructor(private readonly loadMany: (keys: K[]) => Promise<Map<K, V>>) {}

  load(key: K): Promise<V | undefined> {
    return new Promise((resolve, reject) => {
      const waiters = this.pending.get(key) ?? [];
      waiters.push({ resolve, reject });
      this.pending.set(key, waiters);
      if (!this.isRunning) {
        // Keys asked for in the same turn of the event loop go out together.
        this.isRunning = true;
        setImmediate(() => void this.drain());
      }
    });
  }

  private async drain(): Promise<void> {
    while (this.pending.size > 0) {
      const batch = [...this.pending].slice(0, MAX_BATCH);
      for (const [key] of batch) this.pending.delete(key);
      try {
        const found = await this.loadMany(batch.map(([key]) => key));
        for (const [key, waiters] of batch)
          for (const waiter of waiters) waiter.resolve(found.get(key));
      } catch (error) {
        for (const [, waiters] of batch) for (const waiter of waiters) waiter.reject(error);
      }
    }
    this.isRunning = false;
  }
}
