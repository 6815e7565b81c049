import { QueryClientProvider } from '@tanstack/react-query';

import type { DonationStreamer } from '../features/donation/donation.api';
import { donationQueryKeys } from '../features/donation/donation.queries';
import { DonationPage } from '../features/donation/donation-page';
import { LazyToaster } from '../lib/lazy-toast';
import { createQueryClient } from '../lib/query-client';
import { renderShell, slugFromLocation } from './page-shell';

/**
 * The id of the JSON block in which the server inlines the streamer's public profile (the same
 * answer as GET /api/streamers/:slug; apps/server/src/web/web.routes.ts writes it).
 */
const STREAMER_PROFILE_ELEMENT_ID = 'streamer-profile';

/**
 * The inlined profile, or null when the page came without one. It is read as JSON data (the
 * block is never executed), so nothing in a streamer's text can run.
 */
function readInlinedProfile(): DonationStreamer | null {
  const text = document.getElementById(STREAMER_PROFILE_ELEMENT_ID)?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as DonationStreamer;
  } catch {
    return null;
  }
}

// `/:slug` opened directly: the donation page without the router (see page-shell.tsx), with
// what root.tsx gives it in the app: a query client and the toasts (sonner loads with the first).
// With the profile already in the page, the first render shows the form: no second round trip.
const slug = slugFromLocation();
const queryClient = createQueryClient();
const profile = readInlinedProfile();
if (profile) queryClient.setQueryData(donationQueryKeys.streamer(slug), profile);
renderShell(
  <QueryClientProvider client={queryClient}>
    <DonationPage key={slug} slug={slug} />
    <LazyToaster richColors position="top-center" />
  </QueryClientProvider>,
);
