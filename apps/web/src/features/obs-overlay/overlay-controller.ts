import type {
  Language,
  OverlayAlert,
  OverlayAlertVariation,
  OverlaySettings,
} from '@shabaash/core';

import { loadLanguage } from '../../i18n/i18n';
import { alertAudioSteps, waitForSpeech } from './alert-audio';
import { preloadAlertFonts } from './alert-fonts';
import { AlertPlayer, type NowPlaying } from './alert-player';
import { AudioSequence } from './audio-sequence';
import { presentAlert } from './alert-presentation';
import { watchObsSource } from './obs-source';
import {
  fetchAlertSpeech,
  fetchOverlaySettings,
  markAlertShown,
  reportPlayback,
} from './overlay.api';
import { OverlayStream, type StreamStatus } from './overlay-stream';
import { overlaySound } from './overlay-sound';
import { sessionPlayedAlerts } from './played-alerts';
import { StreamControls } from './stream-controls';

/** Everything the overlay page draws. */
export type OverlaySnapshot = {
  status: StreamStatus;
  /** Set once the server has accepted the token. */
  streamerName: string | null;
  /** The server's text when the token was refused. */
  invalidMessage: string | null;
  nowPlaying: NowPlaying | null;
  /** The alert line's language, once its catalog is loaded (English until then). */
  language: Language | null;
};

export const INITIAL_OVERLAY_SNAPSHOT: OverlaySnapshot = {
  status: 'validating',
  streamerName: null,
  invalidMessage: null,
  nowPlaying: null,
  language: null,
};

/** An acknowledgement that fails for a network blip is worth a couple more tries. */
const ACK_RETRY_DELAYS_MS = [1000, 5000];
/** The longest the first alerts wait for the streamer's settings (one small read, in parallel). */
const SETTINGS_WAIT_MS = 3000;

/**
 * Wires one overlay together: the alert stream feeds the player, OBS's show/hide events pause
 * it, every alert that finished playing is acknowledged to the server, and the streamer's alert
 * settings (read on each connect, then kept current by the stream) shape every alert.
 * Framework-free; the page subscribes through `onChange`.
 */
export class OverlayController {
  private snapshot = INITIAL_OVERLAY_SNAPSHOT;
  private readonly player: AlertPlayer;
  /** The overlay's one audio track: sound, then speech or voice message, never overlapping. */
  private readonly audio = new AudioSequence(overlaySound);
  private readonly stream: OverlayStream;
  private readonly controls: StreamControls;
  private stopWatchingObs: (() => void) | null = null;
  private readonly pendingTimers = new Set<ReturnType<typeof setTimeout>>();
  private variations: readonly OverlayAlertVariation[] = [];
  /** The streamer's cap on a text alert; undefined (the default cap) until settings load. */
  private textAlertMaxMs: number | undefined;
  /** Counts settings received, so a slow read never overwrites a newer live change. */
  private settingsVersion = 0;
  /**
   * Alerts that came before the first settings read was over (the backlog sent on connect
   * races it): they wait for it, so even the first alert wears the streamer's design (issue
   * 33). null once settings are in, or the read failed, or SETTINGS_WAIT_MS passed.
   */
  private alertsBeforeSettings: OverlayAlert[] | null = [];
  private isStopped = false;

