import type { OverlayAlert, OverlaySpeech } from '@shabaash/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { alertAudioSteps, waitForSpeech } from './alert-audio';
import { AlertPlayer, AUDIO_HOLD_MAX_MS } from './alert-player';
import { AudioSequence } from './audio-sequence';
import { OverlaySound } from './overlay-sound';
import { PlayedAlerts } from './played-alerts';

/** A stand-in for an <audio> element: it records what happened and ends when told. */
class FakeAudio extends EventTarget {
  src = '';
  preload = '';
  volume = 1;
  muted = false;
  hidden = false;
  dataset: Record<string, string> = {};
  error = null;
  isPlaying = false;
  constructor(private readonly log: string[]) {
    super();
  }
  play() {
    this.isPlaying = true;
    this.log.push(`play ${this.dataset.overlayAudio} ${this.src}`);
    return Promise.resolve();
  }
  pause() {
    this.isPlaying = false;
  }
  removeAttribute() {
    this.src = '';
  }
  load() {
    this.log.push(`stop ${this.dataset.overlayAudio}`);
    this.dispatchEvent(new Event('emptied'));
  }
  remove() {}
  end() {
    this.isPlaying = false;
    this.log.push(`end ${this.dataset.overlayAudio}`);
    this.dispatchEvent(new Event('ended'));
  }
}

function fakeAudioFactory() {
  const log: string[] = [];
  const elements: FakeAudio[] = [];
  const create = () => {
    const element = new FakeAudio(log);
    elements.push(element);
    // The fake has what the sequence touches of HTMLAudioElement.
    return element as unknown as HTMLAudioElement;
  };
  return { log, elements, create, playing: () => elements.find((element) => element.isPlaying) };
}

const flush = () => vi.advanceTimersByTimeAsync(0);

function textAlert(
  alertId: number,
  overrides: Partial<OverlayAlert['donation']> = {},
): OverlayAlert {
  return {
    alert_id: alertId,
    kind: 'donation',
    donation: {
      id: `d${String(alertId)}`,
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
  };
}

describe('AudioSequence: one clip at a time', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('plays the speech only after the alert sound has ended, never overlapping', async () => {
    const audio = fakeAudioFactory();
    const sequence = new AudioSequence(new OverlaySound(), audio.create);
    const done = sequence.play([
      { kind: 'sound', clip: { url: '/sound.mp3' } },
      { kind: 'speech', clip: Promise.resolve({ url: '/media/speech/1', volume: 0.5 }) },
    ]);
    await flush();
    expect(audio.log).toEqual(['play sound /sound.mp3']);
    audio.playing()?.end();
    await flush();
    expect(audio.log).toEqual([
      'play sound /sound.mp3',
      'end sound',
      'play speech /media/speech/1',
    ]);
    expect(audio.playing()?.volume).toBe(0.5);
    audio.playing()?.end();
    await expect(done).resolves.toBe('ended');
  });

  it('waits for speech still rendering, and skips it when none comes', async () => {
    const audio = fakeAudioFactory();
    const sequence = new AudioSequence(new OverlaySound(), audio.create);
    const done = sequence.play([
      { kind: 'speech', clip: Promise.resolve(null) },
      { kind: 'voice', clip: { url: '/media/voice/v' } },
    ]);
    await flush();
    expect(audio.log).toEqual(['play voice /media/voice/v']);
    audio.playing()?.end();
    await expect(done).resolves.toBe('ended');
  });

  it('stop() ends the clip playing and the rest of the sequence', async () => {
    const audio = fakeAudioFactory();
    const sequence = new AudioSequence(new OverlaySound(), audio.create);
    const done = sequence.play([
      { kind: 'sound', clip: { url: '/sound.mp3' } },
      { kind: 'voice', clip: { url: '/media/voice/v' } },
    ]);
    await flush();
    sequence.stop();
    await expect(done).resolves.toBe('stopped');
    expect(audio.log).toEqual(['play sound /sound.mp3', 'stop sound']);
  });

  it('mutes every clip, the one playing and the ones after', async () => {
    const audio = fakeAudioFactory();
    const sequence = new AudioSequence(new OverlaySound(), audio.create);
    void sequence.play([
      { kind: 'sound', clip: { url: '/sound.mp3' } },
      { kind: 'speech', clip: { url: '/media/speech/1' } },
    ]);
    await flush();
    sequence.setMuted(true);
    expect(audio.playing()?.muted).toBe(true);
    audio.playing()?.end();
    await flush();
    expect(audio.playing()?.muted).toBe(true);
  });
});

