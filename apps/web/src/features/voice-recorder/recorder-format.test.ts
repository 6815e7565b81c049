import { describe, expect, it } from 'vitest';

import { formatClock, pickRecorderMimeType, voiceFileName } from './recorder-format';

describe('pickRecorderMimeType', () => {
  const supports =
    (...types: string[]) =>
    (type: string) =>
      types.includes(type);

  it('prefers Ogg Opus, as Firefox records it', () => {
    expect(pickRecorderMimeType(supports('audio/webm;codecs=opus', 'audio/ogg;codecs=opus'))).toBe(
      'audio/ogg;codecs=opus',
    );
  });

  it('takes WebM Opus in Chromium', () => {
    expect(pickRecorderMimeType(supports('audio/webm', 'audio/webm;codecs=opus'))).toBe(
      'audio/webm;codecs=opus',
    );
  });

  it('falls back to plain WebM, then MP4 for Safari', () => {
    expect(pickRecorderMimeType(supports('audio/webm', 'audio/mp4'))).toBe('audio/webm');
    expect(pickRecorderMimeType(supports('audio/mp4'))).toBe('audio/mp4');
  });

  it('lets the browser choose when nothing matches or it cannot say', () => {
    expect(pickRecorderMimeType(supports('audio/wav'))).toBe('');
    expect(pickRecorderMimeType(undefined)).toBe('');
  });
});

describe('voiceFileName', () => {
  it.each([
    ['audio/ogg;codecs=opus', 'voice-message.ogg'],
    ['audio/webm;codecs=opus', 'voice-message.webm'],
    ['audio/webm', 'voice-message.webm'],
    ['audio/mp4', 'voice-message.m4a'],
    ['audio/mp4; codecs="mp4a.40.2"', 'voice-message.m4a'],
    ['AUDIO/MPEG', 'voice-message.mp3'],
    ['', 'voice-message'],
    ['application/octet-stream', 'voice-message'],
  ])('%s → %s', (type, name) => {
    expect(voiceFileName(type)).toBe(name);
  });
});

describe('formatClock', () => {
  it.each([
    [0, '0:00'],
    [999, '0:00'],
    [7_400, '0:07'],
    [59_999, '0:59'],
    [60_000, '1:00'],
    [-5, '0:00'],
  ])('%i ms → %s', (milliseconds, text) => {
    expect(formatClock(milliseconds)).toBe(text);
  });
});
