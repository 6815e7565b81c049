import type {
  YoutubeChatSettings,
  YoutubeChatStatus,
  YoutubeConnectComplete,
} from '@shabaash/core';

import { apiFetch } from '../../lib/api';

const youtubePath = (slug: string) => `/api/streamers/${encodeURIComponent(slug)}/youtube`;

/** The page's YouTube chat connection, settings, last problem and quota use (issue 30). */
export function fetchYoutubeChat(
  slug: string,
  token: string,
  signal?: AbortSignal,
): Promise<YoutubeChatStatus> {
  return apiFetch<YoutubeChatStatus>(youtubePath(slug), { token, signal });
}

export function saveYoutubeChatSettings(
  slug: string,
  settings: YoutubeChatSettings,
  token: string,
): Promise<YoutubeChatStatus> {
  return apiFetch<YoutubeChatStatus>(`${youtubePath(slug)}/settings`, {
    method: 'PUT',
    body: settings,
    token,
  });
}

/** Starts Google's consent: answers the URL the browser goes to. */
export function startYoutubeConnect(
  slug: string,
  token: string,
): Promise<{ authorization_url: string }> {
  return apiFetch<{ authorization_url: string }>(`${youtubePath(slug)}/connect`, {
    method: 'POST',
    token,
  });
}

/** Hands over what Google sent back; the server checks it against this session. */
export function completeYoutubeConnect(
  slug: string,
  body: YoutubeConnectComplete,
  token: string,
): Promise<YoutubeChatStatus> {
  return apiFetch<YoutubeChatStatus>(`${youtubePath(slug)}/connect/complete`, {
    method: 'POST',
    body,
    token,
  });
}

export function disconnectYoutube(slug: string, token: string): Promise<YoutubeChatStatus> {
  return apiFetch<YoutubeChatStatus>(youtubePath(slug), { method: 'DELETE', token });
}
