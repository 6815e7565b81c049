import type {
  GoalResponse,
  LeaderboardPeriod,
  WidgetLeaderboardResponse,
  WidgetRecentResponse,
} from '@shabaash/core';

import { apiFetch } from '../../lib/api';

const widgetPath = (slug: string, kind: string, query: Record<string, string>) =>
  `/api/overlay/${encodeURIComponent(slug)}/widgets/${kind}?${new URLSearchParams(query).toString()}`;

export function fetchWidgetLeaderboard(
  slug: string,
  token: string,
  options: { period: LeaderboardPeriod; limit: number },
  signal?: AbortSignal,
) {
  return apiFetch<WidgetLeaderboardResponse>(
    widgetPath(slug, 'leaderboard', {
      token,
      period: options.period,
      limit: String(options.limit),
    }),
    { signal },
  );
}

export function fetchWidgetGoal(slug: string, token: string, signal?: AbortSignal) {
  return apiFetch<GoalResponse>(widgetPath(slug, 'goal', { token }), { signal });
}

export function fetchWidgetRecent(slug: string, token: string, signal?: AbortSignal) {
  return apiFetch<WidgetRecentResponse>(widgetPath(slug, 'recent', { token }), {
    signal,
  });
}
