import type { LeaderboardPeriod } from '@shabaash/core';
import { useQuery } from '@tanstack/react-query';

import { fetchPublicLeaderboard } from './leaderboard.api';

export const leaderboardQueryKeys = {
  public: (slug: string, period: LeaderboardPeriod) =>
    ['streamers', slug, 'leaderboard', period] as const,
  /** Every period's public leaderboard of a streamer. */
  allPublic: (slug: string) => ['streamers', slug, 'leaderboard'] as const,
};

/** The donation page's leaderboard; re-read whenever the page is opened again. */
export function usePublicLeaderboard(slug: string, period: LeaderboardPeriod) {
  return useQuery({
    queryKey: leaderboardQueryKeys.public(slug, period),
    queryFn: ({ signal }) => fetchPublicLeaderboard(slug, period, signal),
    staleTime: 0,
  });
}
