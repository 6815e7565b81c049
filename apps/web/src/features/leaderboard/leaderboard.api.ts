import type {
  DashboardLeaderboardResponse,
  LeaderboardPeriod,
  LeaderboardResponse,
  LeaderboardSettings,
  SupporterMergeResponse,
} from '@shabaash/core';

import { apiFetch } from '../../lib/api';

const streamerPath = (slug: string) => `/api/streamers/${encodeURIComponent(slug)}`;

/** The donation page's leaderboard; 404 `leaderboard_hidden` when the streamer opted out. */
export function fetchPublicLeaderboard(
  slug: string,
  period: LeaderboardPeriod,
  signal?: AbortSignal,
): Promise<LeaderboardResponse> {
  return apiFetch<LeaderboardResponse>(`${streamerPath(slug)}/leaderboard?period=${period}`, {
    signal,
  });
}

/** The dashboard's leaderboard (members and admins), with tip counts and the page setting. */
export function fetchDashboardLeaderboard(
  slug: string,
  period: LeaderboardPeriod,
  token: string,
  signal?: AbortSignal,
): Promise<DashboardLeaderboardResponse> {
  return apiFetch<DashboardLeaderboardResponse>(
    `${streamerPath(slug)}/supporters?period=${period}`,
    { token, signal },
  );
}

export function saveLeaderboardSettings(
  slug: string,
  settings: LeaderboardSettings,
  token: string,
): Promise<LeaderboardSettings> {
  return apiFetch<LeaderboardSettings>(`${streamerPath(slug)}/leaderboard-settings`, {
    method: 'PUT',
    body: settings,
    token,
  });
}

/** Merges every supporter row of `name` into one (the same fan from several browsers). */
export function mergeSupporters(
  slug: string,
  name: string,
  token: string,
): Promise<SupporterMergeResponse> {
  return apiFetch<SupporterMergeResponse>(`${streamerPath(slug)}/supporters/merge`, {
    method: 'POST',
    body: { name },
    token,
  });
}
