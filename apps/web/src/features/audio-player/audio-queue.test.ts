import type { VoiceMessage } from '@shabaash/core';
import { describe, expect, it } from 'vitest';

import { AUDIO_PLAYER_TEXT } from './audio-player.constants';
import {
  clipSeconds,
  formatSeconds,
  neighbourId,
  selectedIndex,
  shouldAutoPlayArrival,
} from './audio-queue';

const message = (id: string): VoiceMessage => ({
  id,
  name: `Fan ${id}`,
  amount_paise: 5100,
  message: '',
  voice_url: `/media/voice/${id}`,
  duration_ms: 3000,
  created_at: '2026-01-01T00:00:00.000Z',
});
const queue = ['a', 'b', 'c'].map(message);

describe('audio queue', () => {
  it('selects the first message by default and follows the selected id', () => {
    expect(selectedIndex([], null)).toBe(-1);
    expect(selectedIndex(queue, null)).toBe(0);
    expect(selectedIndex(queue, 'c')).toBe(2);
    expect(selectedIndex(queue, 'gone')).toBe(0);
  });

  it('moves to neighbours and stops at the ends', () => {
    expect(neighbourId(queue, 'a', 1)).toBe('b');
    expect(neighbourId(queue, 'b', -1)).toBe('a');
    expect(neighbourId(queue, 'a', -1)).toBeNull();
    expect(neighbourId(queue, 'c', 1)).toBeNull();
    expect(neighbourId([], null, 1)).toBeNull();
  });

  it('auto-plays an arrival only when switched on and idle', () => {
    expect(shouldAutoPlayArrival({ autoPlay: true, isPlaying: false, isKnown: true })).toBe(true);
    expect(shouldAutoPlayArrival({ autoPlay: true, isPlaying: true, isKnown: true })).toBe(false);
    expect(shouldAutoPlayArrival({ autoPlay: false, isPlaying: false, isKnown: true })).toBe(false);
    expect(shouldAutoPlayArrival({ autoPlay: true, isPlaying: false, isKnown: false })).toBe(false);
  });

  it("falls back to the server's duration for WebM the browser cannot measure", () => {
    expect(clipSeconds(Number.POSITIVE_INFINITY, 3000)).toBe(3);
    expect(clipSeconds(Number.NaN, 2500)).toBe(2.5);
    expect(clipSeconds(4.2, 3000)).toBe(4.2);
  });

  it('formats clock times and the spec texts', () => {
    expect(formatSeconds(7.4)).toBe('0:07');
    expect(formatSeconds(65)).toBe('1:05');
    expect(formatSeconds(Number.NaN)).toBe('0:00');
    expect(AUDIO_PLAYER_TEXT.position(2, 5)).toBe('2 of 5 voice messages');
    expect(AUDIO_PLAYER_TEXT.title('Tech Gamer')).toBe('Tech Gamer — Voice Messages');
  });
});

describe('one owner per clip (issue 24)', () => {
  it('does not auto-play a new message that an open overlay plays on stream', () => {
    const arrival = { autoPlay: true, isPlaying: false, isKnown: true };
    expect(shouldAutoPlayArrival(arrival)).toBe(true);
    expect(shouldAutoPlayArrival({ ...arrival, isOnOverlay: true })).toBe(false);
  });
});
