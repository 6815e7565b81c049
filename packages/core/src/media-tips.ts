/**
 * Media tips (issue 26): a fan's GIF or short video shown with the alert. The limits, the
 * streamer's settings and the words, shared by the server (which enforces them), the donation
 * page's picker, the settings page and the overlay. No zod here.
 */

export const MEDIA_TIP_LIMITS = {
  /** The hard cap on an upload, whatever the streamer sets (spec 01 §9: "up to 50MB"). */
  maxBytes: 50 * 1024 * 1024,
  /** The longest a streamer may allow. */
  maxDurationMs: 30_000,
  minDurationMs: 1_000,
  /** A clip this much longer than the limit still passes (encoders round frame times). */
  durationToleranceMs: 500,
  /** Unpaid uploads are deleted after this (as for voice messages). */
  uploadTtlMs: 24 * 3_600_000,
  /** The re-encoded output's largest side: 720p video, 720 px images. */
  maxOutputHeight: 720,
  maxOutputWidth: 1280,
} as const;

/** What the re-encoded file is: an animated WebP image or an MP4/H.264 video. */
export type MediaTipKind = 'image' | 'video';

/** A streamer's media-tip settings (no row: these defaults; off until the streamer turns it on). */
export type MediaTipSettings = {
  enabled: boolean;
  min_amount_paise: number;
  max_bytes: number;
  max_duration_ms: number;
  allow_audio: boolean;
  /** Media tips wait for a moderator whatever the page's moderation mode (default on). */
  hold_for_review: boolean;
};

export const DEFAULT_MEDIA_TIP_SETTINGS: MediaTipSettings = {
  enabled: false,
  min_amount_paise: 5_000,
  max_bytes: 20 * 1024 * 1024,
  max_duration_ms: 10_000,
  allow_audio: false,
  hold_for_review: true,
};

/** `GET /api/streamers/:slug/media-tips/settings`: the settings and whether video works here. */
export type MediaTipSettingsResponse = {
  settings: MediaTipSettings;
  /** False when this server has no ffmpeg: only GIF/WebP tips are taken. */
  video_available: boolean;
};

/** What the donation page needs to offer media tips (null: not offered). */
export type PublicMediaTips = {
  min_amount_paise: number;
  max_bytes: number;
  max_duration_ms: number;
  video_available: boolean;
};

/** `POST /api/streamers/:slug/uploads/media`. */
export type MediaUploadResponse = {
  upload_id: string;
  kind: MediaTipKind;
  duration_ms: number;
};

/** The file types a fan may pick (the server judges the bytes, not these). */
export const MEDIA_TIP_ACCEPT = {
  image: ['image/gif', 'image/webp'],
  video: ['video/mp4', 'video/webm'],
} as const;

const megabytes = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;
const seconds = (ms: number) => `${Math.round(ms / 1000)} seconds`;

export const MEDIA_TIP_MESSAGES = {
  unsupported: 'This file is not a supported GIF, WebP, MP4 or WEBM file.',
  videoUnavailable: 'Video tips are not available here right now. Please send a GIF instead.',
  tooLarge: (maxBytes: number) =>
    `This file is too large. Media tips can be at most ${megabytes(maxBytes)}.`,
  tooLong: (maxMs: number) =>
    `This clip is too long. Media tips can be at most ${seconds(maxMs)} long.`,
  tooShort: 'This clip is too short to show.',
  tooBig: 'This file has too many pixels or frames to show.',
  missingFile: 'Please attach the GIF or video as the "file" field.',
  notOffered: 'This streamer does not take GIF or video tips.',
  belowMinimum: (paise: number) =>
    `The minimum amount for a GIF or video tip is ₹${(paise / 100).toFixed(paise % 100 === 0 ? 0 : 2)}.`,
  mediaRequired: 'Please choose a GIF or video for your tip.',
  uploadNotFound: 'We could not find this GIF or video. Please choose it again.',
  uploadExpired: 'This GIF or video has expired. Please choose it again.',
  uploadClaimed: 'This GIF or video is already attached to another tip. Please choose it again.',
  uploadWrongPage: 'This GIF or video was uploaded for another page. Please choose it again.',
  tooManyUploads: 'Too many uploads. Please wait a minute and try again.',
  uploadsFull: 'We cannot take GIFs or videos right now. Please try again later.',
  processingFailed: 'We could not process this file. Please try another one.',
  /** Settings page. */
  ffmpegMissing:
    'Video tips are off: this server has no ffmpeg (install Debian’s ffmpeg package or set FFMPEG_PATH). GIF and WebP tips still work.',
  holdOffWarning:
    'Without review, a fan’s GIF or video goes on stream as soon as it is paid (unless the page’s moderation holds it). Anyone can upload anything.',
} as const;
