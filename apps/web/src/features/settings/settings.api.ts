import type { AlertMedia, ImageSlot, SettingsUpdate, StreamerSettings } from '@shabaash/core';

import { ApiError, GENERIC_ERROR_MESSAGE, apiFetch } from '../../lib/api';

const settingsPath = (slug: string) => `/api/streamers/${encodeURIComponent(slug)}/settings`;

/** Everything the settings tab edits (members and admins). */
export function fetchSettings(
  slug: string,
  token: string,
  signal?: AbortSignal,
): Promise<StreamerSettings> {
  return apiFetch<StreamerSettings>(settingsPath(slug), { token, signal });
}

/** Saves any sections; answers the settings as they now are. */
export function saveSettings(
  slug: string,
  update: SettingsUpdate,
  token: string,
): Promise<StreamerSettings> {
  return apiFetch<StreamerSettings>(settingsPath(slug), { method: 'PATCH', body: update, token });
}

export function uploadImage(
  slug: string,
  slot: ImageSlot,
  file: File,
  token: string,
): Promise<StreamerSettings> {
  return sendFile(`${settingsPath(slug)}/images/${slot}`, 'PUT', file, token);
}

export function removeImage(slug: string, slot: ImageSlot, token: string) {
  return apiFetch<StreamerSettings>(`${settingsPath(slug)}/images/${slot}`, {
    method: 'DELETE',
    token,
  });
}

export function uploadAlertMedia(
  slug: string,
  kind: 'image' | 'sound',
  file: File,
  token: string,
): Promise<AlertMedia> {
  return sendFile(`${settingsPath(slug)}/alert-media/${kind}`, 'POST', file, token);
}

/**
 * A multipart upload (field `file`) with the API's error shape: `apiFetch` speaks JSON only.
 * Failures become the same `ApiError`s, so the forms treat both alike.
 */
async function sendFile<T>(path: string, method: 'PUT' | 'POST', file: File, token: string) {
  const body = new FormData();
  body.append('file', file);
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      body,
      headers: { Accept: 'application/json', Authorization: `Bearer ${token}` },
    });
  } catch {
    throw new ApiError(0, 'network_error', GENERIC_ERROR_MESSAGE);
  }
  const parsed: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const error = (parsed as { error?: { code?: unknown; message?: unknown } } | undefined)?.error;
    if (typeof error?.code === 'string' && typeof error.message === 'string') {
      throw new ApiError(response.status, error.code, error.message);
    }
    throw new ApiError(response.status, 'http_error', GENERIC_ERROR_MESSAGE);
  }
  // The caller states the expected shape, as with apiFetch.
  return parsed as T;
}
