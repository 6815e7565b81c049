import type { LeaderboardPeriod, LeaderboardSettings } from '@shabaash/core';
import { skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { useClearSessionOnUnauthorized } from '../auth/require-session';
import { viewerQueryKey } from '../auth/session-query-keys';
import { useSession } from '../auth/use-session';
import {
  fetchDashboardLeaderboard,
  mergeSupporters,
  saveLeaderboardSettings,
} from './leaderboard.api';

/**
 * The dashboard's leaderboard hooks, apart from the donation page's so that page's chunk never
 * carries session code.
 */

/** One period's leaderboard for the dashboard; waits for the session, signs out on a 401. */
export function useDashboardLeaderboard(slug: string, period: LeaderboardPeriod) {
  const { token, user } = useSession();
  const query = useQuery({
    queryKey: viewerQueryKey(user?.id, 'leaderboard', slug, period),
    queryFn: token
      ? ({ signal }) => fetchDashboardLeaderboard(slug, period, token, signal)
      : skipToken,
    staleTime: 0,
  });
  useClearSessionOnUnauthorized(query.error);
  return query;
}

/** Turns the donation page's leaderboard on or off, then re-reads the dashboard's boards. */
export function useSaveLeaderboardSettings(slug: string) {
  const { token, user } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: LeaderboardSettings) => {
      if (!token) throw new Error('Not signed in.');
      return saveLeaderboardSettings(slug, settings, token);
    },
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: viewerQueryKey(user?.id, 'leaderboard', slug) }),
  });
}

/** Merges the rows of one supporter name, then re-reads the dashboard's boards. */
export function useMergeSupporters(slug: string) {
  const { token, user } = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => {
      if (!token) throw new Error('Not signed in.');
      return mergeSupporters(slug, name, token);
    },
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: viewerQueryKey(user?.id, 'leaderboard', slug) }),
  });
}
