import type { DonationType } from './donations.ts';
import type { MediaTipKind } from './media-tips.ts';

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
    /** A media tip's re-encoded GIF (animated WebP) or video (MP4), when there is one. */
    media_url?: string | null;
    media_kind?: MediaTipKind | null;
    /** How long the overlay shows it: the clip's length, capped by the streamer's maximum. */
    media_duration_ms?: number | null;
    /** The video keeps its sound (the streamer allows audio); otherwise it plays muted. */
    media_has_audio?: boolean;
    /** Paid through the built-in sandbox gateway: no money moved (the card says so). */
    is_sandbox: boolean;
  };
  created_at: string;
};

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
  // A test alert carries its own "Test alert" badge.
  is_sandbox: false,
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
