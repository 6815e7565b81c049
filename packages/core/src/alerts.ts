import type { DonationType } from './donations.ts';

/** Spec 02 §9: how long an alert stays up, and how it types and fades. */
export const ALERT_TIMING = {
  baseMs: 5000,
  hyperemoteMs: 6000,
  voiceMs: 10_000,
  perCharacterMs: 50,
  typingMsPerCharacter: 50,
  fadeClearMs: 500,
  hyperemoteFloatingEmotes: 12,
} as const;

/** An alert as the overlay receives it over its stream; the SSE event id is `alert_id`. */
export type OverlayAlert = {
  alert_id: number;
  kind: 'donation' | 'test';
  donation: {
    id: string | null;
    name: string;
    amount_paise: number;
    type: DonationType;
    /** Empty when the message is hidden. */
    message: string;
    hyperemote_id: string | null;
    /** Where the overlay can fetch the voice clip, when there is one. */
    voice_url: string | null;
    voice_duration_ms: number | null;
  };
  created_at: string;
};

/**
 * How long an alert stays on screen: 5 s, 6 s for a hyperemote, 10 s for a voice message (or
 * the clip's length if longer); text alerts add 50 ms per message character.
 */
export function alertDurationMs(alert: Pick<OverlayAlert, 'donation'>): number {
  const { donation } = alert;
  if (donation.voice_url) return Math.max(ALERT_TIMING.voiceMs, donation.voice_duration_ms ?? 0);
  const base = donation.type === 'hyperemote' ? ALERT_TIMING.hyperemoteMs : ALERT_TIMING.baseMs;
  return base + Array.from(donation.message).length * ALERT_TIMING.perCharacterMs;
}

/** What a test alert shows (Test Alert page and the dashboard's button). */
export const TEST_ALERT_DONATION: OverlayAlert['donation'] = {
  id: null,
  name: 'Shabaash Test',
  amount_paise: 10_000,
  type: 'text',
  message: 'This is a test alert. If you can read this, your overlay works!',
  hyperemote_id: null,
  voice_url: null,
  voice_duration_ms: null,
};

export const OBS_TOKEN_PREFIX = 'obs_';

/** Spec 02 §2 and §8: the overlay's words. */
export const OVERLAY_MESSAGES = {
  validating: 'Validating token...',
  invalidTitle: 'Invalid OBS Token',
  invalidHint: 'Please check your Browser Source URL and token.',
  missingToken:
    'Please provide a valid OBS token in the URL parameters. Format: ?token=your_obs_token',
  invalidToken: 'Invalid or expired OBS token. Please check your token and try again.',
} as const;
