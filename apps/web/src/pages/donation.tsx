import type { MetaFunction } from 'react-router';
import { useParams } from 'react-router';

import { DonationPage } from '../features/donation/donation-page';
import { cookieLanguage } from '../i18n/i18n';
import { pageMeta } from '../lib/meta';

// The profile arrives after the route renders (SPA, no loaders): this is the first title, and
// the page sets "Tip <streamer name>" once the profile has loaded.
export const meta: MetaFunction = ({ params }) =>
  pageMeta({
    title: `Tip ${params.slug ?? ''}`,
    description: 'Send a UPI tip with a message, a voice note or a hyperemote.',
  });

export default function DonationRoute() {
  const { slug = '' } = useParams();
  // A new slug is a new page: remount so no form state leaks from one streamer to another.
  return <DonationPage key={slug} slug={slug} fanLanguage={cookieLanguage()} />;
}
