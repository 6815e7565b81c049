import { ALERT_TIMING, type OverlayAlert } from '@shabaash/core';

import { presentAlert, type AlertPresentation } from './alert-presentation';
import type { PlayedAlerts } from './played-alerts';

/** An alert on screen: fully visible, or fading out before it is cleared. */
export type NowPlaying = {
  alert: OverlayAlert;
  presentation: AlertPresentation;
  phase: 'showing' | 'fading';
  /** Set when the streamer replayed a past alert: a new play, never acknowledged again. */
  replayId: string | null;
};

/** An alert waiting its turn; a replay carries the id of the press that asked for it. */
type QueuedAlert = { alert: OverlayAlert; replayId: string | null };

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
  /** The number of alerts waiting changed (the activity feed shows it). */
  onWaitingChange?(waiting: number): void;
  /**
   * Plays an alert's audio (alert sound, then speech or voice message) while it is on screen;
   * the alert stays up until the returned promise settles. `stop` cuts it short.
   */
  audio?: {
    play(alert: OverlayAlert, presentation: AlertPresentation): Promise<unknown>;
    stop(): void;
  };
};

/** The longest an alert is held past its own time for audio still playing. */
export const AUDIO_HOLD_MAX_MS = 75_000;

/**
 * Plays alerts one at a time (spec 02 §4, Alerts): each stays up for its duration, fades,
 * and is cleared 500 ms later before the next begins, so alerts never overlap and none is
 * dropped. A test alert jumps the waiting tips. Each alert id plays at most once. While paused (OBS hid the source) alerts wait; one
 * cut short by the pause goes back to the front and plays in full when the source is shown.
 */
export class AlertPlayer {
  private readonly queue: QueuedAlert[] = [];
  private nowPlaying: NowPlaying | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private isPaused = false;
  /** The streamer paused alerts (stream controls): the one on screen plays on, new ones wait. */
  private isHeld = false;
  /** The alert on screen has had its time; it leaves once its audio has ended too. */
  private isTimeUp = false;
  private isAudioPlaying = false;
  /** Counts audio runs, so a cut-short run's late end is ignored. */
  private audioRun = 0;

  constructor(private readonly options: AlertPlayerOptions) {}

  /** Adds an alert from the stream; one already queued, on screen or played is ignored. */
  enqueue(alert: OverlayAlert): void {
    const id = alert.alert_id;
    if (this.nowPlaying?.alert.alert_id === id && !this.nowPlaying.replayId) return;
    if (this.queue.some((queued) => queued.alert.alert_id === id && !queued.replayId)) return;
    if (this.options.played.has(id)) {
      this.options.onAlreadyPlayed(alert);
      return;
    }
    this.insert({ alert, replayId: null });
  }

  /**
   * The streamer replays a past alert: it plays next, like a test alert, whether or not it
   * played before, and is not acknowledged again. One call is one play.
   */
  replay(alert: OverlayAlert, replayId: string): void {
    this.insert({ alert, replayId });
  }

  /** Ends the alert on screen at once (it counts as played) and starts the next. */
  skip(): void {
    if (!this.nowPlaying) return;
    this.clearTimer();
    this.stopAudio();
    this.finish();
  }

  /** The streamer's pause: new alerts wait (none is lost) until released, in their order. */
  setHeld(isHeld: boolean): void {
    if (this.isHeld === isHeld) return;
    this.isHeld = isHeld;
    if (!isHeld) this.playNext();
  }

  /** Drops every waiting alert (the one on screen plays on); they never play here. */
  clearWaiting(): void {
    for (const queued of this.queue) this.options.played.add(queued.alert.alert_id);
    this.queue.length = 0;
    this.options.onWaitingChange?.(0);
  }

  /**
   * A test alert or a replay plays next (after the one on screen and earlier ones of its kind),
   * so the streamer sees it at once; tips play oldest first, even when a replay of the stream
   * delivers an older one after a newer.
   */
  private insert(entry: QueuedAlert): void {
    const jumps = (queued: QueuedAlert) => queued.alert.kind === 'test' || queued.replayId !== null;
    const id = entry.alert.alert_id;
    const later = this.queue.findIndex((queued) =>
      jumps(entry) ? !jumps(queued) : !jumps(queued) && queued.alert.alert_id > id,
    );
    this.queue.splice(later === -1 ? this.queue.length : later, 0, entry);
    this.options.onWaitingChange?.(this.queue.length);
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
    this.stopAudio();
    this.queue.unshift({ alert: this.nowPlaying.alert, replayId: this.nowPlaying.replayId });
    this.show(null);
  }

  /** Alerts waiting behind the one on screen. */
  get queuedCount(): number {
    return this.queue.length;
  }

  dispose(): void {
    this.clearTimer();
    this.stopAudio();
    this.queue.length = 0;
    this.nowPlaying = null;
  }

  private playNext(): void {
    if (this.nowPlaying || this.isPaused || this.isHeld) return;
    const next = this.queue.shift();
    if (!next) return;
    this.options.onWaitingChange?.(this.queue.length);
    const { alert, replayId } = next;
    if (!replayId) this.options.played.add(alert.alert_id);
    const presentation = (this.options.present ?? ((shown) => presentAlert(shown, [])))(alert);
    this.show({ alert, presentation, phase: 'showing', replayId });
    this.isTimeUp = false;
    this.timer = setTimeout(() => this.timeUp(), presentation.durationMs);
    this.startAudio(alert, presentation);
  }

  private startAudio(alert: OverlayAlert, presentation: AlertPresentation): void {
    const audio = this.options.audio;
    if (!audio) return;
    const run = ++this.audioRun;
    this.isAudioPlaying = true;
    void audio
      .play(alert, presentation)
      .catch((error: unknown) => console.warn('The alert audio failed.', error))
      .finally(() => {
        if (run !== this.audioRun) return;
        this.isAudioPlaying = false;
        if (this.isTimeUp && this.nowPlaying?.phase === 'showing') {
          this.clearTimer();
          this.fade();
        }
      });
  }

  /** The alert's own time is over: it fades now, or when its audio ends (bounded). */
  private timeUp(): void {
    this.timer = null;
    this.isTimeUp = true;
    if (!this.isAudioPlaying) {
      this.fade();
      return;
    }
    this.timer = setTimeout(() => this.fade(), AUDIO_HOLD_MAX_MS);
  }

  private stopAudio(): void {
    this.audioRun += 1;
    this.isAudioPlaying = false;
    this.options.audio?.stop();
  }

  private fade(): void {
    if (!this.nowPlaying) return;
    // Audio held past AUDIO_HOLD_MAX_MS is cut off with the card.
    if (this.isAudioPlaying) this.stopAudio();
    this.show({ ...this.nowPlaying, phase: 'fading' });
    this.timer = setTimeout(() => this.finish(), ALERT_TIMING.fadeClearMs);
  }

  private finish(): void {
    const finished = this.nowPlaying;
    this.timer = null;
    this.show(null);
    // A replay was acknowledged when it first played.
    if (finished && !finished.replayId) this.options.onFinished(finished.alert);
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
