import type { OverlayAlert } from './alerts.ts';
import type { DonationType } from './donations.ts';
import type { ModerationStatus, PaymentStatus } from './alertable.ts';

/**
 * What a streamer (or a linked Telegram moderator) can tell every overlay during a stream
 * (issue 24): replay a past alert, skip the one on screen, pause or resume the queue, mute or
 * unmute sound and speech, clear the alerts waiting.
 */
export const STREAM_CONTROL_ACTIONS = [
  'replay',
  'skip',
  'pause',
  'resume',
  'mute',
  'unmute',
  'clear',
] as const;
export type StreamControlAction = (typeof STREAM_CONTROL_ACTIONS)[number];

/** Pause and mute as they stand; a freshly opened overlay starts this way. */
export type StreamControlFlags = { is_paused: boolean; is_muted: boolean };

/**
 * The overlay stream's `control` event. `state` comes first on every connect (the flags as
 * they stand); the others are live commands. A replay arrives as its own `replay` event.
 */
export type OverlayControl =
  | ({ action: 'state' } & StreamControlFlags)
  | { action: 'skip' | 'pause' | 'resume' | 'mute' | 'unmute' | 'clear' };

/**
 * The overlay stream's `replay` event: a past alert played again on purpose. `replay_id` is
 * new for every press, so one press plays once and two presses play twice.
 */
export type OverlayReplay = { replay_id: string; alert: OverlayAlert };

/** What an overlay reports after each change: the alert on screen and how many wait. */
export type OverlayPlaybackReport = { playing_alert_id: number | null; waiting: number };

/** `GET /api/streamers/:slug/stream-control`, and the dashboard stream's `playback` event. */
export type StreamControlState = StreamControlFlags & OverlayPlaybackReport;

/** One row of the activity feed: a tip in whatever state it is, or a test alert. */
export type ActivityItem = {
  /** The donation's id, or `test:<alert id>` for a test alert. */
  id: string;
  kind: 'donation' | 'test';
  /** Set once the tip may play (and for test alerts): what replay needs. */
  alert_id: number | null;
  name: string;
  amount_paise: number;
  type: DonationType;
  message: string;
  message_visible: boolean;
  /** Null for a test alert. */
  payment_status: PaymentStatus | null;
  moderation_status: ModerationStatus | null;
  /** Whether replay may play it now (paid, approved and visible, or a test). */
  is_replayable: boolean;
  created_at: string;
  /** When an overlay first played it (null: not yet). */
  shown_at: string | null;
};

/** `GET /api/streamers/:slug/activity`: newest first. */
export type ActivityFeed = { items: ActivityItem[] };
