import type { MediaUploadResponse } from '@shabaash/core';

import { ApiError, GENERIC_ERROR_MESSAGE } from '../../lib/api';

/**
 * Sends the fan's file to `POST /api/streamers/:slug/uploads/media` as multipart (field
 * `file`). XMLHttpRequest, not fetch, because only it reports upload progress (a 20 MB clip on
 * a slow connection takes a while). Throws `ApiError` with the server's words on a refusal.
 */
export function uploadMediaTip(
  slug: string,
  file: File,
  onProgress: (fraction: number) => void,
  signal: AbortSignal,
): Promise<MediaUploadResponse> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', `/api/streamers/${encodeURIComponent(slug)}/uploads/media`);
    request.setRequestHeader('Accept', 'application/json');
    request.responseType = 'json';
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      const data: unknown = request.response;
      if (request.status === 201 && isUploadResponse(data)) {
        resolve(data);
        return;
      }
      const error = errorOf(data);
      reject(
        error
          ? new ApiError(request.status, error.code, error.message)
          : new ApiError(request.status, 'http_error', GENERIC_ERROR_MESSAGE),
      );
    };
    request.onerror = () => reject(new ApiError(0, 'network_error', GENERIC_ERROR_MESSAGE));
    request.onabort = () => reject(new DOMException('Aborted', 'AbortError'));
    signal.addEventListener('abort', () => request.abort(), { once: true });
    const body = new FormData();
    body.append('file', file, file.name);
    request.send(body);
  });
}

function isUploadResponse(value: unknown): value is MediaUploadResponse {
  return (
    typeof value === 'object' &&
    value !== null &&
    'upload_id' in value &&
    typeof value.upload_id === 'string'
  );
}

/**
 * The API's `{ error: { code, message } }`, read without zod: the picker's chunk stays apart
 * from the order schemas' (the donation page's lazy-import map grows by every shared chunk).
 */
function errorOf(value: unknown): { code: string; message: string } | null {
  if (typeof value !== 'object' || value === null || !('error' in value)) return null;
  const { error } = value;
  if (typeof error !== 'object' || error === null) return null;
  const code = 'code' in error && typeof error.code === 'string' ? error.code : null;
  const message = 'message' in error && typeof error.message === 'string' ? error.message : null;
  return code && message ? { code, message } : null;
}
