import type { OverlayPlaybackReport, OverlaySettings, OverlaySpeech } from '@shabaash/core';

import { ApiError, apiFetch } from '../../lib/api';
import { apiErrorText } from '../../lib/api-error';

/** The overlay's base path on the API for one streamer. */
function overlayPath(slug: string): string {
  return `/api/overlay/${encodeURIComponent(slug)}`;
}

/** What the token check concluded: usable, refused (with the server's words), or unknown. */
export type TokenVerdict =
  | { kind: 'valid'; streamerName: string }
  | { kind: 'invalid'; message: string }
  | { kind: 'unreachable' };

/**
 * `GET /api/overlay/:slug/session` (spec 02 §7, validate_obs_token_secure). A 400 or 401 is the
 * spec's missing or invalid token, with its text; anything else (offline, a 5xx) says nothing
 * about the token, so the overlay keeps trying.
 */
export async function checkOverlayToken(slug: string, token: string): Promise<TokenVerdict> {
  try {
    const session = await apiFetch<{ is_valid: boolean; streamer_name: string }>(
      `${overlayPath(slug)}/session?token=${encodeURIComponent(token)}`,
    );
    return { kind: 'valid', streamerName: session.streamer_name };
  } catch (error) {
    if (error instanceof ApiError && (error.status === 400 || error.status === 401)) {
      return { kind: 'invalid', message: apiErrorText(error) };
    }
    return { kind: 'unreachable' };
  }
}

/** The alert stream's URL; `lastEventId` asks for what was missed since that alert. */
export function overlayEventsUrl(slug: string, token: string, lastEventId: number | null): string {
  const query = new URLSearchParams({ token });
  if (lastEventId !== null) query.set('last_event_id', String(lastEventId));
  return `${overlayPath(slug)}/events?${query.toString()}`;
}

/** Tells the server an alert has played, so a freshly opened overlay will not play it again. */
export async function markAlertShown(slug: string, token: string, alertId: number): Promise<void> {
  await apiFetch<undefined>(
    `${overlayPath(slug)}/alerts/${String(alertId)}/shown?token=${encodeURIComponent(token)}`,
    { method: 'POST' },
  );
}

/** Tells the server what this overlay plays and how many wait (the activity feed shows it). */
export async function reportPlayback(
  slug: string,
  token: string,
  playback: OverlayPlaybackReport,
): Promise<void> {
  await apiFetch<undefined>(`${overlayPath(slug)}/playback?token=${encodeURIComponent(token)}`, {
    method: 'POST',
    body: playback,
  });
}

/** The streamer's alert settings (`GET /api/overlay/:slug/settings`); changes arrive live. */
export function fetchOverlaySettings(slug: string, token: string): Promise<OverlaySettings> {
  return apiFetch<OverlaySettings>(
    `${overlayPath(slug)}/settings?token=${encodeURIComponent(token)}`,
  );
}

/** Where an alert's speech stands (`GET …/alerts/:id/speech`, issue 23): asked until ready. */
export function fetchAlertSpeech(
  slug: string,
  token: string,
  alertId: number,
): Promise<OverlaySpeech> {
  return apiFetch<OverlaySpeech>(
    `${overlayPath(slug)}/alerts/${String(alertId)}/speech?token=${encodeURIComponent(token)}`,
  );
}
