import type { OverlayAlert, OverlayControl, OverlayReplay, OverlaySettings } from '@shabaash/core';

import { checkOverlayToken, overlayEventsUrl, type TokenVerdict } from './overlay.api';
import { planReconnect } from './reconnect-policy';

/**
 * Where the overlay's connection stands: checking the token, (re)connecting, live, given up
 * for a while after five failed attempts, or refused for good.
 */
/**
 * `invalid`: the page was opened with a token the server refuses (the spec's full screen).
 * `revoked`: a token that worked here stopped working mid-stream (rotated or deactivated): the
 * overlay goes quiet with a small corner mark, so nothing shouts on the streamer's stream.
 */
export type StreamStatus =
  | 'validating'
  | 'connecting'
  | 'connected'
  | 'reconnecting'
  | 'max-retries'
  | 'invalid'
  | 'revoked';

/** The parts of EventSource this class uses (a fake stands in for it in tests). */
export type EventSourceLike = {
  addEventListener(type: string, listener: (event: Event) => void): void;
  close(): void;
};

export type OverlayStreamOptions = {
  slug: string;
  token: string;
  onStatus(status: StreamStatus): void;
  /** The token was refused; `message` is the server's text for the invalid-token screen. */
  onInvalid(message: string): void;
  /** The token was accepted (once per start). */
  onValidated(streamerName: string): void;
  onAlert(alert: OverlayAlert): void;
  /** The streamer changed their alert settings while the stream was open. */
  onSettings?(settings: OverlaySettings): void;
  /** A stream control (pause, skip, mute…); `state` comes first on every connect. */
  onControl?(control: OverlayControl): void;
  /** The streamer replayed a past alert. */
  onReplay?(replay: OverlayReplay): void;
  createEventSource?: (url: string) => EventSourceLike;
  checkToken?: (slug: string, token: string) => Promise<TokenVerdict>;
  random?: () => number;
};

/**
 * The overlay's alert stream (spec 02 §4, Live-update connections). Checks the token, listens
 * to the server's SSE stream, and after a drop reconnects with back-off and jitter, asking for
 * everything after the last alert it received. A token the server refuses ends it for good.
 *
 * EventSource's own reconnects are switched off (it is closed on every error) because they
 * retry forever at a fixed interval and cannot tell a dead token from a dead network.
 */
export class OverlayStream {
  private source: EventSourceLike | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private failures = 0;
  private lastEventId: number | null = null;
  private isValidated = false;
  private hasOpened = false;
  private isStopped = true;

  constructor(private readonly options: OverlayStreamOptions) {}

  start(): void {
    if (!this.isStopped) return;
    this.isStopped = false;
    this.options.onStatus('validating');
    void this.validate();
  }

  stop(): void {
    this.isStopped = true;
    this.closeSource();
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }

  private async validate(): Promise<void> {
    const verdict = await this.checkToken();
    if (this.isStopped) return;
    if (verdict.kind === 'invalid') return this.refuse(verdict.message);
    if (verdict.kind === 'unreachable') return this.scheduleRetry();
    this.isValidated = true;
    this.options.onValidated(verdict.streamerName);
    this.open();
  }

  private open(): void {
    this.options.onStatus(this.hasOpened ? 'reconnecting' : 'connecting');
    this.hasOpened = true;
    const { slug, token } = this.options;
    const url = overlayEventsUrl(slug, token, this.lastEventId);
    const source = (this.options.createEventSource ?? ((href) => new EventSource(href)))(url);
    this.source = source;
    source.addEventListener('alert', (event) => {
      if (this.source === source) this.handleAlert(event);
    });
    source.addEventListener('settings', (event) => {
      if (this.source === source) this.handleSettings(event);
    });
    source.addEventListener('control', (event) => {
      const control = this.source === source ? parseFrame<OverlayControl>(event) : null;
      if (control && typeof control.action === 'string') this.options.onControl?.(control);
    });
    source.addEventListener('replay', (event) => {
      const replay = this.source === source ? parseFrame<OverlayReplay>(event) : null;
      if (replay && Number.isSafeInteger(replay.alert?.alert_id)) this.options.onReplay?.(replay);
    });
    source.addEventListener('ready', (event) => {
      if (this.source !== source) return;
      this.resumeFrom(event);
      this.failures = 0;
      this.options.onStatus('connected');
    });
    source.addEventListener('error', () => {
      if (this.source === source) void this.handleDrop();
    });
  }

  private handleAlert(event: Event): void {
    if (!(event instanceof MessageEvent) || typeof event.data !== 'string') return;
    let alert: OverlayAlert;
    try {
      // The server's OverlayAlert; only the id is checked before use.
      alert = JSON.parse(event.data) as OverlayAlert;
    } catch {
      return;
    }
    if (!Number.isSafeInteger(alert.alert_id)) return;
    this.lastEventId = Math.max(this.lastEventId ?? 0, alert.alert_id);
    this.options.onAlert(alert);
  }

  /**
   * `ready` carries the stream's position: an overlay that drops before any alert reaches it
   * resumes from there, so an alert written meanwhile (and shown by another overlay) still comes.
   */
  private resumeFrom(event: Event): void {
    if (!(event instanceof MessageEvent) || event.lastEventId === '') return;
    const position = Number(event.lastEventId);
    if (!Number.isSafeInteger(position) || position < 0) return;
    this.lastEventId = Math.max(this.lastEventId ?? 0, position);
  }

  private handleSettings(event: Event): void {
    if (!(event instanceof MessageEvent) || typeof event.data !== 'string') return;
    try {
      // The server's OverlaySettings, presented by it; the overlay only reads them.
      const settings = JSON.parse(event.data) as OverlaySettings;
      if (Array.isArray(settings.alert_variations)) this.options.onSettings?.(settings);
    } catch {
      // A frame that does not parse leaves the current settings in force.
    }
  }

  /** The stream failed or ended: a refused token ends the overlay, anything else retries. */
  private async handleDrop(): Promise<void> {
    this.closeSource();
    this.options.onStatus('reconnecting');
    const verdict = await this.checkToken();
    if (this.isStopped) return;
    if (verdict.kind === 'invalid') return this.refuse(verdict.message);
    this.scheduleRetry();
  }

  private scheduleRetry(): void {
    this.failures += 1;
    const plan = planReconnect(this.failures, this.options.random);
    this.options.onStatus(plan.kind === 'cooldown' ? 'max-retries' : 'reconnecting');
    this.timer = setTimeout(() => {
      this.timer = null;
      if (this.isStopped) return;
      // After the cooldown the attempts start over from the shortest delay.
      if (plan.kind === 'cooldown') this.failures = 0;
      if (this.isValidated) this.open();
      else void this.validate();
    }, plan.delayMs);
  }

  private refuse(message: string): void {
    this.stop();
    this.options.onStatus(this.isValidated ? 'revoked' : 'invalid');
    this.options.onInvalid(message);
  }

  private checkToken(): Promise<TokenVerdict> {
    return (this.options.checkToken ?? checkOverlayToken)(this.options.slug, this.options.token);
  }

  private closeSource(): void {
    this.source?.close();
    this.source = null;
  }
}

/** The server's JSON in a stream frame (controls, replays); null when it does not parse. */
function parseFrame<T>(event: Event): T | null {
  if (!(event instanceof MessageEvent) || typeof event.data !== 'string') return null;
  try {
    return JSON.parse(event.data) as T;
  } catch {
    return null;
  }
}
