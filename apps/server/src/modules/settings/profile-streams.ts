import type { FastifyBaseLogger } from 'fastify';
import type { EventBus } from '../../realtime/event-bus.ts';
import { sseFrame, type SseStream } from '../../realtime/sse.ts';

/**
 * The donation pages' live profile streams: one bus subscription per streamer however many
 * fans have the page open, one read of the profile per change, and the same bytes written to
 * every page. `load` builds the public profile (null when the streamer is gone).
 */
export class ProfileStreams {
  private readonly streams = new Map<string, Set<SseStream>>();
  private readonly unsubscribers = new Map<string, () => void>();

  constructor(
    private readonly bus: EventBus,
    private readonly load: (streamerId: string) => Promise<unknown>,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Attaches a page's stream; it hears `streamer` with the whole profile after each change. */
  add(streamerId: string, stream: SseStream): void {
    let set = this.streams.get(streamerId);
    if (!set) {
      set = new Set();
      this.streams.set(streamerId, set);
      this.unsubscribers.set(
        streamerId,
        this.bus.subscribe(streamerId, (event) => {
          if (event.kind === 'settings_changed') void this.broadcast(streamerId);
        }),
      );
    }
    set.add(stream);
    stream.onClose(() => this.remove(streamerId, stream));
  }

  private remove(streamerId: string, stream: SseStream): void {
    const set = this.streams.get(streamerId);
    if (!set) return;
    set.delete(stream);
    if (set.size > 0) return;
    this.streams.delete(streamerId);
    this.unsubscribers.get(streamerId)?.();
    this.unsubscribers.delete(streamerId);
  }

  private async broadcast(streamerId: string): Promise<void> {
    try {
      const profile = await this.load(streamerId);
      if (profile === null) return;
      const frame = sseFrame({ event: 'streamer', data: profile });
      for (const stream of this.streams.get(streamerId) ?? []) stream.write(frame);
    } catch (error) {
      // The page keeps what it shows; its next load or reconnect reads the profile anew.
      this.log.warn({ err: error, streamerId }, 'could not send a profile update');
    }
  }
}
