import { renderToString } from 'react-dom/server';

import type { DonationStreamer } from '../features/donation/donation.api';
import { donationPageTree } from './donation-tree';

/**
 * The server's half of the donation page (issue 25): the streamer's header and the form as
 * HTML, so a fan's phone paints the page before any script has run; the browser then hydrates
 * it (donation-shell.tsx). Built by `vite build --ssr` into build/server/ and called by the
 * API server for every `/:slug` (apps/server/src/web/web.routes.ts).
 */
export function renderDonationPage(slug: string, profile: DonationStreamer): string {
  return renderToString(donationPageTree(slug, profile));
}
