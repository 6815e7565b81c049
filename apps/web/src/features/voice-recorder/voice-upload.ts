import { apiErrorBodySchema } from '@shabaash/core';

import { ApiError, GENERIC_ERROR_MESSAGE } from '../../lib/api';
import { voiceFileName } from './recorder-format';

export type VoiceUploadResponse = { upload_id: string; duration_ms: number };

function isVoiceUploadResponse(value: unknown): value is VoiceUploadResponse {
  return (
    typeof value === 'object' &&
    value !== null &&
    'upload_id' in value &&
    typeof value.upload_id === 'string' &&
    'duration_ms' in value &&
    typeof value.duration_ms === 'number'
  );
}

/**
 * Sends a finished recording to `POST /api/uploads/voice` as multipart (field `file`, the blob
 * with its real type), before payment; the order then names the returned upload id.
 * Throws `ApiError` like `apiFetch` does (which speaks JSON bodies only), and rethrows aborts.
 */
export async function uploadVoiceRecording(
  recording: Blob,
  signal?: AbortSignal,
): Promise<VoiceUploadResponse> {
  const body = new FormData();
  body.append('file', recording, voiceFileName(recording.type));

  let response: Response;
  let data: unknown;
  try {
    response = await fetch('/api/uploads/voice', {
      method: 'POST',
      headers: { Accept: 'application/json' },
      body,
      signal,
    });
    data = await response.json().catch(() => undefined);
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(0, 'network_error', GENERIC_ERROR_MESSAGE);
  }

  if (!response.ok) {
    const parsed = apiErrorBodySchema.safeParse(data);
    if (parsed.success) {
      throw new ApiError(response.status, parsed.data.error.code, parsed.data.error.message);
    }
    throw new ApiError(response.status, 'http_error', GENERIC_ERROR_MESSAGE);
  }
  if (!isVoiceUploadResponse(data)) {
    throw new ApiError(response.status, 'invalid_response', GENERIC_ERROR_MESSAGE);
  }
  return data;
}
