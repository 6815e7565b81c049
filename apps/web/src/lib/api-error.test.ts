// @vitest-environment node
import {
  AUTH_MESSAGES,
  GOAL_MESSAGES,
  MODERATION_MESSAGES,
  OVERLAY_MESSAGES,
  SETTINGS_MESSAGES,
  UPLOAD_MESSAGES,
  VOICE_MESSAGES,
} from '@shabaash/core';
import { describe, expect, it } from 'vitest';

import { ApiError, GENERIC_ERROR_MESSAGE } from './api';
import { API_ERROR_TEXT, apiErrorText, errorText } from './api-error';

describe('apiErrorText', () => {
  it("gives the catalog's text for a known code, whatever the server's words", () => {
    const error = new ApiError(404, 'streamer_not_found', 'Some other words from the server');

    expect(apiErrorText(error)).toBe('This streamer does not exist.');
  });

  it('gives the same English the server sends for the codes core words', () => {
    const cases: Array<[code: string, serverText: string]> = [
      ['invalid_credentials', AUTH_MESSAGES.invalidCredentials],
      ['not_pending', MODERATION_MESSAGES.notPending],
      ['missing_token', OVERLAY_MESSAGES.missingToken],
      ['invalid_token', OVERLAY_MESSAGES.invalidToken],
      ['goal_not_found', GOAL_MESSAGES.noActiveGoal],
      ['not_an_image', SETTINGS_MESSAGES.imageNotImage],
      ['invite_invalid', SETTINGS_MESSAGES.inviteInvalid],
      ['voice_upload_claimed', VOICE_MESSAGES.uploadClaimed],
      ['voice_too_large_for_duration', VOICE_MESSAGES.tooLargeForDuration],
      ['uploads_full', VOICE_MESSAGES.uploadsFull],
      ['malformed_multipart', UPLOAD_MESSAGES.malformed],
      ['uploads_in_progress', UPLOAD_MESSAGES.tooManyInProgress],
    ];
    for (const [code, serverText] of cases) {
      expect(apiErrorText(new ApiError(400, code, serverText))).toBe(serverText);
    }
  });

  it("falls back to the server's message for a code the catalog does not know", () => {
    const error = new ApiError(400, 'validation_error', 'Please enter a display name.');

    expect(apiErrorText(error)).toBe('Please enter a display name.');
  });

  it("does not take Object.prototype's members for catalog entries", () => {
    for (const code of ['constructor', 'toString', '__proto__', 'hasOwnProperty']) {
      expect(apiErrorText(new ApiError(400, code, 'The server said this.'))).toBe(
        'The server said this.',
      );
    }
  });

  it('says the generic words when no answer came', () => {
    for (const code of ['network_error', 'http_error', 'invalid_response', 'internal_error']) {
      expect(apiErrorText(new ApiError(0, code, ''))).toBe(GENERIC_ERROR_MESSAGE);
    }
  });

  it('holds one non-empty text per code', () => {
    for (const [code, text] of Object.entries(API_ERROR_TEXT)) {
      expect(code).toMatch(/^[a-z_]+$/);
      expect(text.trim()).not.toBe('');
    }
  });
});

describe('errorText', () => {
  it("maps an ApiError by its code and falls back to the server's message", () => {
    expect(errorText(new ApiError(409, 'slug_taken', 'x'))).toBe('This slug is already taken.');
    expect(
      errorText(new ApiError(409, 'already_decided', 'This donation was already approved.')),
    ).toBe('This donation was already approved.');
  });

  it('says the generic words for anything that is not an API error', () => {
    expect(errorText(new TypeError('undefined is not a function'))).toBe(GENERIC_ERROR_MESSAGE);
    expect(errorText('a string')).toBe(GENERIC_ERROR_MESSAGE);
  });
});
