import type { LeaderboardPeriod } from '@shabaash/core';

import { usePageRead } from '../../lib/page-reads';
import { fetchPublicLeaderboard } from './leaderboard.api';

/** The keys of the donation page's leaderboard reads (lib/page-reads.tsx). */
export const leaderboardReadKeys = {
  public: (slug: string, period: LeaderboardPeriod) => `streamers/${slug}/leaderboard/${period}`,
  /** Every period's public leaderboard of a streamer (a key prefix). */
  allPublic: (slug: string) => `streamers/${slug}/leaderboard/`,
};

/** The donation page's leaderboard; re-read whenever the page is opened again. */
export function usePublicLeaderboard(slug: string, period: LeaderboardPeriod) {
  return usePageRead(
    leaderboardReadKeys.public(slug, period),
    () => fetchPublicLeaderboard(slug, period),
    { staleTime: 0 },
  );
}
