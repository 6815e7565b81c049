import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';

import {
  fetchPublicStreamer,
  fetchRecentDonations,
  profileEventsUrl,
  type DonationStreamer,
} from './donation.api';

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
 * Keeps the donation page's profile current while it is open: each `streamer` event replaces
 * the cached profile, so a change in the settings tab shows without a reload. After a dropped
 * connection (EventSource reconnects by itself) the profile is read anew, as changes made
 * meanwhile were not heard.
 */
export function useLiveStreamerProfile(slug: string) {
  const queryClient = useQueryClient();

  useEffect(() => {
    const source = new EventSource(profileEventsUrl(slug));
    let hasConnected = false;
    const handleReady = () => {
      if (hasConnected)
        void queryClient.invalidateQueries({ queryKey: donationQueryKeys.streamer(slug) });
      hasConnected = true;
    };
    const handleStreamer = (event: MessageEvent<unknown>) => {
      if (typeof event.data !== 'string') return;
      try {
        // The server's presented public profile, the same shape GET /api/streamers/:slug answers.
        const profile = JSON.parse(event.data) as DonationStreamer;
        queryClient.setQueryData(donationQueryKeys.streamer(slug), profile);
      } catch {
        // A frame that does not parse leaves the page as it is.
      }
    };
    source.addEventListener('ready', handleReady);
    source.addEventListener('streamer', handleStreamer);
    return () => source.close();
  }, [slug, queryClient]);
}

/** The Recent Support list of the simple form (spec 02 §2, CodeLive and ArtCreate). */
export function useRecentDonations(slug: string) {
  return useQuery({
    queryKey: donationQueryKeys.recentDonations(slug),
    queryFn: ({ signal }) => fetchRecentDonations(slug, signal),
  });
}
