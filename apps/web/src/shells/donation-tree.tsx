import { QueryClientProvider } from '@tanstack/react-query';

import type { DonationStreamer } from '../features/donation/donation.api';
import { donationQueryKeys } from '../features/donation/donation.queries';
import { DonationPage } from '../features/donation/donation-page';
import { LazyToaster } from '../lib/lazy-toast';
import { createQueryClient } from '../lib/query-client';

/**
 * The donation page as both sides render it: the server into the shell's HTML
 * (donation-ssr.tsx) and the browser when it hydrates that HTML (donation-shell.tsx). One tree,
 * so the two always agree. With the profile known, the first render is the form itself.
 */
export function donationPageTree(slug: string, profile: DonationStreamer | null) {
  const queryClient = createQueryClient();
  if (profile) queryClient.setQueryData(donationQueryKeys.streamer(slug), profile);
  return (
    <QueryClientProvider client={queryClient}>
      <DonationPage key={slug} slug={slug} />
      <LazyToaster richColors position="top-center" />
    </QueryClientProvider>
  );
}
