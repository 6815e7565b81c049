import { DEFAULT_LANGUAGE } from '@shabaash/core';

import type { DonationStreamer } from '../features/donation/donation.api';
import { captureTypedFields } from '../features/donation/typed-before-hydration';
import { cookieLanguage, languageOr, loadLanguage } from '../i18n/i18n';
import { donationPageTree } from './donation-tree';
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

// `/:slug` opened directly: the donation page without the router (see page-shell.tsx). The
// server sent the page already rendered with this profile (donation-ssr.tsx): hydrating it
// with the same profile keeps every node where it is, so nothing shifts.
const slug = slugFromLocation();
// The server rendered the page in the language `<html lang>` names: its catalog comes first, so
// hydration renders the same words.
const pageLanguage = languageOr(document.documentElement.lang, DEFAULT_LANGUAGE);
void loadLanguage(pageLanguage, ['donation']).then(() => {
  // Words a fan typed into the server's form before this script ran are kept (issue 25).
  captureTypedFields(document);
  renderShell(donationPageTree(slug, readInlinedProfile(), cookieLanguage()));
});
