import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';

import { goalQueryKeys } from '../goals/goals.queries';
import { leaderboardQueryKeys } from '../leaderboard/leaderboard.queries';
import {
  fetchPublicStreamer,
  fetchRecentDonations,
  profileEventsUrl,
  type DonationStreamer,
} from './donation.api';
import { ProfileStream, type ProfileStreamOptions } from './profile-stream';

export const donationQueryKeys = {
  streamer: (slug: string) => ['streamers', slug, 'public'] as const,
  recentDonations: (slug: string) => ['streamers', slug, 'recent-donations'] as const,
};

/** The public profile behind a donation page (also read by the status page for its theme). */
export function usePublicStreamer(slug: string, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: donationQueryKeys.streamer(slug),
    queryFn: ({ signal }) => fetchPublicStreamer(slug, signal),
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
  queryClient: QueryClient,
  slug: string,
): Pick<ProfileStreamOptions, 'onReady' | 'onStreamer' | 'onDonations'> {
  const reloadLists = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: donationQueryKeys.recentDonations(slug) }),
      queryClient.invalidateQueries({ queryKey: leaderboardQueryKeys.allPublic(slug) }),
      queryClient.invalidateQueries({ queryKey: goalQueryKeys.goal(slug) }),
    ]);
  return {
    onReady: (isReconnect) => {
      if (!isReconnect) return;
      void queryClient.invalidateQueries({ queryKey: donationQueryKeys.streamer(slug) });
      void reloadLists();
    },
    onStreamer: (data) => {
      try {
        // The server's presented public profile, the same shape GET /api/streamers/:slug answers.
        const profile = JSON.parse(data) as DonationStreamer;
        queryClient.setQueryData(donationQueryKeys.streamer(slug), profile);
      } catch {
        // A frame that does not parse leaves the page as it is.
      }
    },
    onDonations: () => void reloadLists(),
  };
}

/** Keeps the donation page current while it is open: its profile and its public lists. */
export function useLiveStreamerProfile(slug: string) {
  const queryClient = useQueryClient();

  useEffect(() => {
    const stream = new ProfileStream({
      url: profileEventsUrl(slug),
      ...liveProfileHandlers(queryClient, slug),
    });
    stream.start();
    return () => stream.stop();
  }, [slug, queryClient]);
}

/** The Recent Support list of the simple form (spec 02 §2, CodeLive and ArtCreate). */
export function useRecentDonations(slug: string) {
  return useQuery({
    queryKey: donationQueryKeys.recentDonations(slug),
    queryFn: ({ signal }) => fetchRecentDonations(slug, signal),
  });
}
