import { describe, expect, it } from 'vitest';
import { TEST_ALERT_DONATION } from './alerts.ts';
import { alertDurationMs, typingMsPerCharacter } from './alert-timing.ts';

const alertOf = (donation: Partial<typeof TEST_ALERT_DONATION>) => ({
  donation: { ...TEST_ALERT_DONATION, message: '', ...donation },
});

describe('alertDurationMs', () => {
  it('shows a text alert 5 s plus 50 ms per message character', () => {
    expect(alertDurationMs(alertOf({ message: '' }))).toBe(5000);
    expect(alertDurationMs(alertOf({ message: 'Great stream!' }))).toBe(5000 + 13 * 50);
  });

  it('counts an emoji as one character', () => {
    expect(alertDurationMs(alertOf({ message: '🔥🔥' }))).toBe(5100);
  });

  it('shows a hyperemote 6 s', () => {
    expect(alertDurationMs(alertOf({ type: 'hyperemote' }))).toBe(6000);
  });

  it('shows a voice message 10 s, or the clip’s length when longer', () => {
    const voice = { type: 'voice', voice_url: '/media/voice/1', message: 'hi' } as const;
    expect(alertDurationMs(alertOf({ ...voice, voice_duration_ms: 4000 }))).toBe(10_000);
    expect(alertDurationMs(alertOf({ ...voice, voice_duration_ms: 25_000 }))).toBe(25_000);
  });

  it('caps a text alert at the streamer’s limit (15 s unless set), its variation’s too', () => {
    const long = alertOf({ message: 'a'.repeat(500) });
    expect(alertDurationMs(long)).toBe(15_000);
    expect(alertDurationMs(long, { textAlertMaxMs: 8000 })).toBe(8000);
    expect(alertDurationMs(long, { variationMs: 40_000, textAlertMaxMs: 20_000 })).toBe(20_000);
    expect(alertDurationMs(alertOf({ message: 'hi' }), { variationMs: 3000 })).toBe(3000);
    // Only text alerts: a long voice clip still plays to its end.
    const voice = {
      type: 'voice',
      voice_url: '/media/voice/1',
      voice_duration_ms: 25_000,
    } as const;
    expect(alertDurationMs(alertOf(voice), { textAlertMaxMs: 5000 })).toBe(25_000);
  });
});

describe('typingMsPerCharacter', () => {
  it('types 50 ms per character when the message fits with 5 s left to read it', () => {
    expect(typingMsPerCharacter('Great stream!', 5650)).toBe(50);
  });

  it('types faster so a long message is typed out 5 s before the alert leaves', () => {
    expect(typingMsPerCharacter('a'.repeat(500), 15_000)).toBe(20);
    expect(typingMsPerCharacter('🔥'.repeat(100), 10_000)).toBe(50);
  });

  it('shows the message at once when there is no time to type it', () => {
    expect(typingMsPerCharacter('a'.repeat(500), 5000)).toBe(0);
    expect(typingMsPerCharacter('a'.repeat(5000), 6000)).toBe(0);
  });
});
