import type { MetaFunction } from 'react-router';
import { useParams } from 'react-router';

import { DonationPage } from '../features/donation/donation-page';
import { pageMeta } from '../lib/meta';

// TODO(donation issue): title and description from the streamer's public profile.
export const meta: MetaFunction = ({ params }) =>
  pageMeta({
    title: `Tip ${params.slug ?? ''}`,
    description: 'Send a UPI tip with a message, a voice note or a hyperemote.',
  });

export default function DonationRoute() {
  const { slug = '' } = useParams();
  return <DonationPage slug={slug} />;
}
