import { useEffect } from 'react';

import { usePageRead, usePageReads, type PageReads } from '../../lib/page-reads';
import { publicGoalReadKey } from '../goals/public-goal.reads';
import { leaderboardReadKeys } from '../leaderboard/leaderboard.queries';
import {
  fetchPublicStreamer,
  fetchRecentDonations,
  profileEventsUrl,
  type DonationStreamer,
} from './donation.api';
import { ProfileStream, type ProfileStreamOptions } from './profile-stream';

/** The keys of the donation page's reads (lib/page-reads.tsx; a prefix invalidates many). */
export const donationReadKeys = {
  streamer: (slug: string) => `streamers/${slug}/public`,
  recentDonations: (slug: string) => `streamers/${slug}/recent-donations`,
};

/** The public profile behind a donation page (also read by the status page for its theme). */
export function usePublicStreamer(slug: string, options: { enabled?: boolean } = {}) {
  return usePageRead(donationReadKeys.streamer(slug), () => fetchPublicStreamer(slug), {
    enabled: options.enabled ?? true,
  });
}

/**
 * What the donation page does with its live stream's events (apart from React, so a test can
 * drive it): a new profile replaces the cached one; a tip that joined the public lists has
 * Recent Support, the leaderboard and the goal read again (the public endpoints decide what
 * shows); after a reconnect all of them are, as changes made meanwhile went unheard.
 */
export function liveProfileHandlers(
  reads: PageReads,
  slug: string,
): Pick<ProfileStreamOptions, 'onReady' | 'onStreamer' | 'onDonations'> {
  const reloadLists = () =>
    Promise.all([
      reads.invalidate(donationReadKeys.recentDonations(slug)),
      reads.invalidate(leaderboardReadKeys.allPublic(slug)),
      reads.invalidate(publicGoalReadKey(slug)),
    ]);
  return {
    onReady: (isReconnect) => {
      if (!isReconnect) return;
      void reads.invalidate(donationReadKeys.streamer(slug));
      void reloadLists();
    },
    onStreamer: (data) => {
      try {
        // The server's presented public profile, the same shape GET /api/streamers/:slug answers.
        const profile = JSON.parse(data) as DonationStreamer;
        reads.set(donationReadKeys.streamer(slug), profile);
      } catch {
        // A frame that does not parse leaves the page as it is.
      }
    },
    onDonations: () => void reloadLists(),
  };
}

/** Keeps the donation page current while it is open: its profile and its public lists. */
export function useLiveStreamerProfile(slug: string) {
  const reads = usePageReads();

  useEffect(() => {
    const stream = new ProfileStream({
      url: profileEventsUrl(slug),
      ...liveProfileHandlers(reads, slug),
    });
    stream.start();
    return () => stream.stop();
  }, [slug, reads]);
}

/** The Recent Support list of the simple form (spec 02 §2, CodeLive and ArtCreate). */
export function useRecentDonations(slug: string) {
  return usePageRead(donationReadKeys.recentDonations(slug), () => fetchRecentDonations(slug));
}
