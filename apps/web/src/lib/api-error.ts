import {
  AUTH_MESSAGES,
  DONATION_MESSAGES,
  GOAL_MESSAGES,
  MODERATION_MESSAGES,
  ONBOARDING_MESSAGES,
  OVERLAY_MESSAGES,
  SETTINGS_MESSAGES,
  SITE_MESSAGES,
  UPLOAD_MESSAGES,
  VOICE_MESSAGES,
  YOUTUBE_MESSAGES,
} from '@shabaash/core';

import { localized, t } from '../i18n/i18n';
import { ApiError, GENERIC_ERROR_MESSAGE } from './api';

/**
 * What the app says for each error code: the API answers `{ error: { code, message } }`, and
 * the page shows the text for the code in the page's language (the `apiError.<code>` messages
 * of the fan catalogs, src/i18n), with no change to the server. Each text is the English the server sends for the code
 * today. Codes whose text depends on the request (`validation_error` names the field and the
 * rule, `already_decided` who decided, `rate_limited` and `file_too_large` differ by endpoint,
 * `not_found`, `bad_request`, `unauthorized`, `forbidden`, `email_taken`, `missing_file`,
 * `below_minimum`, `order_not_found`, `user_not_found`, `invalid_json`, `provider_unavailable`)
 * are not here: their server message is shown, as for any code the catalog does not know.
 */
export const API_ERROR_TEXT: Readonly<Record<string, string>> = localized('apiError', {
  // No usable answer (lib/api.ts makes these codes itself) or a fault on the server's side.
  network_error: GENERIC_ERROR_MESSAGE,
  http_error: GENERIC_ERROR_MESSAGE,
  invalid_response: GENERIC_ERROR_MESSAGE,
  internal_error: GENERIC_ERROR_MESSAGE,
  // Any request.
  invalid_character: 'The request contains a character that is not allowed.',
  body_too_large: 'The request body is too large.',
  unsupported_media_type: 'This content type is not accepted here.',
  // Accounts, dashboards and invites.
  invalid_credentials: AUTH_MESSAGES.invalidCredentials,
  access_denied: "You don't have permission to view this dashboard.",
  streamer_not_found: 'This streamer does not exist.',
  streamer_inactive: DONATION_MESSAGES.streamerNotAccepting,
  invite_invalid: SETTINGS_MESSAGES.inviteInvalid,
  invite_wrong_account: SETTINGS_MESSAGES.inviteWrongAccount,
  password_required: 'Please choose a password.',
  reset_link_invalid: AUTH_MESSAGES.resetLinkInvalid,
  current_password_wrong: AUTH_MESSAGES.currentPasswordWrong,
  session_not_found: AUTH_MESSAGES.sessionNotFound,
  // Verified accounts and "Create your page".
  verification_link_invalid: ONBOARDING_MESSAGES.verificationLinkInvalid,
  email_unverified: ONBOARDING_MESSAGES.emailUnverified,
  already_verified: ONBOARDING_MESSAGES.alreadyVerified,
  too_many_pages: ONBOARDING_MESSAGES.tooManyPages,
  // Admin console.
  slug_taken: 'This slug is already taken.',
  not_a_member: 'This user is not a member.',
  invite_not_found: 'This invite does not exist or was used.',
  default_streamer_unknown: SETTINGS_MESSAGES.defaultStreamerUnknown,
  email_already_registered: SITE_MESSAGES.leadDuplicate,
  // Moderation and Telegram.
  donation_not_found: 'This donation does not exist.',
  not_pending: MODERATION_MESSAGES.notPending,
  moderator_not_found: 'This Telegram user is not linked.',
  // OBS tokens, overlays and widgets.
  missing_token: OVERLAY_MESSAGES.missingToken,
  invalid_token: OVERLAY_MESSAGES.invalidToken,
  token_not_found: 'This token does not exist or is already inactive.',
  // Settings and media.
  media_not_found: 'This file does not exist.',
  media_in_use: 'This file is used by an alert. Change that alert first.',
  media_unknown: SETTINGS_MESSAGES.mediaUnknown,
  not_an_image: SETTINGS_MESSAGES.imageNotImage,
  not_a_sound: SETTINGS_MESSAGES.soundNotAudio,
  sound_not_found: 'This sound does not exist.',
  // Leaderboards and goals.
  leaderboard_hidden: 'This streamer does not show a leaderboard.',
  goal_not_found: GOAL_MESSAGES.noActiveGoal,
  goal_end_in_past: GOAL_MESSAGES.endInPast,
  // Every upload (voice recordings, settings images and sounds).
  malformed_multipart: UPLOAD_MESSAGES.malformed,
  uploads_in_progress: UPLOAD_MESSAGES.tooManyInProgress,
  uploads_busy: UPLOAD_MESSAGES.serverBusy,
  // Voice messages.
  unsupported_audio: VOICE_MESSAGES.unsupported,
  voice_too_short: VOICE_MESSAGES.tooShort,
  voice_too_long: VOICE_MESSAGES.tooLong,
  voice_too_large_for_duration: VOICE_MESSAGES.tooLargeForDuration,
  uploads_full: VOICE_MESSAGES.uploadsFull,
  voice_upload_not_found: VOICE_MESSAGES.uploadNotFound,
  voice_upload_expired: VOICE_MESSAGES.uploadExpired,
  voice_upload_claimed: VOICE_MESSAGES.uploadClaimed,
  voice_not_found: 'This voice message does not exist.',
  // YouTube chat (`youtube_unavailable` names what the operator has not set up: not here).
  youtube_invalid_state: YOUTUBE_MESSAGES.invalidState,
  youtube_exchange_failed: YOUTUBE_MESSAGES.exchangeFailed,
  youtube_no_channel: YOUTUBE_MESSAGES.noChannel,
});

/** The text for a failed API call: the catalog's for its code, else the server's own message. */
export function apiErrorText(error: ApiError): string {
  // Own keys only: a code such as `constructor` must not find Object.prototype's.
  const text = Object.hasOwn(API_ERROR_TEXT, error.code) ? API_ERROR_TEXT[error.code] : undefined;
  return text ?? error.message;
}

/** The text for whatever a request threw: an API error's text, anything else the generic one. */
export function errorText(error: unknown): string {
  return error instanceof ApiError
    ? apiErrorText(error)
    : t('apiError.generic', undefined, GENERIC_ERROR_MESSAGE);
}
