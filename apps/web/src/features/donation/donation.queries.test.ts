import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';

import { goalQueryKeys } from '../goals/goals.queries';
import { leaderboardQueryKeys } from '../leaderboard/leaderboard.queries';
import { donationQueryKeys, liveProfileHandlers } from './donation.queries';

const SLUG = 'tips';
const keys = {
  profile: donationQueryKeys.streamer(SLUG),
  recent: donationQueryKeys.recentDonations(SLUG),
  today: leaderboardQueryKeys.public(SLUG, 'today'),
  allTime: leaderboardQueryKeys.public(SLUG, 'all'),
  goal: goalQueryKeys.goal(SLUG),
  otherRecent: donationQueryKeys.recentDonations('someone-else'),
};

/** A cache holding every list the donation page shows, none of them stale yet. */
function loadedCache() {
  const queryClient = new QueryClient();
  for (const key of Object.values(keys)) queryClient.setQueryData(key, { loaded: true });
  const stale = () =>
    Object.entries(keys)
      .filter(([, key]) => queryClient.getQueryState(key)?.isInvalidated)
      .map(([name]) => name);
  return { queryClient, stale };
}

describe('liveProfileHandlers (the donation page’s live updates)', () => {
  it('reads Recent Support, every leaderboard period and the goal again when a tip joins them', () => {
    const { queryClient, stale } = loadedCache();
    liveProfileHandlers(queryClient, SLUG).onDonations();
    expect(stale()).toEqual(['recent', 'today', 'allTime', 'goal']);
  });

  it('replaces the profile with the one the stream sends, reading nothing again', () => {
    const { queryClient, stale } = loadedCache();
    liveProfileHandlers(queryClient, SLUG).onStreamer('{"slug":"tips","name":"Renamed"}');
    expect(queryClient.getQueryData(keys.profile)).toEqual({ slug: 'tips', name: 'Renamed' });
    liveProfileHandlers(queryClient, SLUG).onStreamer('not json');
    expect(queryClient.getQueryData(keys.profile)).toEqual({ slug: 'tips', name: 'Renamed' });
    expect(stale()).toEqual([]);
  });

  it('reads everything again after a reconnect, and nothing on the first connect', () => {
    const { queryClient, stale } = loadedCache();
    const handlers = liveProfileHandlers(queryClient, SLUG);
    handlers.onReady(false);
    expect(stale()).toEqual([]);
    handlers.onReady(true);
    expect(stale()).toEqual(['profile', 'recent', 'today', 'allTime', 'goal']);
  });
});
