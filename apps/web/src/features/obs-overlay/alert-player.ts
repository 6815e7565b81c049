import { ALERT_TIMING, type OverlayAlert } from '@shabaash/core';

import { presentAlert, type AlertPresentation } from './alert-presentation';
import type { PlayedAlerts } from './played-alerts';

/** An alert on screen: fully visible, or fading out before it is cleared. */
export type NowPlaying = {
  alert: OverlayAlert;
  presentation: AlertPresentation;
  phase: 'showing' | 'fading';
};

export type AlertPlayerOptions = {
  played: PlayedAlerts;
  /** Whatever is on screen changed (null: nothing). */
  onChange(nowPlaying: NowPlaying | null): void;
  /** An alert has played to the end and been cleared: acknowledge it to the server. */
  onFinished(alert: OverlayAlert): void;
  /**
   * The stream delivered an alert this session already played (a replay after a reload cut it
   * short before its acknowledgement): it is not shown again, only acknowledged.
   */
  onAlreadyPlayed(alert: OverlayAlert): void;
  /** How an alert plays, asked when it comes on screen (default: the spec's own timing). */
  present?(alert: OverlayAlert): AlertPresentation;
};

/**
 * Plays alerts one at a time (spec 02 §4, Alerts): each stays up for its duration, fades,
 * and is cleared 500 ms later before the next begins, so alerts never overlap and none is
 * dropped. Each alert id plays at most once. While paused (OBS hid the source) alerts wait; one
 * cut short by the pause goes back to the front and plays in full when the source is shown.
 */
export class AlertPlayer {
  private readonly queue: OverlayAlert[] = [];
  private nowPlaying: NowPlaying | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private isPaused = false;

  constructor(private readonly options: AlertPlayerOptions) {}

  /** Adds an alert from the stream; one already queued, on screen or played is ignored. */
  enqueue(alert: OverlayAlert): void {
    const id = alert.alert_id;
    if (this.nowPlaying?.alert.alert_id === id) return;
    if (this.queue.some((queued) => queued.alert_id === id)) return;
    if (this.options.played.has(id)) {
      this.options.onAlreadyPlayed(alert);
      return;
    }
    // Oldest first, even when a replay delivers an older alert after a newer one.
    const later = this.queue.findIndex((queued) => queued.alert_id > id);
    this.queue.splice(later === -1 ? this.queue.length : later, 0, alert);
    this.playNext();
  }

  setPaused(isPaused: boolean): void {
    if (this.isPaused === isPaused) return;
    this.isPaused = isPaused;
    if (!isPaused) {
      this.playNext();
      return;
    }
    if (!this.nowPlaying) return;
    this.clearTimer();
    this.queue.unshift(this.nowPlaying.alert);
    this.show(null);
  }

  /** Alerts waiting behind the one on screen. */
  get queuedCount(): number {
    return this.queue.length;
  }

  dispose(): void {
    this.clearTimer();
    this.queue.length = 0;
    this.nowPlaying = null;
  }

  private playNext(): void {
    if (this.nowPlaying || this.isPaused) return;
    const next = this.queue.shift();
    if (!next) return;
    this.options.played.add(next.alert_id);
    const presentation = (this.options.present ?? ((alert) => presentAlert(alert, [])))(next);
    this.show({ alert: next, presentation, phase: 'showing' });
    this.timer = setTimeout(() => this.fade(), presentation.durationMs);
  }

  private fade(): void {
    if (!this.nowPlaying) return;
    this.show({ ...this.nowPlaying, phase: 'fading' });
    this.timer = setTimeout(() => this.finish(), ALERT_TIMING.fadeClearMs);
  }

  private finish(): void {
    const finished = this.nowPlaying?.alert;
    this.timer = null;
    this.show(null);
    if (finished) this.options.onFinished(finished);
    this.playNext();
  }

  private show(nowPlaying: NowPlaying | null): void {
    this.nowPlaying = nowPlaying;
    this.options.onChange(nowPlaying);
  }

  private clearTimer(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }
}
