import { PROFILE_EVENTS } from '@shabaash/core';
import type { FastifyBaseLogger } from 'fastify';
import type { EventBus } from '../../realtime/event-bus.ts';
import { sseFrame, type SseStream } from '../../realtime/sse.ts';

/** The nudge to read the public lists again: no data, so nothing about the tip travels. */
const DONATIONS_FRAME = sseFrame({ event: PROFILE_EVENTS.donations, data: {} });

/**
 * The donation pages' live profile streams: one bus subscription per streamer however many
 * fans have the page open, one read per change, and the same bytes written to every page.
 * `load` builds the public profile (null when the streamer is gone); `isListed` says whether a
 * donation is on the public lists (paid and approved).
 */
export class ProfileStreams {
  private readonly streams = new Map<string, Set<SseStream>>();
  private readonly unsubscribers = new Map<string, () => void>();
  /** Per streamer, the donation check running last: checks run one after another. */
  private readonly donationChecks = new Map<string, Promise<void>>();

  constructor(
    private readonly bus: EventBus,
    private readonly load: (streamerId: string) => Promise<unknown>,
    private readonly isListed: (streamerId: string, donationId: string) => Promise<boolean>,
    private readonly log: FastifyBaseLogger,
  ) {}

  /**
   * Attaches a page's stream; it hears `streamer` with the whole profile after each settings
   * change, and `donations` when a tip joins the public lists.
   */
  add(streamerId: string, stream: SseStream): void {
    let set = this.streams.get(streamerId);
    if (!set) {
      set = new Set();
      this.streams.set(streamerId, set);
      this.unsubscribers.set(
        streamerId,
        this.bus.subscribe(streamerId, (event) => {
          if (event.kind === 'settings_changed') void this.broadcast(streamerId);
          if (event.kind === 'donation_changed') this.checkDonation(streamerId, event.donationId);
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

  /**
   * A donation changed (paid, failed, approved, rejected): the pages hear of it only if it is on
   * the public lists now. A tip only ever joins them (success is final, moderation decides
   * once), so held, rejected and unpaid tips send nothing. Checks run in the order the changes
   * came, so pages hear of tips in that order too.
   */
  private checkDonation(streamerId: string, donationId: string): void {
    const previous = this.donationChecks.get(streamerId) ?? Promise.resolve();
    const check = previous
      .then(async () => {
        if (!this.streams.has(streamerId)) return; // every page left meanwhile
        if (!(await this.isListed(streamerId, donationId))) return;
        for (const stream of this.streams.get(streamerId) ?? []) stream.write(DONATIONS_FRAME);
      })
      .catch((error: unknown) => {
        // The pages keep their lists; their next load or reconnect reads them anew.
        this.log.warn({ err: error, streamerId }, 'could not check a donation for the pages');
      });
    this.donationChecks.set(streamerId, check);
    void check.then(() => {
      if (this.donationChecks.get(streamerId) === check) this.donationChecks.delete(streamerId);
    });
  }

  private async broadcast(streamerId: string): Promise<void> {
    try {
      const profile = await this.load(streamerId);
      if (profile === null) return;
      const frame = sseFrame({ event: PROFILE_EVENTS.streamer, data: profile });
      for (const stream of this.streams.get(streamerId) ?? []) stream.write(frame);
    } catch (error) {
      // The page keeps what it shows; its next load or reconnect reads the profile anew.
      this.log.warn({ err: error, streamerId }, 'could not send a profile update');
    }
  }
}
