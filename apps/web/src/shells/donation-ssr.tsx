import type { Language } from '@shabaash/core';
import { renderToString } from 'react-dom/server';

import type { DonationStreamer } from '../features/donation/donation.api';
import donationHindi from '../i18n/catalogs/donation/hi.json';
import voiceHindi from '../i18n/catalogs/voice/hi.json';
import { addCatalogs } from '../i18n/i18n';
import { donationPageTree } from './donation-tree';

// The server renders any page in any language: the catalogs are loaded once, at start (English
// needs none: its texts are the code's constants).
addCatalogs('hi', [
  { area: 'donation', messages: donationHindi },
  { area: 'voice', messages: voiceHindi },
]);

/**
 * The server's half of the donation page (issue 25): the streamer's header and the form as
 * HTML, so a fan's phone paints the page before any script has run; the browser then hydrates
 * it (donation-shell.tsx). Built by `vite build --ssr` into build/server/ and called by the
 * API server for every `/:slug` (apps/server/src/web/web.routes.ts), with the fan's language
 * cookie (null when they never chose): the page is rendered in it, else in the streamer's.
 */
export function renderDonationPage(
  slug: string,
  profile: DonationStreamer,
  fanLanguage: Language | null = null,
): string {
  return renderToString(donationPageTree(slug, profile, fanLanguage));
}
