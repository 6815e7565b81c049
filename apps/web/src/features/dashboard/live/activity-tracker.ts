/**
 * Decides which live `donation` events are news ('New Activity', spec 02 §8): a donation that
 * shows up in the dashboard's lists for the first time. Moderation changes to a donation already
 * on screen are not news, and neither is a payment change that lists nothing (a failed payment).
 *
 * What counts as already seen is fixed once, from the first lists loaded, and then grows only by
 * the events themselves, so two donations arriving together are both announced even when the
 * first event's reload already lists the second.
 */
export class ActivityTracker {
  private readonly known = new Set<string>();
  private seeded = false;

  get isSeeded(): boolean {
    return this.seeded;
  }

  /** The first lists the dashboard showed; a no-op after the first call. */
  seed(ids: Iterable<string>): void {
    if (this.seeded) return;
    this.seeded = true;
    this.remember(ids);
  }

  /** Marks donations as seen without announcing them (lists re-read after a reconnect). */
  remember(ids: Iterable<string>): void {
    for (const id of ids) this.known.add(id);
  }

  /**
   * Whether the event for `id` announces a new donation, given the ids listed once the lists
   * were re-read for it. Each donation is announced at most once.
   */
  isNew(id: string, listedIds: ReadonlySet<string>): boolean {
    if (!listedIds.has(id) || this.known.has(id)) return false;
    this.known.add(id);
    return this.seeded;
  }
}
