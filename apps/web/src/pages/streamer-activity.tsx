import type { MetaFunction } from 'react-router';
import { useParams } from 'react-router';

import { StreamerDashboardPage } from '../features/dashboard/streamer-dashboard-page';
import { pageMeta } from '../lib/meta';

export const meta: MetaFunction = ({ params }) =>
  pageMeta({ title: `Activity · ${params.slug ?? ''}`, noIndex: true });

/** `/dashboard/:slug/activity`: the activity feed and stream controls, sized for a phone. */
export default function StreamerActivityRoute() {
  const { slug = '' } = useParams();
  return <StreamerDashboardPage slug={slug} view="activity" />;
}
