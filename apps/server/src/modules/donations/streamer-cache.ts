import type { EventBus } from '../../realtime/event-bus.ts';
import type { Streamer } from '../../db/schema.ts';

/** How long a streamer read for an order may be reused, should a settings event be missed. */
const STREAMER_CACHE_TTL_MS = 5_000;

/**
 * Streamers by slug (or old spelling) for the order route, kept for a few seconds: at a
 * thousand orders a second, reading the same streamer row for each was one database round
 * trip in four. Any settings change (the active state, the minimum and prices among them)
 * publishes `settings_changed`, which reaches every instance and drops the streamer at once;
 * the short lifetime only bounds how stale an entry can get if an event is lost.
 */
export class StreamerCache<T extends Pick<Streamer, 'id'> = Streamer> {
  private readonly entries = new Map<string, { streamer: T; expiresAt: number }>();
  private readonly subscribed = new Set<string>();
  /** Bumped by every invalidation, so a read that raced one is not kept. */
  private generation = 0;

  constructor(
    private readonly bus: EventBus,
    private readonly load: (slug: string) => Promise<T | null>,
    private readonly ttlMs = STREAMER_CACHE_TTL_MS,
  ) {}

  async get(slug: string): Promise<T | null> {
    const cached = this.entries.get(slug);
    if (cached && cached.expiresAt > Date.now()) return cached.streamer;
    const generation = this.generation;
    const streamer = await this.load(slug);
    if (!streamer) {
      this.entries.delete(slug);
      return null;
    }
    this.watch(streamer.id);
    if (generation === this.generation) {
      this.entries.set(slug, { streamer, expiresAt: Date.now() + this.ttlMs });
    }
    return streamer;
  }

  private watch(streamerId: string): void {
    if (this.subscribed.has(streamerId)) return;
    this.subscribed.add(streamerId);
    this.bus.subscribe(streamerId, (event) => {
      if (event.kind === 'settings_changed') this.forget(streamerId);
    });
  }

  private forget(streamerId: string): void {
    this.generation += 1;
    for (const [slug, entry] of this.entries) {
      if (entry.streamer.id === streamerId) this.entries.delete(slug);
    }
  }
}
