import type { OverlayControl, OverlayPlaybackReport, OverlayReplay } from '@shabaash/core';

import type { AlertPlayer } from './alert-player';
import type { OverlaySound } from './overlay-sound';

export type StreamControlsOptions = {
  player: AlertPlayer;
  sound: OverlaySound;
  /** Tells the server what plays and how many wait (the activity feed shows it). */
  report(playback: OverlayPlaybackReport): Promise<void>;
};

/** Reports go out at most this often; a burst of changes sends its last state once. */
const REPORT_DELAY_MS = 150;

/**
 * The streamer's stream controls on one overlay (issue 24): the stream's `control` and
 * `replay` events become player and sound calls, and every change of what plays is reported
 * back. A replay id seen twice plays once.
 */
export class StreamControls {
  private readonly replayed = new Set<string>();
  private playingAlertId: number | null = null;
  private waiting = 0;
  private lastReported = '';
  private reportTimer: ReturnType<typeof setTimeout> | null = null;

  constructor(private readonly options: StreamControlsOptions) {}

  handleControl(control: OverlayControl): void {
    const { player, sound } = this.options;
    switch (control.action) {
      case 'state':
        player.setHeld(control.is_paused);
        sound.setMuted(control.is_muted);
        return;
      case 'skip':
        player.skip();
        return;
      case 'pause':
      case 'resume':
        player.setHeld(control.action === 'pause');
        return;
      case 'mute':
      case 'unmute':
        sound.setMuted(control.action === 'mute');
        return;
      case 'clear':
        player.clearWaiting();
        return;
    }
  }

  handleReplay(replay: OverlayReplay): void {
    if (this.replayed.has(replay.replay_id)) return;
    this.replayed.add(replay.replay_id);
    this.options.player.replay(replay.alert, replay.replay_id);
  }

  /** The player's screen changed. */
  playingChanged(alertId: number | null): void {
    this.playingAlertId = alertId;
    this.scheduleReport();
  }

  /** The player's queue changed. */
  waitingChanged(waiting: number): void {
    this.waiting = waiting;
    this.scheduleReport();
  }

  /** The stream (re)connected: the server hears the current state again. */
  resync(): void {
    this.lastReported = '';
    this.scheduleReport();
  }

  stop(): void {
    if (this.reportTimer !== null) clearTimeout(this.reportTimer);
    this.reportTimer = null;
  }

  private scheduleReport(): void {
    if (this.reportTimer !== null) return;
    this.reportTimer = setTimeout(() => {
      this.reportTimer = null;
      const playback = { playing_alert_id: this.playingAlertId, waiting: this.waiting };
      const key = JSON.stringify(playback);
      if (key === this.lastReported) return;
      this.lastReported = key;
      this.options.report(playback).catch((error: unknown) => {
        // The feed shows an older state until the next change or reconnect reports again.
        this.lastReported = '';
        console.warn('Could not report what the overlay plays.', error);
      });
    }, REPORT_DELAY_MS);
  }
}
