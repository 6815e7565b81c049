import type { Language } from '@shabaash/core';

import type { DonationStreamer } from '../features/donation/donation.api';
import { donationReadKeys } from '../features/donation/donation.queries';
import { DonationPage } from '../features/donation/donation-page';
import { LazyToaster } from '../lib/lazy-toast';
import { PageReads, PageReadsProvider } from '../lib/page-reads';

/**
 * The donation page as both sides render it: the server into the shell's HTML
 * (donation-ssr.tsx) and the browser when it hydrates that HTML (donation-shell.tsx). One tree,
 * so the two always agree. With the profile known, the first render is the form itself, in the
 * fan's language (`fanLanguage`, their cookie) or else the streamer's.
 */
export function donationPageTree(
  slug: string,
  profile: DonationStreamer | null,
  fanLanguage: Language | null,
) {
  // Each render has its own reads: the server must not share one request's profile with another.
  const reads = new PageReads();
  if (profile) reads.set(donationReadKeys.streamer(slug), profile);
  return (
    <PageReadsProvider reads={reads}>
      <DonationPage key={slug} slug={slug} fanLanguage={fanLanguage} />
      <LazyToaster richColors position="top-center" />
    </PageReadsProvider>
  );
}
