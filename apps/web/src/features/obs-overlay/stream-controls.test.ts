import type { OverlayAlert, OverlayPlaybackReport } from '@shabaash/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { AlertPlayer, type NowPlaying } from './alert-player';
import { OverlaySound } from './overlay-sound';
import { PlayedAlerts } from './played-alerts';
import { StreamControls } from './stream-controls';

function buildAlert(alertId: number, kind: OverlayAlert['kind'] = 'donation'): OverlayAlert {
  return {
    alert_id: alertId,
    kind,
    donation: {
      id: `donation-${String(alertId)}`,
      name: `Fan ${String(alertId)}`,
      amount_paise: 5100,
      type: 'text',
      message: 'Hi!',
      hyperemote_id: null,
      voice_url: null,
      voice_duration_ms: null,
      is_sandbox: false,
    },
    created_at: '2025-01-01T00:00:00.000Z',
  };
}

// "Hi!" stays 5150 ms, then fades for 500 ms.
const ALERT_MS = 5150 + 500;

function setup() {
  const shown: Array<{ id: number; replayId: string | null }> = [];
  const finished: number[] = [];
  const reports: OverlayPlaybackReport[] = [];
  let onScreen: NowPlaying | null = null;
  const player = new AlertPlayer({
    played: new PlayedAlerts('played', null),
    onChange: (nowPlaying) => {
      if (nowPlaying && nowPlaying.phase === 'showing') {
        shown.push({ id: nowPlaying.alert.alert_id, replayId: nowPlaying.replayId });
      }
      onScreen = nowPlaying;
      controls.playingChanged(nowPlaying?.alert.alert_id ?? null);
    },
    onWaitingChange: (waiting) => controls.waitingChanged(waiting),
    onFinished: (alert) => finished.push(alert.alert_id),
    onAlreadyPlayed: () => {},
  });
  const sound = new OverlaySound();
  const controls = new StreamControls({
    player,
    sound,
    report: async (playback) => void reports.push(playback),
  });
  return {
    player,
    controls,
    sound,
    shown,
    finished,
    reports,
    current: () => onScreen?.alert.alert_id ?? null,
  };
}

describe('StreamControls on the overlay (issue 24)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('skip ends the alert on screen at once, counts it as played, and the next one plays', () => {
    const { player, controls, current, finished } = setup();
    player.enqueue(buildAlert(1));
    player.enqueue(buildAlert(2));
    expect(current()).toBe(1);
    controls.handleControl({ action: 'skip' });
    expect(current()).toBe(2);
    expect(finished).toEqual([1]);
    controls.handleControl({ action: 'skip' });
    expect(current()).toBeNull();
    controls.handleControl({ action: 'skip' }); // nothing on screen: nothing happens
    expect(finished).toEqual([1, 2]);
  });

  it('pause holds new alerts (the one on screen plays on); resume releases them in order, each once', () => {
    const { player, controls, current, shown, finished } = setup();
    player.enqueue(buildAlert(1));
    controls.handleControl({ action: 'pause' });
    player.enqueue(buildAlert(3));
    player.enqueue(buildAlert(2));
    player.enqueue(buildAlert(3)); // delivered twice: still once
    vi.advanceTimersByTime(ALERT_MS);
    expect(finished).toEqual([1]);
    expect(current()).toBeNull();
    vi.advanceTimersByTime(60_000);
    expect(shown.map((entry) => entry.id)).toEqual([1]);

    controls.handleControl({ action: 'resume' });
    vi.advanceTimersByTime(ALERT_MS * 3);
    expect(shown.map((entry) => entry.id)).toEqual([1, 2, 3]);
    expect(finished).toEqual([1, 2, 3]);
  });

  it('a connecting overlay takes pause and mute from the state the server sends first', () => {
    const { player, controls, current, sound } = setup();
    controls.handleControl({ action: 'state', is_paused: true, is_muted: true });
    player.enqueue(buildAlert(1));
    expect(current()).toBeNull();
    expect(sound.isMuted).toBe(true);
    controls.handleControl({ action: 'state', is_paused: false, is_muted: false });
    expect(current()).toBe(1);
    expect(sound.isMuted).toBe(false);
  });

  it('replay plays a past alert once per press, next in line, without acknowledging it again', () => {
    const { player, controls, shown, finished } = setup();
    player.enqueue(buildAlert(1));
    vi.advanceTimersByTime(ALERT_MS);
    player.enqueue(buildAlert(2));
    player.enqueue(buildAlert(3));
    const replay = { replay_id: 'press-1', alert: buildAlert(1) };
    controls.handleReplay(replay);
    controls.handleReplay(replay); // the same press heard twice
    controls.handleReplay({ replay_id: 'press-2', alert: buildAlert(1) });
    vi.advanceTimersByTime(ALERT_MS * 5);
    expect(shown).toEqual([
      { id: 1, replayId: null },
      { id: 2, replayId: null },
      { id: 1, replayId: 'press-1' },
      { id: 1, replayId: 'press-2' },
      { id: 3, replayId: null },
    ]);
    expect(finished).toEqual([1, 2, 3]);
  });

  it('clear drops the waiting alerts, and they never play even if delivered again', () => {
    const { player, controls, shown } = setup();
    player.enqueue(buildAlert(1));
    player.enqueue(buildAlert(2));
    player.enqueue(buildAlert(3));
    controls.handleControl({ action: 'clear' });
    player.enqueue(buildAlert(2));
    vi.advanceTimersByTime(ALERT_MS * 3);
    expect(shown.map((entry) => entry.id)).toEqual([1]);
  });

  it('mute silences every sound playing and any that starts later; unmute restores them', () => {
    const { controls, sound } = setup();
    const playing = { muted: false } as HTMLMediaElement;
    sound.track(playing);
    controls.handleControl({ action: 'mute' });
    expect(playing.muted).toBe(true);
    const later = { muted: false } as HTMLMediaElement;
    const untrack = sound.track(later);
    expect(later.muted).toBe(true);
    untrack();
    controls.handleControl({ action: 'unmute' });
    expect(playing.muted).toBe(false);
    expect(later.muted).toBe(true); // no longer playing: left alone
  });

  it('reports what plays and how many wait, once per burst of changes', async () => {
    const { player, reports } = setup();
    player.enqueue(buildAlert(1));
    player.enqueue(buildAlert(2));
    player.enqueue(buildAlert(3));
    await vi.advanceTimersByTimeAsync(200);
    expect(reports).toEqual([{ playing_alert_id: 1, waiting: 2 }]);
    await vi.advanceTimersByTimeAsync(ALERT_MS);
    expect(reports.at(-1)).toEqual({ playing_alert_id: 2, waiting: 1 });
  });
});
