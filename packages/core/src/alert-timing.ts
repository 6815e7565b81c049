import type { OverlayAlert } from './alerts.ts';

/** Spec 02 §9: how long an alert stays up, and how it types and fades. */
export const ALERT_TIMING = {
  baseMs: 5000,
  hyperemoteMs: 6000,
  voiceMs: 10_000,
  perCharacterMs: 50,
  typingMsPerCharacter: 50,
  /** Below this a message is shown at once: typing that fast only flickers. */
  fastestTypingMsPerCharacter: 10,
  /** The longest a text alert stays unless the streamer sets `text_alert_max_ms` (issue 24). */
  textAlertMaxMs: 15_000,
  fadeClearMs: 500,
  hyperemoteFloatingEmotes: 12,
} as const;

/**
 * How long an alert stays on screen: the variation's duration when it sets one, else 5 s, 6 s
 * for a hyperemote, 10 s for a voice message (or the clip's length if longer), and text alerts
 * add 50 ms per message character. A text alert never stays longer than the streamer's cap
 * (`textAlertMaxMs`, 15 s by default), so a long message does not hold the stream.
 */
export function alertDurationMs(
  alert: Pick<OverlayAlert, 'donation'>,
  options: { variationMs?: number | null; textAlertMaxMs?: number } = {},
): number {
  const { donation } = alert;
  if (donation.voice_url) {
    return options.variationMs ?? Math.max(ALERT_TIMING.voiceMs, donation.voice_duration_ms ?? 0);
  }
  if (donation.type === 'hyperemote') return options.variationMs ?? ALERT_TIMING.hyperemoteMs;
  // A media tip (issue 26) stays for its clip's length (already capped by the streamer's
  // maximum at upload), at least the base 5 s; a GIF loops meanwhile.
  if (donation.media_url) {
    return options.variationMs ?? Math.max(ALERT_TIMING.baseMs, donation.media_duration_ms ?? 0);
  }
  const spec =
    ALERT_TIMING.baseMs + Array.from(donation.message).length * ALERT_TIMING.perCharacterMs;
  return Math.min(
    options.variationMs ?? spec,
    options.textAlertMaxMs ?? ALERT_TIMING.textAlertMaxMs,
  );
}

/**
 * How fast a message is typed on an alert of `durationMs`: 50 ms per character, faster when
 * that would not finish 5 s (the base reading time) before the alert leaves, and 0 (all at
 * once) when even 10 ms per character would not. Characters are counted as people see them.
 */
export function typingMsPerCharacter(message: string, durationMs: number): number {
  const characters = Array.from(message).length;
  if (characters === 0) return ALERT_TIMING.typingMsPerCharacter;
  const fitting = Math.floor(Math.max(0, durationMs - ALERT_TIMING.baseMs) / characters);
  if (fitting < ALERT_TIMING.fastestTypingMsPerCharacter) return 0;
  return Math.min(ALERT_TIMING.typingMsPerCharacter, fitting);
}

/**
 * A reconnecting overlay gets what it missed from this far back, at most. How far back a fresh
 * overlay looks for unshown alerts is the server's ALERT_FRESH_REPLAY_SECONDS.
 */
export const ALERT_REPLAY_WINDOW_MS = 15 * 60_000;
