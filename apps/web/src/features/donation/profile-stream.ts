import { PROFILE_EVENTS } from '@shabaash/core';

import type { EventSourceLike } from '../obs-overlay/overlay-stream';
import { planReconnect } from '../obs-overlay/reconnect-policy';

export type ProfileStreamOptions = {
  url: string;
  /** Connected; `isReconnect` after a drop, when changes made meanwhile went unheard. */
  onReady(isReconnect: boolean): void;
  /** The whole public profile, as JSON text, after the streamer changed a setting. */
  onStreamer(data: string): void;
  /** A tip joined the public lists (Recent Support, leaderboards, goal). */
  onDonations(): void;
  createEventSource?: (url: string) => EventSourceLike;
  random?: () => number;
};

/**
 * The donation page's live stream (spec 02 §4, Live-update connections). After a drop or a
 * refusal it reconnects with the overlay's back-off (2 s doubling to 30 s plus jitter, then a
 * minute's pause, for as long as the page is open), and each `ready` starts the count again.
 *
 * EventSource's own reconnects are switched off (it is closed on every error): a refused stream
 * (429 at the server's cap of live streams) would end it for good, and after a server restart
 * every open page would come back at the same fixed interval.
 */
export class ProfileStream {
  private source: EventSourceLike | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private failures = 0;
  private hasConnected = false;
  private isStopped = true;

  constructor(private readonly options: ProfileStreamOptions) {}

  start(): void {
    if (!this.isStopped) return;
    this.isStopped = false;
    this.open();
  }

  stop(): void {
    this.isStopped = true;
    this.source?.close();
    this.source = null;
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }

  private open(): void {
    const create = this.options.createEventSource ?? ((url) => new EventSource(url));
    const source = create(this.options.url);
    this.source = source;
    source.addEventListener(PROFILE_EVENTS.ready, () => {
      if (this.source !== source) return;
      this.failures = 0;
      this.options.onReady(this.hasConnected);
      this.hasConnected = true;
    });
    source.addEventListener(PROFILE_EVENTS.streamer, (event) => {
      if (this.source !== source) return;
      if (event instanceof MessageEvent && typeof event.data === 'string') {
        this.options.onStreamer(event.data);
      }
    });
    source.addEventListener(PROFILE_EVENTS.donations, () => {
      if (this.source === source) this.options.onDonations();
    });
    source.addEventListener('error', () => {
      if (this.source === source) this.scheduleRetry();
    });
  }

  private scheduleRetry(): void {
    this.source?.close();
    this.source = null;
    this.failures += 1;
    const plan = planReconnect(this.failures, this.options.random);
    this.timer = setTimeout(() => {
      this.timer = null;
      if (this.isStopped) return;
      // After the cooldown the attempts start over from the shortest delay.
      if (plan.kind === 'cooldown') this.failures = 0;
      this.open();
    }, plan.delayMs);
  }
}
