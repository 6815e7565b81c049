import type { SpeechPreviewRequest, SpeechSettings, SpeechSettingsResponse } from '@shabaash/core';

import { apiFetch } from '../../lib/api';

const speechPath = (slug: string) => `/api/streamers/${encodeURIComponent(slug)}`;

/** The page's speech settings, its provider and the voices it may choose (issue 23). */
export function fetchSpeechSettings(
  slug: string,
  token: string,
  signal?: AbortSignal,
): Promise<SpeechSettingsResponse> {
  return apiFetch<SpeechSettingsResponse>(`${speechPath(slug)}/speech-settings`, { token, signal });
}

export function saveSpeechSettings(
  slug: string,
  settings: SpeechSettings,
  token: string,
): Promise<SpeechSettingsResponse> {
  return apiFetch<SpeechSettingsResponse>(`${speechPath(slug)}/speech-settings`, {
    method: 'PUT',
    body: settings,
    token,
  });
}

/** Renders a sample tip with the settings being edited; answers where its clip is. */
export function previewSpeech(
  slug: string,
  request: SpeechPreviewRequest,
  token: string,
): Promise<{ url: string }> {
  return apiFetch<{ url: string }>(`${speechPath(slug)}/speech-preview`, {
    method: 'POST',
    body: request,
    token,
  });
}