  constructor(
    private readonly slug: string,
    private readonly token: string,
    private readonly onChange: (snapshot: OverlaySnapshot) => void,
  ) {
    this.player = new AlertPlayer({
      played: sessionPlayedAlerts(slug),
      onChange: (nowPlaying) => {
        this.update({ nowPlaying });
        this.controls.playingChanged(nowPlaying?.alert.alert_id ?? null);
      },
      onWaitingChange: (waiting) => this.controls.waitingChanged(waiting),
      onFinished: (alert) => this.acknowledge(alert),
      onAlreadyPlayed: (alert) => this.acknowledge(alert),
      present: (alert) => presentAlert(alert, this.variations, this.textAlertMaxMs),
      audio: {
        play: (alert, presentation) =>
          this.audio.play(
            alertAudioSteps(alert, presentation, (spoken) =>
              waitForSpeech(() => fetchAlertSpeech(slug, token, spoken.alert_id)),
            ),
          ),
        stop: () => this.audio.stop(),
      },
    });
    // Pause, skip, mute, clear and replay from the streamer's activity feed or Telegram.
    this.controls = new StreamControls({
      player: this.player,
      sound: overlaySound,
      report: (playback) => reportPlayback(slug, token, playback),
    });
    this.stream = new OverlayStream({
      slug,
      token,
      onStatus: (status) => {
        this.update({ status });
        // Changes made while the stream was down were not heard: read the settings anew.
        if (status === 'connected') void this.loadSettings();
        if (status === 'connected') this.controls.resync();
      },
      onValidated: (streamerName) => this.update({ streamerName }),
      onInvalid: (invalidMessage) => {
        this.player.dispose();
        this.update({ invalidMessage, nowPlaying: null });
      },
      onAlert: (alert) => {
        if (this.alertsBeforeSettings) this.alertsBeforeSettings.push(alert);
        else this.player.enqueue(alert);
      },
      onSettings: (settings) => this.applySettings(settings),
      onControl: (control) => this.controls.handleControl(control),
      onReplay: (replay) => this.controls.handleReplay(replay),
    });
  }

  start(): void {
    this.stopWatchingObs = watchObsSource((isOnScreen) => this.player.setPaused(!isOnScreen));
    this.stream.start();
    // A settings read that hangs never holds alerts back for long.
    const timer = setTimeout(() => this.settingsSettled(), SETTINGS_WAIT_MS);
    this.pendingTimers.add(timer);
  }

  stop(): void {
    this.isStopped = true;
    this.stream.stop();
    this.controls.stop();
    this.player.dispose();
    this.stopWatchingObs?.();
    this.stopWatchingObs = null;
    for (const timer of this.pendingTimers) clearTimeout(timer);
    this.pendingTimers.clear();
  }

  private applySettings(settings: OverlaySettings): void {
    this.settingsVersion += 1;
    this.variations = settings.alert_variations;
    this.textAlertMaxMs = settings.text_alert_max_ms;
    // The first alerts wait for the catalog and the Devanagari font too (at most
    // SETTINGS_WAIT_MS), so even they speak the overlay's language in its own type.
    const { language } = settings;
    Promise.all([loadLanguage(language, ['overlay']), preloadAlertFonts()])
      .then(() => {
        if (!this.isStopped) this.update({ language });
      })
      .catch((error: unknown) => console.warn('Could not load the overlay language.', error))
      .finally(() => this.settingsSettled());
  }

  /** Plays the alerts that waited for the first settings, in the order they came. */
  private settingsSettled(): void {
    const waiting = this.alertsBeforeSettings;
    this.alertsBeforeSettings = null;
    for (const alert of waiting ?? []) this.player.enqueue(alert);
  }

  private async loadSettings(): Promise<void> {
    const version = this.settingsVersion;
    try {
      const settings = await fetchOverlaySettings(this.slug, this.token);
      if (this.isStopped || version !== this.settingsVersion) return;
      this.applySettings(settings);
    } catch (error) {
      // Alerts keep the settings they had (or the spec's defaults) until the next connect.
      console.warn('Could not load the alert settings.', error);
      this.settingsSettled();
    }
  }

  private update(change: Partial<OverlaySnapshot>): void {
    this.snapshot = { ...this.snapshot, ...change };
    this.onChange(this.snapshot);
  }

  private acknowledge(alert: OverlayAlert, attempt = 0): void {
    markAlertShown(this.slug, this.token, alert.alert_id).catch((error: unknown) => {
      const delay = ACK_RETRY_DELAYS_MS[attempt];
      if (delay === undefined) {
        // The alert stays unshown on the server; this session's memory still never replays it.
        console.warn(`Could not acknowledge alert ${String(alert.alert_id)}.`, error);
        return;
      }
      const timer = setTimeout(() => {
        this.pendingTimers.delete(timer);
        this.acknowledge(alert, attempt + 1);
      }, delay);
      this.pendingTimers.add(timer);
    });
  }
}
