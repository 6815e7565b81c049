import type { OverlayAlert } from '@shabaash/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { AlertPlayer, type NowPlaying } from './alert-player';
import { PlayedAlerts } from './played-alerts';

function buildAlert(alertId: number, overrides: Partial<OverlayAlert['donation']> = {}) {
  return {
    alert_id: alertId,
    kind: 'donation',
    donation: {
      id: `donation-${String(alertId)}`,
      name: 'Asha',
      amount_paise: 5100,
      type: 'text',
      message: 'Hi!',
      hyperemote_id: null,
      voice_url: null,
      voice_duration_ms: null,
      is_sandbox: false,
      ...overrides,
    },
    created_at: '2025-01-01T00:00:00.000Z',
  } satisfies OverlayAlert;
}

function memoryStorage() {
  const values = new Map<string, string>();
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
  };
}

function setup(storage = memoryStorage()) {
  const screens: Array<NowPlaying | null> = [];
  const finished: number[] = [];
  const alreadyPlayed: number[] = [];
  const player = new AlertPlayer({
    played: new PlayedAlerts('played', storage),
    onChange: (nowPlaying) => screens.push(nowPlaying),
    onFinished: (alert) => finished.push(alert.alert_id),
    onAlreadyPlayed: (alert) => alreadyPlayed.push(alert.alert_id),
  });
  const onScreen = () => screens.at(-1) ?? null;
  return { player, screens, finished, alreadyPlayed, onScreen, storage };
}

// "Hi!" is 3 characters: 5000 + 3 × 50 ms on screen, then the 500 ms fade.
const TEXT_MS = 5150;
const FADE_MS = 500;

describe('AlertPlayer (spec 02 §4, Alerts)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('shows an alert for its duration, fades it, clears it 500 ms later, then acknowledges', () => {
    const { player, onScreen, finished } = setup();
    player.enqueue(buildAlert(1));
    expect(onScreen()).toMatchObject({ alert: { alert_id: 1 }, phase: 'showing' });

    vi.advanceTimersByTime(TEXT_MS - 1);
    expect(onScreen()?.phase).toBe('showing');
    vi.advanceTimersByTime(1);
    expect(onScreen()?.phase).toBe('fading');
    expect(finished).toEqual([]);

    vi.advanceTimersByTime(FADE_MS);
    expect(onScreen()).toBeNull();
    expect(finished).toEqual([1]);
  });

  it('plays queued alerts one at a time, oldest first, never overlapping', () => {
    const { player, screens, finished } = setup();
    player.enqueue(buildAlert(2));
    player.enqueue(buildAlert(4));
    player.enqueue(buildAlert(3));

    vi.advanceTimersByTime(3 * (TEXT_MS + FADE_MS));
    expect(finished).toEqual([2, 3, 4]);
    const shown = screens.filter((screen) => screen?.phase === 'showing');
    expect(shown.map((screen) => screen?.alert.alert_id)).toEqual([2, 3, 4]);
  });

  it('plays a test alert next, ahead of waiting tips but after the one on screen and earlier tests', () => {
    const { player, screens, finished } = setup();
    player.enqueue(buildAlert(1));
    player.enqueue(buildAlert(2));
    player.enqueue(buildAlert(3));
    player.enqueue({ ...buildAlert(9), kind: 'test' });
    player.enqueue({ ...buildAlert(10), kind: 'test' });

    vi.advanceTimersByTime(5 * (TEXT_MS + FADE_MS));
    expect(finished).toEqual([1, 9, 10, 2, 3]);
    const shown = screens.filter((screen) => screen?.phase === 'showing');
    expect(shown.map((screen) => screen?.alert.alert_id)).toEqual([1, 9, 10, 2, 3]);
  });

  it('ignores an alert that is on screen or queued, and only acknowledges one already played', () => {
    const { player, finished, alreadyPlayed } = setup();
    player.enqueue(buildAlert(1));
    player.enqueue(buildAlert(2));
    player.enqueue(buildAlert(1));
    player.enqueue(buildAlert(2));
    vi.advanceTimersByTime(2 * (TEXT_MS + FADE_MS));
    player.enqueue(buildAlert(1));

    vi.advanceTimersByTime(60_000);
    expect(finished).toEqual([1, 2]);
    expect(alreadyPlayed).toEqual([1]);
  });

  it('remembers played alerts across page loads in the same session', () => {
    const storage = memoryStorage();
    const first = setup(storage);
    first.player.enqueue(buildAlert(7));
    first.player.dispose();

    const reloaded = setup(storage);
    reloaded.player.enqueue(buildAlert(7));
    expect(reloaded.onScreen()).toBeNull();
    expect(reloaded.alreadyPlayed).toEqual([7]);
  });

  it('uses the longer voice and hyperemote durations', () => {
    const { player, onScreen } = setup();
    player.enqueue(buildAlert(1, { type: 'voice', voice_url: '/media/v.webm', message: '' }));
    vi.advanceTimersByTime(9_999);
    expect(onScreen()?.phase).toBe('showing');
    vi.advanceTimersByTime(1 + FADE_MS);

    player.enqueue(buildAlert(2, { type: 'hyperemote', hyperemote_id: 'love', message: '' }));
    vi.advanceTimersByTime(5_999);
    expect(onScreen()?.phase).toBe('showing');
    vi.advanceTimersByTime(1);
    expect(onScreen()?.phase).toBe('fading');
  });

  it('holds alerts while paused and plays the interrupted one in full, once, when resumed', () => {
    const { player, screens, onScreen, finished } = setup();
    player.enqueue(buildAlert(1));
    vi.advanceTimersByTime(1000);
    player.setPaused(true);
    expect(onScreen()).toBeNull();

    player.enqueue(buildAlert(2));
    vi.advanceTimersByTime(60_000);
    expect(onScreen()).toBeNull();
    expect(finished).toEqual([]);

    player.setPaused(false);
    expect(onScreen()).toMatchObject({ alert: { alert_id: 1 }, phase: 'showing' });
    vi.advanceTimersByTime(TEXT_MS - 1);
    expect(onScreen()?.phase).toBe('showing');
    vi.advanceTimersByTime(1 + FADE_MS + TEXT_MS + FADE_MS);
    expect(finished).toEqual([1, 2]);
    const starts = screens.filter((screen) => screen?.phase === 'showing');
    expect(starts.map((screen) => screen?.alert.alert_id)).toEqual([1, 1, 2]);
  });
});
