/**
 * Voice messages (spec 02 §2, §3, §9; issue 6): the upload's limits and words, and the audio
 * player's contract. Shared by the server (which enforces them), the recorder and the player.
 */
export const VOICE_LIMITS = {
  /** Largest file the server reads; it stops reading past this. */
  maxBytes: 10 * 1024 * 1024,
  minDurationMs: 1_000,
  maxDurationMs: 60_000,
  /**
   * A recorder that stops itself at 60 s hands over a frame or two more than that, so the
   * server allows this much over the limit before refusing a clip as too long.
   */
  maxDurationToleranceMs: 500,
  /** An upload must be named by an order within this time; unpaid ones are deleted after it. */
  uploadTtlMs: 24 * 3_600_000,
  /** The audio player lists at most this many messages (the most recent ones, oldest first). */
  playerQueueMax: 200,
} as const;

/** Containers the server accepts, judged by their content (never by name or declared type). */
export const VOICE_CONTAINERS = ['webm', 'ogg', 'mp4', 'mp3'] as const;
export type VoiceContainer = (typeof VOICE_CONTAINERS)[number];

/** The server's answers to a bad upload or a bad voice order. */
export const VOICE_MESSAGES = {
  unsupported: 'This file is not a supported audio recording.',
  missingFile: 'Please attach the voice recording as the "file" field.',
  tooLong: 'Voice messages can be at most 60 seconds long.',
  tooShort: 'Voice messages must be at least 1 second long.',
  tooLarge: 'Voice files can be at most 10 MB.',
  tooLargeForDuration:
    'This file is much larger than a recording of its length can be. Please record it again.',
  uploadsFull:
    'We cannot take voice messages right now. Please try again later, or send your tip without one.',
  tooManyUploads: 'Too many voice uploads. Please wait a minute and try again.',
  uploadNotFound: 'We could not find this voice message. Please record it again.',
  uploadExpired: 'This voice message has expired. Please record it again.',
  uploadClaimed:
    'This voice message is already attached to another donation. Please record it again.',
} as const;

/** One paid, approved voice donation as the audio player shows it (never the phone number). */
export type VoiceMessage = {
  /** The donation's id. */
  id: string;
  name: string;
  amount_paise: number;
  /** Empty when the message is hidden. */
  message: string;
  /** `/media/voice/<upload id>`: served with range support and long caching. */
  voice_url: string;
  duration_ms: number;
  created_at: string;
};

/** `GET /api/streamers/:slug/voice-messages`: oldest first. */
export type VoiceMessagesResponse = {
  streamer: { slug: string; name: string };
  voice_messages: VoiceMessage[];
};

/**
 * The audio player's live stream (`GET /api/streamers/:slug/voice-messages/events`): `ready`
 * once connected (and after every reconnect), then this event for each new playable message.
 */
export const VOICE_MESSAGE_EVENT = 'voice_message';
export type VoiceMessageEventData = {
  donation_id: string;
  /**
   * An alert overlay of the streamer is open, and it plays this clip on stream after the alert
   * sound (issue 24): the audio player then does not auto-play it, so it is heard once.
   */
  on_overlay?: boolean;
};

/** Spec 02 §9: the audio player's defaults. */
export const AUDIO_PLAYER_DEFAULTS = {
  volume: 0.8,
  autoAdvanceDelayMs: 1_000,
} as const;