describe('the alert stays up until its audio has ended', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  function setup() {
    const audio = fakeAudioFactory();
    const sequence = new AudioSequence(new OverlaySound(), audio.create);
    const screens: Array<string | null> = [];
    const values = new Map<string, string>();
    const player = new AlertPlayer({
      played: new PlayedAlerts('played', {
        getItem: (key) => values.get(key) ?? null,
        setItem: (key, value) => void values.set(key, value),
      }),
      onChange: (now) => screens.push(now ? `${now.alert.alert_id} ${now.phase}` : null),
      onFinished: () => {},
      onAlreadyPlayed: () => {},
      audio: {
        play: (alert) =>
          sequence.play([
            { kind: 'sound', clip: { url: '/sound.mp3' } },
            { kind: 'voice', clip: { url: `/clip/${String(alert.alert_id)}` } },
          ]),
        stop: () => sequence.stop(),
      },
    });
    return { audio, player, screens };
  }

  it('holds a voice tip on screen past its time until the clip ends, then fades', async () => {
    const { audio, player, screens } = setup();
    player.enqueue(textAlert(1));
    await flush();
    audio.playing()?.end(); // the alert sound ends; the clip starts only now
    await flush();
    expect(audio.log.at(-1)).toBe('play voice /clip/1');
    await vi.advanceTimersByTimeAsync(20_000); // far past the text alert's 5.15 s
    expect(screens.at(-1)).toBe('1 showing');
    audio.playing()?.end();
    await flush();
    expect(screens.at(-1)).toBe('1 fading');
  });

  it('never holds an alert without end: audio still going after the cap is cut off', async () => {
    const { audio, player, screens } = setup();
    player.enqueue(textAlert(1));
    await vi.advanceTimersByTimeAsync(5150 + AUDIO_HOLD_MAX_MS);
    expect(screens.at(-1)).toBe('1 fading');
    expect(audio.playing()).toBeUndefined();
  });

  it('skip stops the clip playing and the next alert starts its own audio', async () => {
    const { audio, player } = setup();
    player.enqueue(textAlert(1));
    player.enqueue(textAlert(2));
    await flush();
    player.skip();
    await flush();
    expect(audio.log).toEqual(['play sound /sound.mp3', 'stop sound', 'play sound /sound.mp3']);
  });
});

describe('speech on the overlay', () => {
  it('asks until the speech is ready and plays it at the streamer’s volume', async () => {
    const answers: OverlaySpeech[] = [
      { status: 'pending' },
      { status: 'pending' },
      { status: 'ready', url: '/media/speech/abc', volume: 60 },
    ];
    let now = 0;
    const clip = await waitForSpeech(async () => answers.shift() ?? { status: 'none' }, {
      now: () => now,
      wait: async (ms) => void (now += ms),
    });
    expect(clip).toEqual({ url: '/media/speech/abc', volume: 0.6 });
  });

  it('a slow provider never stalls the queue: after the fixed wait the alert plays without speech', async () => {
    let now = 0;
    let asked = 0;
    const clip = await waitForSpeech(
      async () => {
        asked += 1;
        return { status: 'pending' };
      },
      { waitMs: 6000, pollMs: 400, now: () => now, wait: async (ms) => void (now += ms) },
    );
    expect(clip).toBeNull();
    expect(now).toBe(6000);
    expect(asked).toBe(16);
  });

  it('a failed or absent speech is not waited for', async () => {
    expect(await waitForSpeech(async () => ({ status: 'failed' }))).toBeNull();
    expect(await waitForSpeech(async () => ({ status: 'none' }))).toBeNull();
  });

  it('orders an alert’s audio: sound, speech, then voice message; hyperemotes are not read', () => {
    const speech = () => Promise.resolve(null);
    const voiceTip = textAlert(1, { type: 'voice', voice_url: '/media/voice/v' });
    const kinds = (alert: OverlayAlert, soundUrl: string | null, isAudible = true) =>
      alertAudioSteps(alert, { soundUrl, isAudible }, speech).map((step) => step.kind);
    expect(kinds(textAlert(1), '/s.mp3')).toEqual(['sound', 'speech']);
    expect(kinds(voiceTip, '/s.mp3')).toEqual(['sound', 'speech', 'voice']);
    expect(kinds(voiceTip, null, false)).toEqual(['speech']);
    expect(kinds(textAlert(1, { type: 'hyperemote' }), '/s.mp3')).toEqual(['sound']);
  });
});
