import { describe, expect, it } from 'vitest';

import { PageReads } from '../../lib/page-reads';
import { publicGoalReadKey } from '../goals/public-goal.reads';
import { leaderboardReadKeys } from '../leaderboard/leaderboard.queries';
import { donationReadKeys, liveProfileHandlers } from './donation.queries';

const SLUG = 'tips';
const keys = {
  profile: donationReadKeys.streamer(SLUG),
  recent: donationReadKeys.recentDonations(SLUG),
  today: leaderboardReadKeys.public(SLUG, 'today'),
  allTime: leaderboardReadKeys.public(SLUG, 'all'),
  goal: publicGoalReadKey(SLUG),
  otherRecent: donationReadKeys.recentDonations('someone-else'),
};

/** A cache holding every list the donation page shows, none of them stale yet. */
function loadedCache() {
  const reads = new PageReads();
  for (const key of Object.values(keys)) reads.set(key, { loaded: true });
  const stale = () =>
    Object.entries(keys)
      .filter(([, key]) => reads.isInvalidated(key))
      .map(([name]) => name);
  return { reads, stale };
}

describe('liveProfileHandlers (the donation page’s live updates)', () => {
  it('reads Recent Support, every leaderboard period and the goal again when a tip joins them', () => {
    const { reads, stale } = loadedCache();
    liveProfileHandlers(reads, SLUG).onDonations();
    expect(stale()).toEqual(['recent', 'today', 'allTime', 'goal']);
  });

  it('replaces the profile with the one the stream sends, reading nothing again', () => {
    const { reads, stale } = loadedCache();
    liveProfileHandlers(reads, SLUG).onStreamer('{"slug":"tips","name":"Renamed"}');
    expect(reads.get(keys.profile)).toEqual({ slug: 'tips', name: 'Renamed' });
    liveProfileHandlers(reads, SLUG).onStreamer('not json');
    expect(reads.get(keys.profile)).toEqual({ slug: 'tips', name: 'Renamed' });
    expect(stale()).toEqual([]);
  });

  it('reads everything again after a reconnect, and nothing on the first connect', () => {
    const { reads, stale } = loadedCache();
    const handlers = liveProfileHandlers(reads, SLUG);
    handlers.onReady(false);
    expect(stale()).toEqual([]);
    handlers.onReady(true);
    expect(stale()).toEqual(['profile', 'recent', 'today', 'allTime', 'goal']);
  });
});
