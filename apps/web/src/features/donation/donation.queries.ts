import { useMutation, useQuery } from '@tanstack/react-query';
import type { OrderRequest } from '@shabaash/core';

import { createOrder, fetchPublicStreamer, fetchRecentDonations } from './donation.api';

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

/** The Recent Support list of the simple form (spec 02 §2, CodeLive and ArtCreate). */
export function useRecentDonations(slug: string) {
  return useQuery({
    queryKey: donationQueryKeys.recentDonations(slug),
    queryFn: ({ signal }) => fetchRecentDonations(slug, signal),
  });
}

export function useCreateOrder(slug: string) {
  return useMutation({ mutationFn: (order: OrderRequest) => createOrder(slug, order) });
}
